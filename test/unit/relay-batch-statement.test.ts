import type { Pool } from 'pg';
import { auditBatchWriter } from '../../src/relay/store/audit-batch-sql';
import type { AuditBatch, AuditRow } from '../../src/relay/store/port';

/**
 * The audit commit's statement is named, so that PostgreSQL parses and plans it once per
 * connection (issue 30). A name must always stand for one text: node-pg refuses a name it has
 * prepared with another text on the same connection, which would fail every commit after it.
 */

interface Sent {
  name?: string;
  text: string;
  values?: unknown[];
}

function recordingPool(sent: Sent[]): Pool {
  const query = (config: string | { name?: string; text: string; values?: unknown[] }, params?: unknown[]) => {
    if (typeof config === 'string') {
      // The sequence's ids for new rows.
      const n = Number(params?.[0] ?? 0);
      return Promise.resolve({ rows: Array.from({ length: n }, (_, i) => ({ id: String(i + 1) })) });
    }
    sent.push({ ...(config.name ? { name: config.name } : {}), text: config.text, values: config.values ?? [] });
    return Promise.resolve({ rows: [] });
  };
  return { query } as unknown as Pool;
}

const asked: AuditRow = {
  state: 'asked',
  at: new Date('2026-11-26T12:00:00Z'),
  analyst: 'analyst',
  method: 'POST',
  query: { name: 'Суб’єкт' },
  listdata: '-1',
  servedBy: null,
  idrequest: null,
  verdict: null,
  hits: {},
  durationMs: 0,
  fromCache: false,
  errorCode: null,
  status: 0,
  instance: 'test',
  archiveId: null,
};

const outcome = {
  state: 'answered' as const,
  servedBy: 'http://upstream',
  idrequest: '1',
  verdict: 'clear',
  hits: {},
  durationMs: 5,
  fromCache: false,
  errorCode: null,
  status: 200,
  archiveId: null,
};

const batches: Record<string, (n: number) => AuditBatch> = {
  asked: (n) => ({ inserts: Array.from({ length: n }, () => asked), completions: [] }),
  completed: (n) => ({ inserts: [], completions: Array.from({ length: n }, (_, i) => ({ id: i + 1, outcome })) }),
  archived: (n) => ({
    inserts: [],
    completions: Array.from({ length: n }, (_, i) => ({ id: i + 1, outcome, archived: i })),
    archives: Array.from({ length: n }, (_, i) => ({
      auditId: i + 1,
      receivedAt: new Date(),
      analyst: 'analyst',
      request: '{}',
      answer: Buffer.from('{}'),
    })),
  }),
  claimed: (n) => ({
    inserts: Array.from({ length: n }, () => asked),
    completions: [],
    claims: Array.from({ length: n }, (_, i) => ({ claim: { name: `c${i}`, owner: 'o' }, key: `k${i}` })),
    claimHoldMs: 1_000,
  }),
};

describe('the audit commit statement', () => {
  it('goes named, one name for each text and one text for each name, whatever the number of rows', async () => {
    const sent: Sent[] = [];
    const pool = recordingPool(sent);
    const write = auditBatchWriter(pool, pool).writeAuditBatch;
    for (const n of [1, 3, 10, 1]) {
      for (const make of Object.values(batches)) await write(make(n));
    }
    expect(sent).toHaveLength(16);
    expect(sent.every((s) => typeof s.name === 'string' && s.name.length > 0)).toBe(true);
    const textOf = new Map<string, string>();
    const nameOf = new Map<string, string>();
    for (const s of sent) {
      const name = s.name ?? '';
      expect(textOf.get(name) ?? s.text).toBe(s.text);
      expect(nameOf.get(s.text) ?? name).toBe(name);
      textOf.set(name, s.text);
      nameOf.set(s.text, name);
    }
    // Four kinds of batch, four statements: the text does not grow with the rows.
    expect(textOf.size).toBe(4);
  });

  it("waits for the disk unless its evidence is in the relay's spool already, or it carries none", async () => {
    const durable: Sent[] = [];
    const fast: Sent[] = [];
    const write = auditBatchWriter(recordingPool(durable), recordingPool(fast)).writeAuditBatch;
    await write(batches.asked(2));
    await write(batches.archived(1));
    expect(durable).toHaveLength(2);
    expect(fast).toHaveLength(0);
    await write({ ...batches.claimed(2), spooled: true });
    await write({ inserts: [], completions: [], claims: batches.claimed(1).claims });
    expect(durable).toHaveLength(2);
    expect(fast).toHaveLength(2);
  });

  it('sends JSON columns as jsonb can hold them: NUL and lone surrogates in visible notation, all else as it was', async () => {
    const sent: Sent[] = [];
    const write = auditBatchWriter(recordingPool(sent), recordingPool(sent)).writeAuditBatch;
    const columnText = async (query: Record<string, unknown>, hits: Record<string, number>) => {
      sent.length = 0;
      await write({ inserts: [{ ...asked, query, hits }], completions: [] });
      // The statement's parameters: each column's values as one array, rows in order.
      const texts = (sent[0].values ?? [])
        .flatMap((v) => (Array.isArray(v) ? v : []))
        .filter((v) => typeof v === 'string');
      return { query: texts.find((t) => t.startsWith('{"name"')), hits: texts.find((t) => t.startsWith('{"pep"')) };
    };

    const plainQuery = { name: 'Суб’єкт 😀 "лапки" \\ud800 \u0027', arrayedrpou: ['1', '2'] };
    const plain = await columnText(plainQuery, { pep: 2, sanctions: 0 });
    expect(plain.query).toBe(JSON.stringify(plainQuery));
    expect(plain.hits).toBe(JSON.stringify({ pep: 2, sanctions: 0 }));

    const odd = await columnText({ name: 'a\u0000b', arrayedrpou: ['x\ud800y', 'z\udbff'] }, { pep: 1, 'k\udc00': 3 });
    expect(JSON.parse(odd.query ?? '')).toEqual({ name: 'a\\u{0}b', arrayedrpou: ['x\\u{d800}y', 'z\\u{dbff}'] });
    expect(JSON.parse(odd.hits ?? '')).toEqual({ pep: 1, 'k\\u{dc00}': 3 });
    expect(`${odd.query}${odd.hits}`).not.toMatch(/\\u0000|\\ud[89a-f]/i);
  });
});
