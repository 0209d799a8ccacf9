import { LANGS, defineCatalogue } from '../core/text/i18n';

/** Texts of the service layer: which service answers, said on every surface the same way. */
const en = {
  'mode.sandbox.label': 'SANDBOX — fictional data',
  'mode.live.label': 'Live CheckLists service',
  'mode.sandboxServer.label': 'SANDBOX SERVER — fictional data',
  'mode.sandbox.notice':
    'CheckLists runs in sandbox mode: fictional data, nothing is sent to the service. Save the service address and credentials in the CheckLists pane to screen for real.',
  'mode.live.notice': 'CheckLists uses the live service.',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'mode.sandbox.label': 'ПІСОЧНИЦЯ — вигадані дані',
  'mode.live.label': 'Робочий сервіс CheckLists',
  'mode.sandboxServer.label': 'СЕРВЕР-ПІСОЧНИЦЯ — вигадані дані',
  'mode.sandbox.notice':
    'CheckLists працює в режимі пісочниці: вигадані дані, до сервісу нічого не надсилається. Збережіть адресу сервісу та облікові дані в панелі CheckLists, щоб перевіряти насправді.',
  'mode.live.notice': 'CheckLists використовує робочий сервіс.',
};

export const serviceMessages = defineCatalogue<Key>(en, uk);

/** A sandbox server asked as the live service is (directly, or behind a relay): never to be called "live". */
export const SANDBOX_SERVER_LABEL = serviceMessages.text('mode.sandboxServer.label');

/**
 * What a results header's "Service" line names, in either language: a sandbox (built in or a
 * server), the live service, or null for a line this add-in did not write.
 */
export function serviceKindOfLabel(text: string): 'fictional' | 'live' | null {
  const shown = text.trim();
  const says = (key: Key) => LANGS.some((lang) => shown === serviceMessages.t(lang, key));
  if (says('mode.sandbox.label') || says('mode.sandboxServer.label')) return 'fictional';
  return says('mode.live.label') ? 'live' : null;
}
