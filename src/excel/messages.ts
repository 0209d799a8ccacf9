import { defineCatalogue } from '../core/text/i18n';

const en = {
  'excel.error.payloadTooLarge':
    'Excel refused a write because it was too large. Try again; if it keeps failing, screen fewer rows at a time.',
  'excel.error.responseTooLarge': 'The range is too large for Excel to send at once: select fewer rows.',
  'excel.error.itemNotFound': 'The sheet or table was not found: it may have been renamed or deleted.',
  'excel.error.itemExists': 'A sheet or table with that name already exists.',
  'excel.error.invalidArgument': 'Excel rejected the data written to the sheet.',
  'excel.error.cellEdit': 'Finish editing the cell in Excel, then try again.',
  'excel.error.other': 'Excel reported an error ({code}): {message}',
  'excel.selection.tooLarge': 'The selection holds {cells} cells; at most {max} can be read at once.',
  'excel.selection.severalAreas':
    'Several areas are selected. Select one block of cells (the list with its header row) and try again; to screen some clients only, filter the list to them (or hide the other rows), select it, and keep Screen only the rows shown ticked.',
  'excel.selection.noRegion':
    'This version of Excel cannot find the list around one cell (that needs ExcelApi 1.7). Select the whole list, header row included, and try again.',
  'excel.error.apiNotFound':
    'This version of Excel does not have a feature the add-in needs here. Update Excel, or select the data yourself.',
  'excel.run.tableDisturbed':
    'Rows of the results table moved or were changed while the run was writing it (a sort, or an edit of the Row column), and writing them again did not help. Excel writes rows by their place in the table: sort, filter or edit the table only once the run has ended, then resume the run.',
  'excel.run.tableRewritten':
    'Rows of the results table moved while the run was writing it (a sort?); every row has been written again from the run’s answers, in the list’s order, and nothing was asked again.',
  'excel.run.tableDisturbedRescreen':
    'Rows of the results table moved or were changed while the run was writing it (a sort?), so some rows may be in the wrong places. Screen again, and leave the table unsorted until the run ends.',
  'excel.run.paused':
    'Excel could not reach the result sheets (this happens when another workbook is brought to the front during a run). The run is paused and what was screened is saved: come back to this workbook and resume it from the list.',
  'excel.run.notStarted':
    'Excel could not add the result sheets (this happens when another workbook is brought to the front). Nothing was screened yet: come back to this workbook and start again.',
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
  'excel.selection.severalAreas':
    'Виділено кілька областей. Виділіть один блок клітинок (список разом із рядком заголовків) і спробуйте ще раз; щоб перевірити лише деяких клієнтів, відфільтруйте список до них (або приховайте інші рядки), виділіть його й залиште позначеним «Перевіряти лише показані рядки».',
  'excel.selection.noRegion':
    'Ця версія Excel не вміє знайти список навколо однієї клітинки (потрібен ExcelApi 1.7). Виділіть увесь список разом із рядком заголовків і спробуйте ще раз.',
  'excel.error.apiNotFound':
    'У цій версії Excel немає функції, потрібної тут надбудові. Оновіть Excel або виділіть дані самостійно.',
  'excel.run.tableDisturbed':
    'Рядки таблиці результатів зсунулися чи змінилися, поки перевірка записувала її (сортування або правка стовпця «Рядок»), і повторний запис не допоміг. Excel записує рядки за їхнім місцем у таблиці: сортуйте, фільтруйте чи правте таблицю лише після завершення перевірки, а тоді продовжте її.',
  'excel.run.tableRewritten':
    'Рядки таблиці результатів зсунулися, поки перевірка записувала її (сортування?); кожен рядок записано знову з уже отриманих відповідей, у порядку списку, і нічого не запитано повторно.',
  'excel.run.tableDisturbedRescreen':
    'Рядки таблиці результатів зсунулися чи змінилися, поки перевірка записувала її (сортування?), тож деякі рядки можуть стояти не на своїх місцях. Перевірте знову й не сортуйте таблицю до завершення перевірки.',
  'excel.run.paused':
    'Excel не зміг дістатися аркушів із результатами (так буває, коли під час перевірки на передній план виведено іншу книгу). Перевірку призупинено, перевірене збережено: поверніться до цієї книги й продовжте її зі списку.',
  'excel.run.notStarted':
    'Excel не зміг додати аркуші з результатами (так буває, коли на передній план виведено іншу книгу). Ще нічого не перевірено: поверніться до цієї книги й почніть знову.',
};

export const excelMessages = defineCatalogue<Key>(en, uk);
