import { defineCatalogue } from '../core/text/i18n';

/** The settings storage's own words: the functions' runtime loads them, not the Excel layer's catalogue. */
const en = {
  'excel.storage.unavailable': 'Settings storage is not available here.',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'excel.storage.unavailable': 'Сховище налаштувань тут недоступне.',
};

export const storageMessages = defineCatalogue<Key>(en, uk);
