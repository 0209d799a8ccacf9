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

  'why.label': 'Why this is a hit',
  'why.suggested': 'Suggested: {suggestion}',
  'decide.decision': 'Decision',
  'decide.reason': 'Reason',
  'decide.comment': 'Comment',
  'decide.record': 'Record decision',
  'decide.recorded': 'Recorded on the relay (no. {id}) under your name.',
  'decide.pending': 'Recorded (no. {id}); waits for a second person to approve it (four-eyes).',
  'decide.refused': 'The relay refused this decision: {reason}',
  'decide.failed': 'Not recorded: {detail}',
  'decide.directOnly':
    'Directly connected: decisions live only in this workbook. Through the organisation’s relay they are recorded under your name and follow the client everywhere.',
  'muted.title': 'Muted by the relay’s accept list: {count}',
  'muted.body': 'Cleared earlier and unchanged since, so they are not counted above:',
  'changed.title': 'Decided earlier, but the record changed: {count}',
  'changed.body': 'These hits need a new decision:',
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

  'why.label': 'Чому це збіг',
  'why.suggested': 'Пропозиція: {suggestion}',
  'decide.decision': 'Рішення',
  'decide.reason': 'Причина',
  'decide.comment': 'Коментар',
  'decide.record': 'Записати рішення',
  'decide.recorded': 'Записано на релеї (№ {id}) від вашого імені.',
  'decide.pending': 'Записано (№ {id}); чекає на погодження другою особою (чотири ока).',
  'decide.refused': 'Релей відхилив це рішення: {reason}',
  'decide.failed': 'Не записано: {detail}',
  'decide.directOnly':
    'Пряме підключення: рішення зберігаються лише в цій книзі. Через релей організації їх записують від вашого імені, і вони супроводжують клієнта всюди.',
  'muted.title': 'Приглушено списком дозволених релея: {count}',
  'muted.body': 'Зняті раніше й відтоді не змінені, тож вище їх не враховано:',
  'changed.title': 'Рішення було, але запис змінився: {count}',
  'changed.body': 'Ці збіги потребують нового рішення:',
};

export const resultsMessages = defineCatalogue<Key>(en, uk);
