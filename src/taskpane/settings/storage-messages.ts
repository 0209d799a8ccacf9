import { defineCatalogue } from '../../core/text/i18n';

/** The settings pane's storage section: what is kept where, said plainly, and how to clear it. */
const en = {
  'storage.title': 'Stored on this computer',
  'storage.note':
    'Settings, the token and cached answers are kept in the add-in’s storage on this computer. In Excel that is the browser storage (localStorage) of the add-in’s web address: it is not encrypted, and any page served from that address can read it. Cached answers hold client names and tax numbers for {hours} h; the cache stays under 8 MB of the 10 MB Office allows.',
  'storage.clear': 'Clear cached answers',
  'storage.clearing': 'Clearing…',
  'storage.cleared': 'Cached answers cleared ({count}). The next checks ask the service again.',
  'storage.clearFailed': 'Could not clear the cached answers: {message}',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'storage.title': 'Зберігається на цьому комп’ютері',
  'storage.note':
    'Налаштування, токен і збережені відповіді зберігаються в сховищі надбудови на цьому комп’ютері. В Excel це сховище браузера (localStorage) для вебадреси надбудови: воно не шифрується, і будь-яка сторінка з цієї адреси може його прочитати. Збережені відповіді містять імена клієнтів і податкові номери протягом {hours} год; кеш займає не більше 8 МБ із 10 МБ, які дозволяє Office.',
  'storage.clear': 'Очистити збережені відповіді',
  'storage.clearing': 'Очищення…',
  'storage.cleared': 'Збережені відповіді очищено ({count}). Наступні перевірки знову звернуться до сервісу.',
  'storage.clearFailed': 'Не вдалося очистити збережені відповіді: {message}',
};

export const storageMessages = defineCatalogue<Key>(en, uk);
