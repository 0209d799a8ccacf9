import { defineCatalogue } from '../core/text/i18n';

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
};

export const sandboxMessages = defineCatalogue<Key>(en, uk);
export type SandboxMessageKey = Key;
