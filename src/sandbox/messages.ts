import { defineCatalogue } from '../core/i18n';

/**
 * Texts of the sandbox. The service answers in Ukrainian, so error bodies on the wire use the
 * `uk` side; the command line prints in the user's language.
 */
const en = {
  'service.1': 'User not found: check tokken and IDsubjectFM',
  'service.2': 'The IP address is not on the allow-list',
  'service.3': 'Trial access is used up or has expired',
  'service.6': 'This user may use the web site only',
  'service.7': 'The access period has not started yet',
  'service.8': 'The access period has ended',
  'service.9': 'The user is blocked',
  'service.10': 'Registration is not confirmed',
  'service.11': 'The request quota is used up',
  'service.100': 'Malformed request: {detail}',
  'service.103': 'Bad start date of the company-register changes period (edrchangesfrom)',
  'service.104': 'Bad end date of the company-register changes period (edrchangesto)',
  'service.105': 'Bad lowranklimit: a whole number from 0 to 100 is expected',
  'service.404': 'Not found',
  'service.405': 'Method not allowed',
  'service.413': 'The request body is too large',
  'service.500': 'Internal sandbox error',
  'registry.9000': 'No connection to the registry',
  'registry.9001': 'The registry is not in the paid package',
  'registry.9003': 'The registry timed out. Refine the request',
  'registry.9004': "The registry's database is unreachable",
  'registry.other': 'Registry error',
  'html.maintenance.title': 'Maintenance',
  'html.maintenance.body': 'The service is under maintenance. Please try again later.',
  'cli.listening': 'CheckLists sandbox ({role}) listening on {url}',
  'cli.primary': 'primary',
  'cli.reserve': 'reserve {n}',
  'cli.credentials': 'Demo credentials (fictional): tokken={tokken} IDsubjectFM={subject}',
  'cli.faults': 'Faults: {faults}',
  'cli.noFaults': 'Faults: none',
  'cli.data': 'Fictional data: {count} records (seed {seed}); known subjects: docs/sandbox.md',
  'cli.stop': 'Press Ctrl+C to stop.',
  'cli.badOption': 'Bad option {option}: {reason}',
  'cli.reason.missing': 'the value is missing',
  'cli.reason.integer': 'expected a whole number from {min} to {max}',
  'cli.reason.number': 'expected a number from {min} to {max}',
  'cli.reason.registryError': 'expected KEY=NNNN, KEY one of {keys}',
  'cli.reason.lang': 'expected uk or en',
  'cli.reason.unknown': 'unknown option',
  'cli.usage':
    'Usage: npm run sandbox -- [--port 8080] [--host 127.0.0.1] [--reserves N] [--reserve-faults] [--seed N] [--data-revision N] [--quota N]\n' +
    '       [--latency MS] [--jitter MS] [--fail-rate 0..1] [--drop-rate 0..1] [--html-rate 0..1] [--fault-seed N]\n' +
    '       [--registry-error peps=9001 ...] [--lang uk|en] [--quiet]',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'service.1': 'Користувача не знайдено: перевірте tokken та IDsubjectFM',
  'service.2': 'IP-адреси немає в дозволеному списку',
  'service.3': 'Пробний доступ вичерпано або він закінчився',
  'service.6': 'Користувачу дозволено лише вебсайт',
  'service.7': 'Період доступу ще не розпочався',
  'service.8': 'Період доступу закінчився',
  'service.9': 'Користувача заблоковано',
  'service.10': 'Реєстрацію не підтверджено',
  'service.11': 'Ліміт запитів вичерпано',
  'service.100': 'Некоректний запит: {detail}',
  'service.103': 'Хибна початкова дата періоду змін в ЄДР (edrchangesfrom)',
  'service.104': 'Хибна кінцева дата періоду змін в ЄДР (edrchangesto)',
  'service.105': 'Хибне значення lowranklimit: очікується ціле число від 0 до 100',
  'service.404': 'Не знайдено',
  'service.405': 'Метод не дозволено',
  'service.413': 'Тіло запиту завелике',
  'service.500': 'Внутрішня помилка пісочниці',
  'registry.9000': "Немає з'єднання з реєстром",
  'registry.9001': 'Реєстр не входить до оплаченого пакету',
  'registry.9003': 'Перевищено час очікування відповіді реєстру. Уточніть запит',
  'registry.9004': 'База даних реєстру недоступна',
  'registry.other': 'Помилка реєстру',
  'html.maintenance.title': 'Технічні роботи',
  'html.maintenance.body': 'Сервіс тимчасово недоступний через технічні роботи. Спробуйте пізніше.',
  'cli.listening': 'Пісочниця CheckLists ({role}) слухає на {url}',
  'cli.primary': 'основна',
  'cli.reserve': 'резервна {n}',
  'cli.credentials': 'Демонстраційні облікові дані (вигадані): tokken={tokken} IDsubjectFM={subject}',
  'cli.faults': 'Збої: {faults}',
  'cli.noFaults': 'Збої: немає',
  'cli.data': 'Вигадані дані: {count} записів (seed {seed}); відомі суб\'єкти: docs/sandbox.md',
  'cli.stop': 'Натисніть Ctrl+C, щоб зупинити.',
  'cli.badOption': 'Хибний параметр {option}: {reason}',
  'cli.reason.missing': 'не вказано значення',
  'cli.reason.integer': 'очікується ціле число від {min} до {max}',
  'cli.reason.number': 'очікується число від {min} до {max}',
  'cli.reason.registryError': 'очікується КЛЮЧ=NNNN, де КЛЮЧ — один із {keys}',
  'cli.reason.lang': 'очікується uk або en',
  'cli.reason.unknown': 'невідомий параметр',
  'cli.usage':
    'Використання: npm run sandbox -- [--port 8080] [--host 127.0.0.1] [--reserves N] [--reserve-faults] [--seed N] [--data-revision N] [--quota N]\n' +
    '       [--latency МС] [--jitter МС] [--fail-rate 0..1] [--drop-rate 0..1] [--html-rate 0..1] [--fault-seed N]\n' +
    '       [--registry-error peps=9001 ...] [--lang uk|en] [--quiet]',
};

export const sandboxMessages = defineCatalogue<Key>(en, uk);
export type SandboxMessageKey = Key;
