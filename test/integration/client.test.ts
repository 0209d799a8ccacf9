import { nodeHttpTransport } from '../../src/cli/transport/http-transport';
import { CheckListsClient, FRESH_HEADER } from '../../src/core/request/client';
import {
  AccountError,
  CancelledError,
  RequestRejectedError,
  ServiceUnreachableError,
} from '../../src/core/protocol/errors';
import type { SearchQuery } from '../../src/core/query';
import { refusedAddress, startScriptedServer, type Reply, type ScriptedServer } from '../support/scripted-server';

const TOKKEN = 'Secret-Tokken-Value-42';
const credentials = { tokken: TOKKEN, idSubjectFM: 'subject-7' };

const envelope = (idrequest: string) => ({
  idinternal: 'row-1',
  idsubjectFM: 'subject-7',
  iduserPC: 'pc-1',
  idrequest,
  dateResponse: '2026-11-22 10:00:00',
  listdata: '512',
  search: '1',
  result: { peps: [{ list: 'pep', idpep: 1, name: 'Тест Тестович', percent: 100, level: 'Високий' }] },
});

const ok = (id: string): Reply => ({ kind: 'json', status: 200, body: envelope(id) });
const query: SearchQuery = { name: 'Тест Тестович', date: '1970-01-01', listdata: 512n, IDinternal: 'row-1' };

const servers: ScriptedServer[] = [];
async function server(reply: Reply): Promise<ScriptedServer> {
  const s = await startScriptedServer(reply);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

// Room for a first request on a busy machine (the transport loads on it: 400 ms once timed out in
// a fresh clone's run); the tests of a hanging address give the short timeout they wait out.
function client(addresses: string[], extra: Partial<ConstructorParameters<typeof CheckListsClient>[0]> = {}) {
  return new CheckListsClient({ addresses, credentials, timeoutMs: 5_000, retries: 0, backoffMs: 10, ...extra });
}
const HANG_TIMEOUT_MS = 400;

describe('CheckListsClient over real HTTP on loopback', () => {
  it('POSTs JSON with credentials in the body only, never in the URL', async () => {
    const primary = await server(ok('r1'));
    const result = await client([primary.url]).search(query);
    expect(result.servedBy).toBe(primary.url);
    expect(result.method).toBe('POST');
    expect(result.envelope.header.idrequest).toBe('r1');
    expect(result.envelope.registries.peps?.status).toBe('ok');
    const [req] = primary.received;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api');
    expect(req.url).not.toContain(TOKKEN);
    expect(req.headers['content-type']).toContain('application/json');
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({
      tokken: TOKKEN,
      IDsubjectFM: 'subject-7',
      name: 'Тест Тестович',
      date: '1970-01-01',
      listdata: 512,
      IDinternal: 'row-1',
    });
  });

  it('sends listdata above 2^31 exactly', async () => {
    const primary = await server(ok('r1'));
    await client([primary.url]).search({ ...query, listdata: 42949672960n });
    expect(primary.received[0].body).toContain('"listdata":42949672960');
  });

  it('supports the GET form and reads the array answer', async () => {
    const primary = await server({ kind: 'json', status: 200, body: [envelope('g1')] });
    const result = await client([primary.url], { method: 'GET' }).search({ ...query, listdata: 42949672960n });
    expect(result.envelope.header.idrequest).toBe('g1');
    const url = new URL(primary.received[0].url, 'http://x');
    expect(primary.received[0].method).toBe('GET');
    expect(url.pathname).toBe('/api');
    expect(url.searchParams.get('listdata')).toBe('42949672960');
    expect(url.searchParams.get('name')).toBe('Тест Тестович');
  });

  it('takes a 429 (the relay limiting this analyst) at its word: no second address, no retry, the relay’s words', async () => {
    const message =
      'Забагато запитів із вашого ключа: зачекайте 12 с і спробуйте знову. / Too many requests from your key: wait 12 s and try again.';
    const relay = await server({ kind: 'json', status: 429, body: { error: 429, message } });
    const reserve = await server(ok('from-reserve'));
    const error = await client([relay.url, reserve.url])
      .search(query)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestRejectedError);
    expect(error).toMatchObject({ status: 429, code: 429 });
    expect((error as RequestRejectedError).text.en).toBe(`Too many requests for now (HTTP 429): ${message}`);
    expect((error as RequestRejectedError).text.uk).toBe(`Забагато запитів наразі (HTTP 429): ${message}`);
    expect(relay.received).toHaveLength(1);
    expect(reserve.received).toHaveLength(0);
  });

  it('says a search asked again on purpose in a header of its own, in both forms, and only then', async () => {
    const primary = await server(ok('r1'));
    await client([primary.url]).search(query);
    await client([primary.url]).search(query, { fresh: true });
    const get = await server({ kind: 'json', status: 200, body: [envelope('g1')] });
    await client([get.url], { method: 'GET' }).search(query, { fresh: true });
    const said = [...primary.received, ...get.received].map((r) => r.headers[FRESH_HEADER.toLowerCase()]);
    expect(said).toEqual([undefined, '1', '1']);
  });

  it.each<[string, Reply]>([
    ['503', { kind: 'json', status: 503, body: { message: 'down' } }],
    ['an HTML page with status 200', { kind: 'text', status: 200, body: '<html><body>Maintenance</body></html>' }],
    ['a dropped connection', { kind: 'drop' }],
    ['a timeout', { kind: 'hang' }],
  ])('moves from the primary to the first reserve on %s', async (_name, failure) => {
    const primary = await server(failure);
    const reserve1 = await server(ok('from-reserve-1'));
    const reserve2 = await server(ok('from-reserve-2'));
    const result = await client([primary.url, reserve1.url, reserve2.url], { timeoutMs: HANG_TIMEOUT_MS }).search(
      query,
    );
    expect(result.servedBy).toBe(reserve1.url);
    expect(result.envelope.header.idrequest).toBe('from-reserve-1');
    expect(result.attempts.map((a) => a.address)).toEqual([primary.url, reserve1.url]);
    expect(primary.received).toHaveLength(1);
    expect(reserve2.received).toHaveLength(0);
  });

  it('tries primary, then reserve 1, then reserve 2, over refused, 503, timeout and HTML-200 failures', async () => {
    const refused = await refusedAddress();
    const r503 = await server({ kind: 'json', status: 503, body: {} });
    const hang = await server({ kind: 'hang' });
    const html = await server({ kind: 'text', status: 200, body: '<!doctype html><h1>Bad gateway</h1>' });
    const good = await server(ok('last'));
    const result = await client([refused, r503.url, hang.url, html.url, good.url], {
      timeoutMs: HANG_TIMEOUT_MS,
    }).search(query);
    expect(result.servedBy).toBe(good.url);
    expect(result.attempts.map((a) => a.outcome)).toEqual(['network', 'http-5xx', 'timeout', 'bad-answer', 'ok']);
  });

  it('reports every address tried when all fail, without the tokken anywhere', async () => {
    const refused = await refusedAddress();
    const r503 = await server({ kind: 'json', status: 503, body: {} });
    const c = client([refused, r503.url], { retries: 1 });
    const error = await c.search(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    const e = error as ServiceUnreachableError;
    expect(e.attempts).toHaveLength(4);
    expect(e.text.en).toContain(r503.url);
    expect(JSON.stringify({ m: e.message, t: e.text, a: e.attempts })).not.toContain(TOKKEN);
  });

  it('never retries a 4XX elsewhere', async () => {
    const primary = await server({ kind: 'json', status: 400, body: { error: 105, message: 'Невірний lowranklimit' } });
    const reserve = await server(ok('x'));
    const error = await client([primary.url, reserve.url])
      .search(query)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestRejectedError);
    expect((error as RequestRejectedError).code).toBe(105);
    expect(reserve.received).toHaveLength(0);
  });

  it('tells the caller once when a 200 JSON answer has arrived, before the search resolves, and never for a 5xx, HTML or 4XX', async () => {
    const r503 = await server({ kind: 'json', status: 503, body: {} });
    const html = await server({
      kind: 'text',
      status: 200,
      body: '<!doctype html><h1>Bad gateway</h1>',
      contentType: 'text/html',
    });
    const good = await server(ok('told'));
    const quota = await server({ kind: 'json', status: 403, body: { error: 11, message: 'Вичерпано ліміт запитів' } });
    const events: string[] = [];
    const c = client([r503.url, html.url, good.url], { transport: nodeHttpTransport() });
    const result = await c
      .search(query, { onAnswerArrived: () => events.push('arrived') })
      .then((r) => (events.push('resolved'), r));
    expect(result.servedBy).toBe(good.url);
    expect(events).toEqual(['arrived', 'resolved']);
    const told: string[] = [];
    const error = await client([quota.url], { transport: nodeHttpTransport() })
      .search(query, { onAnswerArrived: () => told.push('arrived') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountError);
    expect(told).toEqual([]);
  });

  it('a quota error stops with a distinct account error and touches no reserve', async () => {
    const primary = await server({
      kind: 'json',
      status: 403,
      body: { error: 11, message: 'Вичерпано ліміт запитів' },
    });
    const reserve = await server(ok('x'));
    const error = await client([primary.url, reserve.url], { retries: 2 })
      .search(query)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountError);
    expect((error as AccountError).isQuota).toBe(true);
    expect((error as AccountError).stopsEverything).toBe(true);
    expect(primary.received).toHaveLength(1);
    expect(reserve.received).toHaveLength(0);
  });

  it.each([1, 2, 3, 6, 7, 8, 9, 10])(
    'account code %i is an AccountError with a message in both languages',
    async (code) => {
      const primary = await server({ kind: 'json', status: 401, body: { error: code, message: 'x' } });
      const error = (await client([primary.url])
        .search(query)
        .catch((e: unknown) => e)) as AccountError;
      expect(error).toBeInstanceOf(AccountError);
      expect(error.code).toBe(code);
      expect(error.text.uk).not.toBe(error.text.en);
    },
  );

  it('keeps the tokken out of error text even if the service echoes it', async () => {
    const primary = await server({
      kind: 'json',
      status: 400,
      body: { error: 104, message: `bad request tokken=${TOKKEN}` },
    });
    const error = (await client([primary.url])
      .search(query)
      .catch((e: unknown) => e)) as RequestRejectedError;
    expect(error.serviceMessage).not.toContain(TOKKEN);
    expect(error.message).not.toContain(TOKKEN);
  });

  it('keeps the tokken out of error text when the service echoes it URL-encoded from the GET form', async () => {
    const tokken = 'Secret+Tokken/42=';
    const primary = await server({ kind: 'json', status: 400, body: {} });
    primary.setReply((req) => ({ kind: 'json', status: 400, body: { error: 105, message: `bad query ${req.url}` } }));
    const c = new CheckListsClient({
      addresses: [primary.url],
      credentials: { tokken, idSubjectFM: 's' },
      method: 'GET',
      retries: 0,
    });
    const error = (await c.search(query).catch((e: unknown) => e)) as RequestRejectedError;
    expect(error).toBeInstanceOf(RequestRejectedError);
    expect(primary.received[0].url).toContain(encodeURIComponent(tokken));
    for (const text of [error.serviceMessage, error.message, error.text.uk]) {
      expect(text).not.toContain(tokken);
      expect(text).not.toContain(encodeURIComponent(tokken));
      expect(text).not.toContain('Secret');
    }
  });

  it('says so when a GET answer holds more envelopes than the one read', async () => {
    const primary = await server({ kind: 'json', status: 200, body: [envelope('g1'), envelope('g2')] });
    const result = await client([primary.url], { method: 'GET' }).search(query);
    expect(result.envelope.header.idrequest).toBe('g1');
    expect(result.envelope.problems.join(' ')).toMatch(/2 envelopes/);
  });

  it('tries a recently failed primary last, so a dead primary costs one timeout, not one per request', async () => {
    const primary = await server({ kind: 'hang' });
    const reserve = await server(ok('r'));
    const c = client([primary.url, reserve.url], { cooldownMs: 60_000, timeoutMs: HANG_TIMEOUT_MS });
    await c.search(query);
    const second = await c.search(query);
    expect(second.attempts).toHaveLength(1);
    expect(second.servedBy).toBe(reserve.url);
    expect(primary.received).toHaveLength(1);
  });

  it('honours the caller abort signal at once, without trying reserves', async () => {
    const primary = await server({ kind: 'hang' });
    const reserve = await server(ok('r'));
    const controller = new AbortController();
    const pending = client([primary.url, reserve.url], { timeoutMs: 10_000 }).search(query, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(reserve.received).toHaveLength(0);
  });

  it('retries in bounded rounds with backoff when every address fails transiently', async () => {
    let calls = 0;
    const flaky = await server({ kind: 'json', status: 502, body: {} });
    flaky.setReply(() => (++calls < 3 ? { kind: 'json', status: 502, body: {} } : ok('third')));
    const result = await client([flaky.url], { retries: 2, cooldownMs: 0 }).search(query);
    expect(result.envelope.header.idrequest).toBe('third');
    expect(flaky.received).toHaveLength(3);
  });

  it('rejects bad addresses with a clear message instead of a crash', () => {
    expect(() => client(['ftp://x'])).toThrow(/Bad service address/);
    expect(() => client([])).toThrow(/No service address/);
  });
});
