import { defineCatalogue } from '../../text/i18n';

const en = {
  'answer.shape': 'The service sent an answer of an unexpected shape ({detail}).',
} as const;

const uk: Record<keyof typeof en, string> = {
  'answer.shape': 'Сервіс надіслав відповідь неочікуваної форми ({detail}).',
};

export const schemaMessages = defineCatalogue<keyof typeof en>(en, uk);
