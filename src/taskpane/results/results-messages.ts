import { defineCatalogue } from '../../core/text/i18n';

// The results view's texts (hit cards, field values, the summary rows it writes to a sheet): they
// load with the results part, not with the pane's first render.
const en = {
  'results.bestPercent': 'Best match: {percent}%',
  'results.hits': 'Hits: {count}',
  'results.noHits': 'No hits in this registry.',
  'results.absent': 'Not in the answer (the registry was not searched for this account).',
  'results.registryFailed': 'Registry error',
  'results.malformed': 'Part of this registry’s answer could not be read: {details}',
  'results.problems': 'The answer had irregularities',
  'results.unknownBlocks': 'Other blocks in the answer',
  'results.hitUntitled': 'Hit {n}',
  'results.moreFields': 'All fields ({count} more)',
  'results.fewerFields': 'Fewer fields',
  'results.insert': 'Insert into sheet',
  'audit.title': 'Audit details',
  'audit.idrequest': 'Request id',
  'audit.dateResponse': 'Answered at',
  'audit.servedBy': 'Served by',
  'audit.duration': 'Response time',
  'audit.ms': '{ms} ms',
  'audit.mode': 'Mode',
  'audit.source': 'Answer',
  'audit.fromCache': 'From cache, received at {time}',

  'sheet.subject': 'Subject',
  'sheet.verdict': 'CheckLists verdict',
  'sheet.bestPercent': 'Best match, %',
  'sheet.totalHits': 'Hits',
  'sheet.hitsMalformed': '{count} (partly unreadable)',

  'value.yes': 'yes',
  'value.no': 'no',
  'value.source': 'Source',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'results.bestPercent': 'Найкращий збіг: {percent}%',
  'results.hits': 'Збігів: {count}',
  'results.noHits': 'У цьому реєстрі збігів немає.',
  'results.absent': 'Відсутній у відповіді (реєстр не шукався для цього облікового запису).',
  'results.registryFailed': 'Помилка реєстру',
  'results.malformed': 'Частину відповіді цього реєстру не вдалося прочитати: {details}',
  'results.problems': 'Відповідь містила відхилення',
  'results.unknownBlocks': 'Інші блоки відповіді',
  'results.hitUntitled': 'Збіг {n}',
  'results.moreFields': 'Усі поля (ще {count})',
  'results.fewerFields': 'Менше полів',
  'results.insert': 'Вставити в аркуш',
  'audit.title': 'Дані для аудиту',
  'audit.idrequest': 'Ідентифікатор запиту',
  'audit.dateResponse': 'Час відповіді',
  'audit.servedBy': 'Відповіла адреса',
  'audit.duration': 'Тривалість',
  'audit.ms': '{ms} мс',
  'audit.mode': 'Режим',
  'audit.source': 'Відповідь',
  'audit.fromCache': 'З кешу, отримано {time}',

  'sheet.subject': 'Суб’єкт',
  'sheet.verdict': 'Висновок CheckLists',
  'sheet.bestPercent': 'Найкращий збіг, %',
  'sheet.totalHits': 'Збігів',
  'sheet.hitsMalformed': '{count} (частково не прочитано)',

  'value.yes': 'так',
  'value.no': 'ні',
  'value.source': 'Джерело',
};

export const resultsMessages = defineCatalogue<Key>(en, uk);
