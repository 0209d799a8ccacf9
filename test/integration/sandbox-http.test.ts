import { CheckListsClient } from '../../src/core/request/client';
import { AccountError, RequestRejectedError, ServiceUnreachableError } from '../../src/core/protocol/errors';
import { listdataForRegistries } from '../../src/core/protocol/listdata';
import { parseQuery, validateQuery, type SearchQuery } from '../../src/core/query';
import { REGISTRY_KEYS, type RegistryKey } from '../../src/core/protocol/registries';
import {
  checkGetAnswerStrict,
  checkPostAnswerStrict,
  parseGetAnswer,
  parsePostAnswer,
} from '../../src/core/protocol/schema';
import { summarize } from '../../src/core/answer/summary';
import { DEMO_CREDENTIALS, KNOWN, KNOWN_EXPECTATIONS } from '../../src/sandbox';
import { MAX_QUERY_TOKENS, queryNameVariants } from '../../src/sandbox/matching';
import { startSandboxCluster, startSandboxServer, type SandboxServer } from '../../src/sandbox/server';

const LEVELS: Record<string, 'high' | 'low'> = { Високий: 'high', Низький: 'low' };

function clientFor(
  addresses: string[],
  extra: Partial<ConstructorParameters<typeof CheckListsClient>[0]> = {},
): CheckListsClient {
  return new CheckListsClient({
    addresses,
    credentials: DEMO_CREDENTIALS,
    timeoutMs: 5000,
    retries: 0,
    backoffMs: 1,
    ...extra,
  });
}

async function rawPost(
  server: SandboxServer,
  fields: Record<string, unknown>,
): Promise<{ status: number; type: string | null; json: unknown }> {
  const res = await fetch(`${server.url}/api`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tokken: DEMO_CREDENTIALS.tokken, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, ...fields }),
  });
  return { status: res.status, type: res.headers.get('content-type'), json: await res.json() };
}

describe('sandbox over HTTP (loopback)', () => {
  let server: SandboxServer;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startSandboxServer({ port: 0, log: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await server.close();
  });

  it('listens on 127.0.0.1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each(['POST', 'GET'] as const)(
    '%s: each registry answers when its bits are asked, and only then',
    async (method) => {
      const client = clientFor([server.url], { method });
      for (const key of REGISTRY_KEYS) {
        const answer = await client.search({ ipn: KNOWN.company.edrpou, listdata: listdataForRegistries([key]) });
        const keys = Object.keys(answer.envelope.registries) as RegistryKey[];
        expect(keys).toContain(key);
        // Lists that share a bit answer together (zrada/okupant, taxdebtor/debtor).
        const partner: Partial<Record<RegistryKey, RegistryKey>> = {
          zrada: 'okupant',
          okupant: 'zrada',
          taxdebtor: 'debtor',
          debtor: 'taxdebtor',
        };
        expect(keys.sort()).toEqual([key, ...(partner[key] ? [partner[key]] : [])].sort());
      }
    },
    // 20 requests in a row, the first building the sandbox's data: over jest's 5 s default once in a
    // fresh clone's parallel run on 2 cores (2.7 s for the whole file alone). What is tested is the answers.
    30_000,
  );

  it.each(KNOWN_EXPECTATIONS.map((k) => [k.title, k] as const))('known subject: %s', async (_title, expectation) => {
    const validation = validateQuery(expectation.query);
    for (const method of ['POST', 'GET'] as const) {
      let summary;
      if (validation.ok) {
        summary = summarize((await clientFor([server.url], { method }).search(validation.query)).envelope);
      } else {
        // The add-in refuses this input before sending it; the service still answers it.
        const raw = await rawPost(server, expectation.query);
        summary = summarize(parsePostAnswer(raw.json));
      }
      for (const hit of expectation.hits) {
        const r = summary.registries.find((s) => s.key === hit.registry);
        expect(r?.hits ?? 0).toBeGreaterThan(0);
        if (hit.percent !== undefined) expect(r?.bestPercent).toBe(hit.percent);
        if (hit.level !== undefined && hit.registry !== 'lostdocs') expect(r?.bestLevel).toBe(LEVELS[hit.level]);
      }
      for (const key of expectation.clear ?? []) expect(summary.registries.find((s) => s.key === key)?.hits).toBe(0);
    }
  });

  it('answers GET with an array and POST with one object, both exactly as documented', async () => {
    const params = new URLSearchParams({
      tokken: DEMO_CREDENTIALS.tokken,
      IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM,
      name: KNOWN.pepSanctioned.name,
    });
    const g = await fetch(`${server.url}/api?${params.toString()}`);
    expect(g.status).toBe(200);
    expect(g.headers.get('content-type')).toMatch(/^application\/json/);
    const getJson: unknown = await g.json();
    expect(Array.isArray(getJson)).toBe(true);
    expect(checkGetAnswerStrict(getJson)).toEqual([]);
    expect(parseGetAnswer(getJson)).toHaveLength(1);

    const p = await rawPost(server, { name: KNOWN.pepSanctioned.name });
    expect(p.status).toBe(200);
    expect(Array.isArray(p.json)).toBe(false);
    expect(checkPostAnswerStrict(p.json)).toEqual([]);
    // The † fields are in the POST form only.
    const postPeps = (p.json as { result: { peps: Record<string, unknown>[] } }).result.peps[0];
    const getPeps = (getJson as { result: { peps: Record<string, unknown>[] } }[])[0].result.peps[0];
    expect(postPeps).toHaveProperty('shortname');
    expect(getPeps).not.toHaveProperty('shortname');
    expect(getPeps.name).toBe(postPeps.name);
  });

  it('takes POST credentials from the query string', async () => {
    const params = new URLSearchParams({ tokken: DEMO_CREDENTIALS.tokken, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM });
    const res = await fetch(`${server.url}/api?${params.toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Петро', listdata: 512 }),
    });
    expect(res.status).toBe(200);
  });

  it('answers error 1 for wrong credentials, as an account error that stops everything', async () => {
    const client = new CheckListsClient({
      addresses: [server.url],
      credentials: { tokken: 'wrong', idSubjectFM: 'wrong' },
      retries: 0,
    });
    const failure = client.search(parseQuery({ name: 'Петро' }));
    await expect(failure).rejects.toBeInstanceOf(AccountError);
    await expect(failure).rejects.toMatchObject({ code: 1, status: 401 });
  });

  it.each<[string, number, SearchQuery]>([
    ['lowranklimit above 100', 105, { name: 'Петро', lowranklimit: 150 }],
    ['changes from before 1991-08-24', 103, { ipn: KNOWN.company.edrpou, edrchangesfrom: '1990-01-01' }],
    [
      'changes to before from',
      104,
      { ipn: KNOWN.company.edrpou, edrchangesfrom: '2024-05-01', edrchangesto: '2024-01-01' },
    ],
  ])('rejects %s with error %d, on the first address only', async (_what, code, query) => {
    const client = clientFor([server.url, server.url]);
    const before = lines.length;
    let error: unknown;
    try {
      await client.search(query);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RequestRejectedError);
    expect(error).toMatchObject({ code, status: 400 });
    expect(lines.slice(before)).toEqual([expect.stringMatching(/^POST \/api 400 /)]);
  });

  it('never logs the tokken or a query string', async () => {
    const params = new URLSearchParams({
      tokken: DEMO_CREDENTIALS.tokken,
      IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM,
      name: 'Петро',
    });
    await fetch(`${server.url}/api?${params.toString()}`);
    await rawPost(server, { name: 'Петро' });
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line).not.toContain(DEMO_CREDENTIALS.tokken);
      expect(line).not.toContain(DEMO_CREDENTIALS.idSubjectFM);
      expect(line).not.toContain('?');
    }
  });

  it('refuses a body over the limit', async () => {
    const res = await fetch(`${server.url}/api`, { method: 'POST', body: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
  });

  it('refuses a 100 KB search=2 body with 413 in the interface error form, and a long name with error 100, while others are answered', async () => {
    // One such body used to occupy the server for most of a minute, every other client waiting.
    const big = await rawPost(server, { name: 'Петренко Іван '.repeat(7500), search: '2' });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ error: expect.any(Number), message: expect.any(String) });
    const long = await rawPost(server, { name: 'Петренко Іван '.repeat(100), search: '2' });
    expect(long.status).toBe(400);
    expect(long.json).toEqual({ error: 100, message: expect.stringContaining('name') });
    const ok = await rawPost(server, { name: 'Петро' });
    expect(ok.status).toBe(200);
  });

  it('looks at no more than MAX_QUERY_TOKENS tokens of a name, so matching time is bounded', () => {
    const name = Array.from({ length: 40 }, (_, i) => `Слово${String.fromCharCode(0x430 + (i % 30))}${i}`).join(' ');
    expect(queryNameVariants(name, undefined)[0]).toHaveLength(MAX_QUERY_TOKENS);
  });
});

describe('sandbox over HTTP: quota and faults', () => {
  it('answers error 11 once the quota is used up, shared by primary and reserve', async () => {
    const cluster = await startSandboxCluster({ instances: 2, faultsFor: () => ({ quota: 2 }) });
    try {
      const query = parseQuery({ name: 'Петро', listdata: 'peps' });
      await clientFor([cluster.urls[0]]).search(query);
      await clientFor([cluster.urls[1]]).search(query);
      const failure = clientFor(cluster.urls).search(query);
      await expect(failure).rejects.toBeInstanceOf(AccountError);
      await expect(failure).rejects.toMatchObject({ code: 11, status: 403, isQuota: true });
    } finally {
      await cluster.close();
    }
  });

  it.each<
    [
      string,
      Parameters<typeof startSandboxServer>[0] extends infer O ? (O extends { faults?: infer F } ? F : never) : never,
      string,
    ]
  >([
    ['5xx', { failRate: 1 }, 'http-5xx'],
    ['dropped connection', { dropRate: 1 }, 'network'],
    ['HTML page with status 200', { htmlRate: 1 }, 'bad-answer'],
    ['latency past the timeout', { latencyMs: 1500 }, 'timeout'],
  ])('fails over from a primary with %s to a healthy reserve', async (_what, faults, outcome) => {
    const cluster = await startSandboxCluster({ instances: 2, faultsFor: (i) => (i === 0 ? faults : {}) });
    try {
      const client = clientFor(cluster.urls, { timeoutMs: 700 });
      const answer = await client.search(
        parseQuery({ name: KNOWN.pepSanctioned.name, date: KNOWN.pepSanctioned.date, listdata: 'peps' }),
      );
      expect(answer.servedBy).toBe(cluster.urls[1]);
      expect(answer.attempts.map((a) => a.outcome)).toEqual([outcome, 'ok']);
      expect(summarize(answer.envelope).verdict).toBe('high');
    } finally {
      await cluster.close();
    }
  });

  it('reports the service unreachable when every address fails', async () => {
    const cluster = await startSandboxCluster({
      instances: 2,
      faultsFor: (i) => (i === 0 ? { failRate: 1 } : { dropRate: 1 }),
    });
    try {
      const failure = clientFor(cluster.urls).search(parseQuery({ name: 'Петро' }));
      await expect(failure).rejects.toBeInstanceOf(ServiceUnreachableError);
      await expect(failure).rejects.toMatchObject({ attempts: [{ outcome: 'http-5xx' }, { outcome: 'network' }] });
    } finally {
      await cluster.close();
    }
  });

  it('delays answers by latency plus jitter', async () => {
    const server = await startSandboxServer({ faults: { latencyMs: 150, jitterMs: 50 } });
    try {
      const started = Date.now();
      await clientFor([server.url]).search(parseQuery({ name: 'Петро', listdata: 'peps' }));
      expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    } finally {
      await server.close();
    }
  });

  it('puts NNNN.message in place of a failing registry and keeps the rest', async () => {
    const server = await startSandboxServer({ faults: { registryErrors: { peps: 9001, wanted: 9003 } } });
    try {
      const answer = await clientFor([server.url]).search(
        parseQuery({
          name: KNOWN.pepSanctioned.name,
          date: KNOWN.pepSanctioned.date,
          listdata: 'peps, psanctions, wanted',
        }),
      );
      expect(answer.envelope.registries.peps).toEqual({
        status: 'error',
        error: { code: 9001, message: expect.stringMatching(/пакет/) },
      });
      expect(answer.envelope.registries.wanted).toMatchObject({ status: 'error', error: { code: 9003 } });
      const summary = summarize(answer.envelope);
      expect(summary.registries.find((r) => r.key === 'psanctions')?.bestLevel).toBe('high');
      expect(summary.complete).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('answers 5xx with an HTML error page', async () => {
    const server = await startSandboxServer({ faults: { failRate: 1, failStatuses: [502] } });
    try {
      const res = await fetch(`${server.url}/api`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('502 Bad Gateway');
    } finally {
      await server.close();
    }
  });
});
