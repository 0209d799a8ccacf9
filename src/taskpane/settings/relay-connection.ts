import { defineCatalogue, type Lang } from '../../core/text/i18n';
import { parseJson } from '../../core/text/json';
import type { ConnectionTestOutcome } from './connection-test';

/**
 * The pane's side of the organisation's relay: finding out that the pane itself was served by
 * one, and a connection test that names each relay failure. The relay's /relay/check checks the
 * analyst key, its own database, the rate limit, the daily budget and the service's reachability
 * without spending a request.
 */

export const relayPaneMessages = defineCatalogue(
  {
    'connection.label': 'Connection',
    'connection.direct': 'Directly to the CheckLists service',
    'connection.relay': "Through the organisation's relay",
    'relay.address': 'Relay address',
    'relay.key': 'Analyst key',
    'relay.keyHint':
      'Your own key from your administrator. The organisation’s token stays on the relay, never on this PC.',
    'relay.proposed':
      'This pane was loaded from the relay {origin}; it is proposed as the address. Enter your analyst key and save.',
    'test.cost': 'The test asks the relay whether your key may search now; it spends no request of the quota.',
    'test.ok': 'The relay accepts your key and reaches the CheckLists service.',
    'test.ok.analyst': 'Signed in as {analyst} at {origin}.',
    'test.ok.roles': 'Your role: {roles}.',
    'test.ok.waiting':
      '{count} {count|decision|decisions} by colleagues {count|waits|wait} for your approval: Bulk screening → Waiting for approval.',
    'test.ok.returned':
      '{count} of your decisions {count|was|were} returned for review: Bulk screening → Waiting for approval.',
    'test.ok.sandbox': 'The relay asks a CheckLists sandbox, not the live service: its answers are fictional.',
    'test.badKey': 'The relay does not know this analyst key.',
    'test.badKey.hint': 'Check the key your administrator gave you (it starts with ckr_).',
    'test.revokedKey': 'This analyst key was revoked on the relay.',
    'test.revokedKey.hint': 'Ask your administrator for a new key.',
    'test.rateLimited': 'The relay is limiting your requests right now.',
    'test.rateLimited.hint': 'Try again in {seconds} s.',
    'test.budget': "The organisation's daily request budget on the relay is spent.",
    'test.budget.hint':
      'Answers the relay already holds are still given; new searches resume tomorrow, or once your administrator raises the budget.',
    'test.storeDown': 'The relay cannot keep its audit trail right now, so it answers no searches.',
    'test.storeDown.hint': 'Its database is unavailable: tell your administrator. Searches work again once it is back.',
    'test.upstreamDown': 'The relay cannot reach the CheckLists service.',
    'test.upstreamDown.hint': 'The relay itself answers; tell your administrator the service is unreachable from it.',
    'test.unreachable': 'The relay at {origin} does not answer.',
    'test.account': 'The service refused the organisation account; the relay pauses requests.',
    'test.other': 'The relay answered {status}.',
  },
  {
    'connection.label': 'Підключення',
    'connection.direct': 'Напряму до сервісу CheckLists',
    'connection.relay': 'Через релей організації',
    'relay.address': 'Адреса релея',
    'relay.key': 'Ключ аналітика',
    'relay.keyHint':
      'Ваш власний ключ від адміністратора. Токен організації лишається на релеї, ніколи не на цьому ПК.',
    'relay.proposed':
      'Цю панель завантажено з релея {origin}; його запропоновано як адресу. Введіть ключ аналітика й збережіть.',
    'test.cost': 'Перевірка питає релей, чи може ваш ключ шукати зараз; запит ліміту вона не витрачає.',
    'test.ok': 'Релей приймає ваш ключ і має зв’язок із сервісом CheckLists.',
    'test.ok.analyst': 'Ви — {analyst} на {origin}.',
    'test.ok.roles': 'Ваша роль: {roles}.',
    'test.ok.waiting':
      '{count} {count|рішення|рішення|рішень} колег {count|чекає|чекають|чекають} вашого погодження: Масова перевірка → Очікують погодження.',
    'test.ok.returned':
      '{count} {count|ваше рішення повернуто|ваші рішення повернуто|ваших рішень повернуто} на перевірку: Масова перевірка → Очікують погодження.',
    'test.ok.sandbox': 'Релей запитує пісочницю CheckLists, а не робочий сервіс: його відповіді вигадані.',
    'test.badKey': 'Релей не знає цього ключа аналітика.',
    'test.badKey.hint': 'Перевірте ключ, який видав адміністратор (він починається з ckr_).',
    'test.revokedKey': 'Цей ключ аналітика відкликано на релеї.',
    'test.revokedKey.hint': 'Попросіть адміністратора про новий ключ.',
    'test.rateLimited': 'Релей зараз обмежує ваші запити.',
    'test.rateLimited.hint': 'Спробуйте знову через {seconds} с.',
    'test.budget': 'Денний ліміт запитів організації на релеї вичерпано.',
    'test.budget.hint':
      'Відповіді, які релей уже має, видаються й далі; нові пошуки відновляться завтра або коли адміністратор збільшить ліміт.',
    'test.storeDown': 'Релей зараз не може вести журнал аудиту, тож не відповідає на пошуки.',
    'test.storeDown.hint': 'Його база даних недоступна: повідомте адміністратора. Пошук запрацює, щойно її відновлять.',
    'test.upstreamDown': 'Релей не може зв’язатися із сервісом CheckLists.',
    'test.upstreamDown.hint': 'Сам релей відповідає; повідомте адміністратора, що сервіс із нього недоступний.',
    'test.unreachable': 'Релей за адресою {origin} не відповідає.',
    'test.account': 'Сервіс відмовив обліковому запису організації; релей призупиняє запити.',
    'test.other': 'Релей відповів {status}.',
  },
);

type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return address;
  }
}

/**
 * The origin that served this pane when that origin is a CheckLists relay, else null. The relay
 * marks the pages it serves (a meta tag), so nothing is fetched to find out. Never throws.
 */
export async function detectRelayOrigin(
  doc: Document | null = typeof document !== 'undefined' ? document : null,
): Promise<string | null> {
  try {
    if (!doc?.querySelector('meta[name="checklists-relay"]')) return null;
    const origin = doc.location?.origin ?? null;
    return origin && /^https?:/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

/** Asks the relay whether this key may search now; names each failure. Never throws. */
export async function runRelayConnectionTest(
  address: string,
  key: string | null,
  lang: Lang,
  signal?: AbortSignal,
  fetchFn: Fetch = fetch as unknown as Fetch,
): Promise<ConnectionTestOutcome> {
  const t = relayPaneMessages.t;
  const origin = originOf(address);
  let status: number;
  let body: {
    error?: number;
    message?: string;
    analyst?: string;
    roles?: unknown;
    reason?: string;
    sandbox?: boolean;
    waiting?: number;
    returned?: number;
  } = {};
  let retryAfter: string | null;
  try {
    const res = await fetchFn(`${origin}/relay/check`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ tokken: key ?? '' }),
      ...(signal ? { signal } : {}),
    });
    status = res.status;
    retryAfter = res.headers.get('retry-after');
    body = (parseJson(await res.text()) ?? {}) as typeof body;
  } catch {
    return { kind: 'unreachable', title: t(lang, 'test.unreachable', { origin }), details: [] };
  }
  const said = typeof body.message === 'string' ? [body.message] : [];
  if (status === 200) {
    return {
      kind: 'ok',
      title: t(lang, 'test.ok'),
      details: [
        t(lang, 'test.ok.analyst', { analyst: body.analyst ?? '?', origin }),
        // What the key may do (an approver approves in the Bulk tab's Waiting for approval).
        ...(Array.isArray(body.roles) && body.roles.length > 0
          ? [t(lang, 'test.ok.roles', { roles: body.roles.map(String).join(', ') })]
          : []),
        ...(body.sandbox === true ? [t(lang, 'test.ok.sandbox')] : []),
        ...(typeof body.waiting === 'number' && body.waiting > 0
          ? [t(lang, 'test.ok.waiting', { count: body.waiting })]
          : []),
        ...(typeof body.returned === 'number' && body.returned > 0
          ? [t(lang, 'test.ok.returned', { count: body.returned })]
          : []),
      ],
    };
  }
  if (status === 401 || body.reason === 'bad-key') {
    return { kind: 'bad-key', title: t(lang, 'test.badKey'), details: [t(lang, 'test.badKey.hint')] };
  }
  if (body.reason === 'revoked-key') {
    return { kind: 'revoked-key', title: t(lang, 'test.revokedKey'), details: [t(lang, 'test.revokedKey.hint')] };
  }
  if (status === 429) {
    return {
      kind: 'rate-limited',
      title: t(lang, 'test.rateLimited'),
      details: [t(lang, 'test.rateLimited.hint', { seconds: retryAfter ?? '60' })],
    };
  }
  if (body.reason === 'store-down') {
    return { kind: 'store-down', title: t(lang, 'test.storeDown'), details: [t(lang, 'test.storeDown.hint')] };
  }
  if (body.reason === 'budget') {
    return { kind: 'budget', title: t(lang, 'test.budget'), details: [t(lang, 'test.budget.hint')] };
  }
  if (status === 503) {
    return { kind: 'upstream-down', title: t(lang, 'test.upstreamDown'), details: [t(lang, 'test.upstreamDown.hint')] };
  }
  if (status === 403) return { kind: 'account', title: t(lang, 'test.account'), details: said };
  return { kind: 'other', title: t(lang, 'test.other', { status }), details: said };
}
