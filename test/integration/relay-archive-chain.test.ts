import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openRelaySpool } from '../../src/cli/commands/relay-spool';
import { verifyArchive } from '../../src/relay/answer-archive';
import { ArchiveChain } from '../../src/relay/archive-chain';
import { AuditJournal } from '../../src/relay/audit-journal';
import { auditRowBase } from '../../src/relay/audit-row';
import { EvidenceSpool } from '../../src/relay/evidence-spool';
import type { ArchiveEntry, AuditBatch, AuditOutcome, RelayStore } from '../../src/relay/store/port';
import { openSqlStore } from '../../src/relay/store/sql-store';
import { removeDir } from './cli-support';
import { resetStore, startTestDatabase, type TestDatabase } from './relay-support';

/**
 * An archive chain kept by the relay (src/relay/archive-chain.ts: the embedded store's relay keeps
 * the database's, a relay with a spool folder by URL one of its own): a paid
 * answer's archive row is made in the relay and made durable in the evidence spool, so its reply
 * waits for no database commit; the rows reach PostgreSQL later, after a crash at the next start,
 * and the chain verify walks stays whole. Real PostgreSQL, real files.
 */

let db: TestDatabase;
let store: RelayStore;
let dir: string;

beforeAll(async () => {
  db = await startTestDatabase();
  store = openSqlStore({ url: db.url });
  await store.migrate();
}, 60_000);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-chain-'));
});

/** Spools a test left as a crash leaves them: their process's exit would close their files, so the test does. */
const crashed: EvidenceSpool[] = [];

afterEach(async () => {
  for (const spool of crashed.splice(0)) await spool.close();
  removeDir(dir);
  await resetStore(db.url);
});

afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const asked = (name: string) => auditRowBase('POST', 'olena', { name }, 'asked', 'A');
const answered: AuditOutcome = {
  state: 'answered',
  servedBy: 'http://upstream',
  idrequest: '1',
  verdict: 'none',
  hits: {},
  durationMs: 3,
  fromCache: false,
  errorCode: null,
  status: 200,
  archiveId: null,
};
const entry = (auditId: number, answer: string): ArchiveEntry => ({
  auditId,
  receivedAt: new Date(),
  analyst: 'olena',
  request: JSON.stringify({ name: answer }),
  answer: Buffer.from(JSON.stringify({ answer }), 'utf8'),
});

/** A paid request through `journal`: its asked row, then its answer archived; the archive id. */
async function paid(
  journal: AuditJournal,
  name: string,
  receivedAt = new Date(),
): Promise<{ auditId: number; archiveId: number }> {
  const auditId = await journal.insert(asked(name));
  return { auditId, archiveId: await journal.archive({ ...entry(auditId, name), receivedAt }, answered) };
}

/** The store with its commits held: until `release()`, or for good (a relay killed before they went). */
function heldStore(): { store: RelayStore; batches: AuditBatch[]; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const batches: AuditBatch[] = [];
  const held: RelayStore = {
    ...store,
    writeAuditBatch: async (batch) => {
      batches.push(batch);
      await gate;
      return store.writeAuditBatch(batch);
    },
  };
  return { store: held, batches, release };
}

async function spooledAnswerIds(): Promise<number[]> {
  const ids: number[] = [];
  for (const name of await readdir(dir)) {
    for (const line of (await readFile(join(dir, name), 'utf8')).split('\n')) {
      if (line.startsWith('{"answer"')) ids.push((JSON.parse(line) as { answer: { id: number } }).answer.id);
    }
  }
  return ids;
}

it('a paid answer is archived once it is in the spool, while every commit is held, and its row passes verify once in', async () => {
  const { spool } = await EvidenceSpool.open(dir, store);
  const held = heldStore();
  const journal = new AuditJournal(held.store, {}, 0, { spool, chain: await ArchiveChain.open(store, null) });
  const { auditId, archiveId } = await paid(journal, 'Перша');
  // Durable in the file with its id and chain hash; nothing in the database yet.
  expect(await spooledAnswerIds()).toEqual([archiveId]);
  expect(await store.archiveRow(archiveId)).toBeNull();
  expect(await store.auditById(auditId)).toBeNull();
  held.release();
  await journal.drained();
  const row = await store.auditById(auditId);
  expect(row?.state).toBe('answered');
  expect(row?.archiveId).toBe(archiveId);
  expect((await store.archiveRow(archiveId))?.answer.toString('utf8')).toBe('{"answer":"Перша"}');
  expect(await verifyArchive(store)).toMatchObject({ ok: true, rows: 1 });
  expect(spool.outstanding).toBe(0);
  await spool.close();
});

it('a refusal after the answer was archived, in the same commit, is the row’s outcome', async () => {
  const { spool } = await EvidenceSpool.open(dir, store);
  const held = heldStore();
  const journal = new AuditJournal(held.store, {}, 0, { spool, chain: await ArchiveChain.open(store, null) });
  const { auditId, archiveId } = await paid(journal, 'Відмовлена');
  // Something refused the request after its answer was archived (the reply was never the answer).
  const refusing = journal.complete(auditId, { ...answered, state: 'refused', errorCode: 503, status: 503 });
  held.release();
  await refusing;
  await journal.drained();
  // Both outcomes went in one statement.
  expect(held.batches.filter((b) => b.completions.some((c) => c.id === auditId))).toHaveLength(1);
  const row = await store.auditById(auditId);
  expect(row?.state).toBe('refused');
  expect(row?.errorCode).toBe(503);
  expect((await store.archiveRow(archiveId))?.auditId).toBe(auditId);
  await spool.close();
});

it('rows made in the relay continue the chain the database began, and the database continues theirs', async () => {
  const { spool } = await EvidenceSpool.open(dir, store);
  // The database's chain (archive_append), as by URL.
  const byDatabase = new AuditJournal(store, {}, 0, { spool, chain: null });
  for (const name of ['Один', 'Два']) await paid(byDatabase, name);
  await byDatabase.drained();
  // The relay's, from the head it reads.
  const byRelay = new AuditJournal(store, {}, 0, { spool, chain: await ArchiveChain.open(store, null) });
  const made = await Promise.all(['Три', 'Чотири', 'П’ять'].map((name) => paid(byRelay, name)));
  await byRelay.drained();
  expect(made.map((m) => m.archiveId)).toEqual([...made.map((m) => m.archiveId)].sort((a, b) => a - b));
  // And the database's again, after them.
  await paid(byDatabase, 'Шість');
  await byDatabase.drained();
  expect(await verifyArchive(store)).toMatchObject({ ok: true, rows: 6 });
  await spool.close();
});

it('answers a killed relay had only in its spool reach the database at the next start, with their outcomes, and the chain goes on from them', async () => {
  const first = await EvidenceSpool.open(dir, store);
  crashed.push(first.spool);
  // Killed before any commit: every row is only in the spool.
  const killed = new AuditJournal(heldStore().store, {}, 0, {
    spool: first.spool,
    chain: await ArchiveChain.open(store, null),
  });
  const before = await Promise.all(['Аварія 1', 'Аварія 2', 'Аварія 3'].map((name) => paid(killed, name)));
  expect(await store.auditIdsKnown(before.map((b) => b.auditId))).toHaveProperty('size', 0);

  // The next start, on a store of its own (another process's id blocks).
  const restarted = openSqlStore({ url: db.url });
  try {
    const again = await EvidenceSpool.open(dir, restarted);
    expect(again.recovered).toBe(3);
    expect(again.recoveredAnswers).toBe(3);
    for (const { auditId, archiveId } of before) {
      const row = await restarted.auditById(auditId);
      expect(row?.state).toBe('answered');
      expect(row?.archiveId).toBe(archiveId);
    }
    expect(await verifyArchive(restarted)).toMatchObject({ ok: true, rows: 3 });
    // The chain's head is the recovered rows' last; new answers follow it.
    const journal = new AuditJournal(restarted, {}, 0, {
      spool: again.spool,
      chain: await ArchiveChain.open(restarted, null),
    });
    const after = await paid(journal, 'Після');
    await journal.drained();
    expect(after.archiveId).toBeGreaterThan(Math.max(...before.map((b) => b.archiveId)));
    expect(await verifyArchive(restarted)).toMatchObject({ ok: true, rows: 4 });
    // Put in once: a start with the database holding them finds nothing to do.
    await again.spool.close();
    expect(await readdir(dir)).toEqual([]);
  } finally {
    await restarted.close();
  }
});

it('an answer whose commit the database refuses is put in again, alone, and the chain stays whole', async () => {
  const { spool } = await EvidenceSpool.open(dir, store);
  let refusals = 1;
  const refusing: RelayStore = {
    ...store,
    writeAuditBatch: async (batch) => {
      if ((batch.archiveRows ?? []).length > 0 && refusals-- > 0) throw new Error('the database refused the commit');
      return store.writeAuditBatch(batch);
    },
  };
  const journal = new AuditJournal(refusing, {}, 0, { spool, chain: await ArchiveChain.open(store, null) });
  const first = await paid(journal, 'Відмова');
  // Answered from the spool, whatever the commit does.
  await journal.drained();
  expect(await store.archiveRow(first.archiveId)).toBeNull();
  expect(spool.outstanding).toBeGreaterThan(0);
  // Another answer after it commits meanwhile, leaving a gap in the chain until the retry.
  const second = await paid(journal, 'Наступна');
  await journal.drained();
  expect(await store.archiveRow(second.archiveId)).not.toBeNull();
  for (let waited = 0; (await store.archiveRow(first.archiveId)) === null && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect((await store.auditById(first.auditId))?.archiveId).toBe(first.archiveId);
  expect(await verifyArchive(store)).toMatchObject({ ok: true, rows: 2 });
  expect(spool.outstanding).toBe(0);
  await spool.close();
}, 15_000);

it('a record route waits until what was answered is in the database: caughtUp settles with the commit, not before', async () => {
  const { spool } = await EvidenceSpool.open(dir, store);
  const held = heldStore();
  const journal = new AuditJournal(held.store, {}, 0, { spool, chain: await ArchiveChain.open(store, null) });
  // Nothing queued: at once.
  await journal.caughtUp();
  const { archiveId } = await paid(journal, 'Довідка');
  let caughtUp = false;
  const waiting = journal.caughtUp().then(() => (caughtUp = true));
  // It asks for the commit at once, rather than after the riders' wait, and waits for it.
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(held.batches).toHaveLength(1);
  expect(caughtUp).toBe(false);
  held.release();
  await waiting;
  expect(await store.archiveRow(archiveId)).not.toBeNull();
  await journal.drained();
  await spool.close();
});

it('by URL, each relay with a spool folder keeps a chain of its own beside the database chain: verify walks each, a restart goes on with its chain, a prune cuts each it removes rows of, a changed row is named', async () => {
  const location = { databaseUrl: db.url, dataDir: '' };
  const a = await openRelaySpool(location, join(dir, 'a'), '/', store);
  const b = await openRelaySpool(location, join(dir, 'b'), '/', store);
  if (!a || !b) throw new Error('no spool');
  const relayA = new AuditJournal(store, {}, 0, a);
  const relayB = new AuditJournal(store, {}, 0, b);
  // A relay without a spool folder: the database's chain, under its lock.
  const plain = new AuditJournal(store, {}, 0, null);
  // Two years old, in relay A's chain alone (its ids the lowest): what the prune below may remove.
  const old = new Date(Date.now() - 2 * 365 * 24 * 3600 * 1000);
  for (let i = 0; i < 3; i++) await paid(relayA, `Давня ${i}`, old);
  for (let i = 0; i < 4; i++) {
    await Promise.all([paid(relayA, `А ${i}`), paid(relayB, `Б ${i}`), paid(plain, `В ${i}`)]);
  }
  await Promise.all([relayA.drained(), relayB.drained(), plain.drained()]);
  const chains = async () => {
    const ids: (string | null)[] = [];
    for await (const page of store.archivePages()) ids.push(...page.map((r) => r.chainId));
    return ids;
  };
  const before = await chains();
  expect(new Set(before).size).toBe(3);
  expect(before.filter((c) => c === null)).toHaveLength(4);
  expect(await verifyArchive(store)).toMatchObject({ ok: true, rows: 15 });

  // Relay A again on its folder: the same chain, on from its head.
  const chainA = before[0];
  await a.spool.close();
  await a.release();
  const again = await openRelaySpool(location, join(dir, 'a'), '/', store);
  if (!again) throw new Error('no spool');
  const restarted = new AuditJournal(store, {}, 0, again);
  const { archiveId } = await paid(restarted, 'Після перезапуску');
  await restarted.drained();
  expect((await store.archiveRow(archiveId))?.chainId).toBe(chainA);
  expect(await verifyArchive(store)).toMatchObject({ ok: true, rows: 16 });

  // The prune removes A's old rows and records where A's chain now starts; the others are whole.
  expect(await store.pruneArchive(new Date(Date.now() - 365 * 24 * 3600 * 1000 - 60_000))).toBe(3);
  expect((await store.archiveCuts()).map((c) => c.chainId)).toEqual([chainA]);
  expect(await verifyArchive(store)).toMatchObject({ ok: true, rows: 13 });

  // One byte of one of relay B's answers and its digest changed by a superuser: B's chain names it.
  const chainB = before.find((c) => c !== null && c !== chainA);
  const rowsB: number[] = [];
  for await (const page of store.archivePages()) {
    rowsB.push(...page.filter((r) => r.chainId === chainB).map((r) => r.id));
  }
  const target = rowsB[1];
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    await c.query("SET session_replication_role = 'replica'");
    await c.query(
      'UPDATE answer_archive SET answer = set_byte(answer, 3, get_byte(answer, 3) # 1), answer_sha256 = sha256(set_byte(answer, 3, get_byte(answer, 3) # 1)) WHERE id = $1',
      [target],
    );
  } finally {
    await c.end();
  }
  expect(await verifyArchive(store)).toMatchObject({ ok: false, problem: { kind: 'chain', id: target } });
  for (const opened of [again, b]) {
    await opened.spool.close();
    await opened.release();
  }
});

it('an append reads the database chain’s head in index order, though its plan was made when the archive was empty', async () => {
  const journal = new AuditJournal(store, {}, 0, null);
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    // As the relay's pools run: one plan, made at the first call.
    await c.query('SET plan_cache_mode = force_generic_plan');
    const append = async () => {
      const auditId = await journal.insert(asked('План'));
      await c.query(
        'SELECT * FROM archive_append($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::bytea[])',
        [[auditId], [new Date().toISOString()], ['olena'], ['{}'], [Buffer.from('{}')]],
      );
    };
    for (let i = 0; i < 20; i++) await append();
    const plans: string[] = [];
    c.on('notice', (notice) => plans.push(notice.message ?? ''));
    await c.query("LOAD 'auto_explain'");
    await c.query('SET auto_explain.log_nested_statements = on');
    await c.query('SET auto_explain.log_min_duration = 0');
    await c.query('SET client_min_messages = log');
    await append();
    const head = plans.find((p) => p.includes('FROM answer_archive a WHERE a.chain_id IS NULL'));
    expect(head).toContain('Index Scan Backward using answer_archive_chain_head');
    expect(head).not.toContain('Sort');
  } finally {
    await c.end();
  }
  expect(await verifyArchive(store)).toMatchObject({ ok: true, rows: 21 });
});
