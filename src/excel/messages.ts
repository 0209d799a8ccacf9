import { defineCatalogue } from '../core/i18n';

const en = {
  'excel.error.payloadTooLarge': 'Excel refused a write because it was too large. Try again; if it keeps failing, screen fewer rows at a time.',
  'excel.error.responseTooLarge': 'The range is too large for Excel to send at once: select fewer rows.',
  'excel.error.itemNotFound': 'The sheet or table was not found: it may have been renamed or deleted.',
  'excel.error.itemExists': 'A sheet or table with that name already exists.',
  'excel.error.invalidArgument': 'Excel rejected the data written to the sheet.',
  'excel.error.cellEdit': 'Finish editing the cell in Excel, then try again.',
  'excel.error.other': 'Excel reported an error ({code}): {message}',
  'excel.selection.tooLarge': 'The selection holds {cells} cells; at most {max} can be read at once.',
  'excel.storage.unavailable': 'Settings storage is not available here.',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'excel.error.payloadTooLarge':
    'Excel відхилив запис, бо він завеликий. Спробуйте ще раз; якщо помилка повторюється, перевіряйте менше рядків за раз.',
  'excel.error.responseTooLarge': 'Діапазон завеликий, щоб Excel передав його за один раз: виділіть менше рядків.',
  'excel.error.itemNotFound': 'Аркуш або таблицю не знайдено: можливо, їх перейменовано чи видалено.',
  'excel.error.itemExists': 'Аркуш або таблиця з такою назвою вже існує.',
  'excel.error.invalidArgument': 'Excel не прийняв дані, записані на аркуш.',
  'excel.error.cellEdit': 'Завершіть редагування клітинки в Excel і спробуйте ще раз.',
  'excel.error.other': 'Excel повідомив про помилку ({code}): {message}',
  'excel.selection.tooLarge': 'Виділення містить {cells} клітинок; за раз можна прочитати щонайбільше {max}.',
  'excel.storage.unavailable': 'Сховище налаштувань тут недоступне.',
};

export const excelMessages = defineCatalogue<Key>(en, uk);
export type ExcelMessageKey = Key;
