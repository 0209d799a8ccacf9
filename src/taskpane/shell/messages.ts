import { defineCatalogue } from '../../core/text/i18n';

// The texts of the pane's first render (header, tabs, search form, registry picker). The settings
// panel and the results view carry their own catalogues (settings-messages.ts, results-messages.ts),
// which load with those parts.

const en = {
  'app.language': 'Language',
  'app.language.auto': 'As Office',
  'app.loading': 'Loading settings…',
  'app.startFailed': 'The task pane could not start: {message}',
  'app.partLoading': 'Loading…',
  'app.partFailed': 'This part of the pane could not load ({message}). Close the pane and open it again.',
  'mode.sandbox': 'SANDBOX',
  'mode.live': 'Live',
  'tab.search': 'Search',
  'tab.settings': 'Settings',
  'tab.bulk': 'Bulk screening',
  'sandbox.body':
    'These results are fictional, produced by the built-in sandbox. Save the service address, token and IDsubjectFM in Settings to search the real registries.',

  'registries.all': 'Every list the account allows',
  'registries.expand': 'Show the lists of {group}',
  'registries.collapse': 'Hide the lists of {group}',

  'search.name': 'Name (surname first name patronymic) or organisation',
  'search.nameHint': 'As in the documents, Ukrainian script.',
  'search.namelat': 'Name in Latin script',
  'search.namelatHint': 'Leave empty to have it transliterated from the name.',
  'search.ipn': 'Tax number (RNOKPP) or company code (EDRPOU)',
  'search.date': 'Date of birth',
  'search.datePlaceholder': 'YYYY-MM-DD or DD.MM.YYYY',
  'search.doc': 'Passport or ID card',
  'search.doctype': 'Document type',
  'search.doctype.default': 'Not specified (service default)',
  'search.doctype.0': 'Both kinds',
  'search.doctype.1': 'National passport or ID card',
  'search.doctype.2': 'Foreign-travel passport',
  'search.method': 'Search method',
  'search.method.1': 'Full-text (1)',
  'search.method.2': 'Tolerant of spelling errors (2)',
  'search.lowranklimit': 'Lowest name match, %',
  'search.advanced': 'Search method and lowest match',
  'search.registries': 'Registries',
  'search.submit': 'Search',
  'search.unfold': 'Change the search',
  'search.running': 'Searching…',
  'search.cancel': 'Cancel',
  'search.cancelled': 'The search was cancelled.',
  'search.failed': 'The search failed',

  'functions.title': 'Worksheet functions and their headings',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'app.language': 'Мова',
  'app.language.auto': 'Як в Office',
  'app.loading': 'Завантаження налаштувань…',
  'app.startFailed': 'Панель не змогла запуститися: {message}',
  'app.partLoading': 'Завантаження…',
  'app.partFailed': 'Ця частина панелі не завантажилася ({message}). Закрийте панель і відкрийте її знову.',
  'mode.sandbox': 'ПІСОЧНИЦЯ',
  'mode.live': 'Робочий',
  'tab.search': 'Пошук',
  'tab.settings': 'Налаштування',
  'tab.bulk': 'Масова перевірка',
  'sandbox.body':
    'Ці результати вигадані — їх створила вбудована пісочниця. Збережіть адресу сервісу, токен та IDsubjectFM у налаштуваннях, щоб шукати в справжніх реєстрах.',

  'registries.all': 'Усі списки, дозволені обліковому запису',
  'registries.expand': 'Показати списки групи «{group}»',
  'registries.collapse': 'Сховати списки групи «{group}»',

  'search.name': 'ПІБ або назва організації',
  'search.nameHint': 'Як у документах, українською.',
  'search.namelat': 'ПІБ латиницею',
  'search.namelatHint': 'Залиште порожнім — транслітерується з ПІБ.',
  'search.ipn': 'РНОКПП або код ЄДРПОУ',
  'search.date': 'Дата народження',
  'search.datePlaceholder': 'РРРР-ММ-ДД або ДД.ММ.РРРР',
  'search.doc': 'Паспорт або ID-картка',
  'search.doctype': 'Тип документа',
  'search.doctype.default': 'Не вказано (як у сервісі)',
  'search.doctype.0': 'Обидва види',
  'search.doctype.1': 'Паспорт громадянина або ID-картка',
  'search.doctype.2': 'Закордонний паспорт',
  'search.method': 'Метод пошуку',
  'search.method.1': 'Повнотекстовий (1)',
  'search.method.2': 'З виправленням помилок (2)',
  'search.lowranklimit': 'Найменший збіг імені, %',
  'search.advanced': 'Метод пошуку й найменший збіг',
  'search.registries': 'Реєстри',
  'search.submit': 'Шукати',
  'search.unfold': 'Змінити пошук',
  'search.running': 'Пошук…',
  'search.cancel': 'Скасувати',
  'search.cancelled': 'Пошук скасовано.',
  'search.failed': 'Пошук не вдався',

  'functions.title': 'Функції аркуша та їхні заголовки',
};

export const taskpaneMessages = defineCatalogue<Key>(en, uk);
