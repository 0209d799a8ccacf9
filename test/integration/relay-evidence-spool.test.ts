import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openRelaySpool } from '../../src/cli/commands/relay-spool';
import { UsageError } from '../../src/cli/exit-codes';
import { EvidenceSpool } from '../../src/relay/evidence-spool';
import { FlushPace, SLOW_IN_A_ROW } from '../../src/relay/flush-pace';
import { AuditJournal } from '../../src/relay/audit-journal';
import { auditRowBase } from '../../src/relay/audit-row';
import type { AuditBatch, AuditOutcome, RelayStore } from '../../src/relay/store/port';
import { openSqlStore } from '../../src/relay/store/sql-store';
import { removeDir } from './cli-support';
import { resetStore, startTestDatabase, type TestDatabase } from './relay-support';

/**
 * The embedded store's asked-row spool (src/relay/evidence-spool.ts): a request waits for the row in
 * a file of the relay's own, not for a database commit, and a crash's rows reach the database at
 * the next start. Real PostgreSQL, real files.
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
  dir = await mkdtemp(join(tmpdir(), 'asked-spool-'));
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

async function until(condition: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('not within the time given');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function segmentLines(): Promise<{ id: number }[]> {
  const lines: { id: number }[] = [];
  for (const name of await readdir(dir)) {
    for (const line of (await readFile(join(dir, name), 'utf8')).split('\n')) {
      // A segment is made of zeros first: what follows the last row is no row.
      if (line.startsWith('{')) lines.push(JSON.parse(line) as { id: number });
    }
  }
  return lines;
}

/** The store with its commits held until `release()`, and the batches it was given. */
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

it('a spooled row and its archived answer go to the database in one statement, the answer naming the row', async () => {
  const [id] = await store.reserveAuditIds(1);
  const ids = await store.writeAuditBatch({
    inserts: [{ ...asked('Суб’єкт'), id }],
    completions: [{ id, outcome: answered, archived: 0 }],
    archives: [{ auditId: id, receivedAt: new Date(), analyst: 'olena', request: '{}', answer: Buffer.from('{}') }],
  });
  expect(ids.audit).toEqual([id]);
  const row = await store.auditById(id);
  expect(row?.state).toBe('answered');
  expect(row?.archiveId).toBe(ids.archive[0]);
});

it.each([
  ['blocking the event loop', () => new FlushPace()],
  ['on the thread pool', () => new FlushPace(false)],
])(
  'a new row is answered once it is in the spool (written %s), while the database commit is still held, and reaches the database after',
  async (_, pace) => {
    const { spool } = await EvidenceSpool.open(dir, store, undefined, pace());
    const held = heldStore();
    const journal = new AuditJournal(held.store, {}, 0, { spool, chain: null });
    const id = await journal.insert(asked('Перший'));
    // Durable in the file, and nothing has reached the database.
    expect((await segmentLines()).map((l) => l.id)).toEqual([id]);
    expect(await store.auditById(id)).toBeNull();
    expect(spool.outstanding).toBe(1);
    // Nobody waits on its commit: it starts for the row alone only after the riders' wait.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(held.batches.map((b) => b.inserts.map((r) => r.id))).toEqual([[id]]);
    // In the file already: its commit need not wait for the disk.
    expect(held.batches[0].spooled).toBe(true);
    held.release();
    await journal.drained();
    expect((await store.auditById(id))?.state).toBe('asked');
    expect(spool.outstanding).toBe(0);
    await spool.close();
    expect(await readdir(dir)).toEqual([]);
  },
);

it('rows appended in one turn of the event loop share one blocking write; slow flushes in a row send the next to the thread pool', async () => {
  const flushes: number[] = [];
  const pace = new (class extends FlushPace {
    override took(ms: number): void {
      flushes.push(ms);
      super.took(ms);
    }
  })();
  const { spool } = await EvidenceSpool.open(dir, store, undefined, pace);
  await spool.append(1, asked('Нуль'));
  expect(flushes).toHaveLength(1);
  await Promise.all([spool.append(2, asked('Один')), spool.append(3, asked('Два')), spool.append(4, asked('Три'))]);
  expect(flushes).toHaveLength(2);
  expect((await segmentLines()).map((l) => l.id)).toEqual([1, 2, 3, 4]);
  // Say the disk took 10 ms, time after time: the next write goes to the thread pool, and is on disk all the same.
  for (let i = 0; i < SLOW_IN_A_ROW; i++) pace.took(10);
  expect(pace.blocking).toBe(false);
  await spool.append(5, asked('Чотири'));
  // No blocking write measured since: the 10 ms above are the last.
  expect(flushes).toHaveLength(2 + SLOW_IN_A_ROW);
  expect((await segmentLines()).map((l) => l.id)).toEqual([1, 2, 3, 4, 5]);
  await spool.close();
});

it('the row goes with its outcome and archived answer when they come before its own commit', async () => {
  const { spool } = await EvidenceSpool.open(dir, store);
  const journal = new AuditJournal(store, {}, 0, { spool, chain: null });
  const id = await journal.insert(asked('Другий'));
  const archiveId = await journal.archive(
    { auditId: id, receivedAt: new Date(), analyst: 'olena', request: '{}', answer: Buffer.from('{"a":1}') },
    answered,
  );
  const row = await store.auditById(id);
  expect(row?.state).toBe('answered');
  expect(row?.archiveId).toBe(archiveId);
  await journal.drained();
  expect(spool.outstanding).toBe(0);
  await spool.close();
});

it('after a crash, the next start puts each spooled row the database lacks into it, once, and a torn last line is no row', async () => {
  const first = (await EvidenceSpool.open(dir, store)).spool;
  const ids = await store.reserveAuditIds(3);
  for (const [i, id] of ids.entries()) await first.append(id, asked(`Рядок ${i}`));
  // One of them reached the database before the crash.
  await store.writeAuditBatch({ inserts: [{ ...asked('Рядок 0'), id: ids[0] }], completions: [] });
  // The crash cut a write short: its request was never told its row was durable.
  const [segment] = await readdir(dir);
  await appendFile(join(dir, segment), '{"id":999999,"row":{"state":"as');
  // No close(): the process is gone.
  crashed.push(first);

  const again = await EvidenceSpool.open(dir, store);
  expect(again.recovered).toBe(2);
  const rows = await store.readAudit({});
  expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  expect(rows.find((r) => r.id === ids[2])?.query).toEqual({ name: 'Рядок 2' });
  expect(rows.every((r) => r.at instanceof Date && !Number.isNaN(r.at.getTime()))).toBe(true);
  expect(await readdir(dir)).toEqual([]);
  const third = await EvidenceSpool.open(dir, store);
  expect(third.recovered).toBe(0);
  await third.spool.close();
  await again.spool.close();
});

it('rows recovered into another database (a restore) move its id sequence past them', async () => {
  const first = (await EvidenceSpool.open(dir, store)).spool;
  const [id] = await store.reserveAuditIds(1);
  await first.append(id + 5_000, asked('Після відновлення'));
  crashed.push(first);
  crashed.push((await EvidenceSpool.open(dir, store)).spool);
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>("SELECT nextval('audit_id_seq') AS id");
    expect(Number(rows[0].id)).toBeGreaterThan(id + 5_000);
  } finally {
    await c.end();
  }
});

it('a spooled row whose commit the database refused is put in alone a second later, and the spool keeps it meanwhile', async () => {
  const { spool } = await EvidenceSpool.open(dir, store);
  let refuse = true;
  const refusing: RelayStore = {
    ...store,
    writeAuditBatch: async (batch) => {
      if (refuse && batch.inserts.length > 0) {
        refuse = false;
        throw new Error('the database went away');
      }
      return store.writeAuditBatch(batch);
    },
  };
  const journal = new AuditJournal(refusing, {}, 0, { spool, chain: null });
  const id = await journal.insert(asked('Третій'));
  await journal.drained();
  expect(refuse).toBe(false);
  expect(await store.auditById(id)).toBeNull();
  expect(spool.outstanding).toBe(1);
  // The row shows in the database on its commit, and the spool lets it go when the commit's answer
  // is back: wait for both (a loaded machine has shown the second a moment after the first).
  const deadline = Date.now() + 10_000;
  while (((await store.auditById(id)) === null || spool.outstanding > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect((await store.auditById(id))?.state).toBe('asked');
  expect(spool.outstanding).toBe(0);
  await spool.close();
});

it("the relay command keeps a spool in the embedded store's folder, by URL only in a --spool-dir, one relay per such folder", async () => {
  const embedded = await openRelaySpool({ dataDir: dir }, undefined, '/', store);
  expect(embedded).not.toBeNull();
  await embedded?.spool.append((await store.reserveAuditIds(1))[0], asked('Вбудоване'));
  expect(await readdir(join(dir, 'asked-spool'))).toHaveLength(1);
  await embedded?.spool.close();

  const location = { databaseUrl: db.url, dataDir: dir };
  expect(await openRelaySpool(location, undefined, '/', store)).toBeNull();
  const mine = await openRelaySpool(location, 'by-url', dir, store);
  expect(mine).not.toBeNull();
  expect(await readdir(join(dir, 'by-url'))).toContain('relay.lock');
  await mine?.spool.close();
  await mine?.release();
  // Another relay, alive, holds the folder.
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    await writeFile(join(dir, 'by-url', 'relay.lock'), `${other.pid}\n`);
    const second = openRelaySpool(location, join(dir, 'by-url'), '/', store);
    await expect(second).rejects.toThrow(UsageError);
    await expect(second).rejects.toThrow(/--spool-dir/);
  } finally {
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
  }
  // Its holder gone, the folder is this relay's.
  const after = await openRelaySpool(location, join(dir, 'by-url'), '/', store);
  expect(after?.recovered).toBe(0);
  await after?.release();
});

it('flushCommits writes to a logged table in a commit that waits for the disk, whatever the server says', async () => {
  const admin = new Client({ connectionString: db.url });
  await admin.connect();
  try {
    // Unlogged, the row would write nothing to the log, and the commit would have nothing to wait for.
    const kind = await admin.query<{ p: string }>(
      "SELECT relpersistence AS p FROM pg_class WHERE relname = 'counters'",
    );
    expect(kind.rows[0].p).toBe('p');
    // The test server commits without waiting (synchronous_commit off): flushCommits still flushes.
    const setting = await admin.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    expect(setting.rows[0].synchronous_commit).toBe('off');
    await admin.query(
      "INSERT INTO counters (name, n, expires_at) VALUES ('unflushed', 1, now() + interval '1 minute')",
    );
    const { lsn } = (await admin.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0];
    await store.flushCommits();
    const flushed = await admin.query<{ done: boolean }>('SELECT pg_current_wal_flush_lsn() >= $1::pg_lsn AS done', [
      lsn,
    ]);
    expect(flushed.rows[0].done).toBe(true);
  } finally {
    await admin.end();
  }
});

it('rows a database crash lost after their commit (not yet flushed) go in again from the segment before it goes', async () => {
  let flushed = () => {};
  const flushing = new Promise<void>((resolve) => (flushed = resolve));
  const unflushed: RelayStore = { ...store, flushCommits: () => flushing.then(() => store.flushCommits()) };
  const { spool } = await EvidenceSpool.open(dir, unflushed, 64 << 10);
  const recoveries: [number, number][] = [];
  spool.onRecovered = (rows, answers) => recoveries.push([rows, answers]);
  const journal = new AuditJournal(unflushed, {}, 0, { spool, chain: null });
  const first: number[] = [];
  for (let write = 0; write < 2; write++) {
    const ids = await Promise.all(
      Array.from({ length: 200 }, (_, i) => journal.insert(asked(`Рядок ${write}-${i} ${'д'.repeat(100)}`))),
    );
    if (write === 0) first.push(...ids);
  }
  await journal.drained();
  // The first segment's rows were committed; the database then crashed before its log reached the disk.
  const admin = new Client({ connectionString: db.url });
  await admin.connect();
  await admin.query('DELETE FROM audit WHERE id = ANY($1::bigint[])', [first.slice(0, 50)]);
  await admin.end();
  flushed();
  await until(async () => !(await readdir(dir)).includes('asked-1.jsonl'));
  expect(recoveries).toEqual([[50, 0]]);
  expect((await store.auditIdsKnown(first)).size).toBe(200);
  expect((await store.auditById(first[0]))?.query).toEqual({ name: `Рядок 0-0 ${'д'.repeat(100)}` });
  await spool.close();
});

it('a full segment gives way to the next, and each goes once all its rows are in the database', async () => {
  // Segments of a megabyte (the relay's are larger) and about 1.4 MB of rows: past the first one. In
  // four writes of 750 rows: rows waiting together go in one write, which a segment never splits.
  const { spool } = await EvidenceSpool.open(dir, store, 1 << 20);
  const journal = new AuditJournal(store, {}, 0, { spool, chain: null });
  const ids: number[] = [];
  for (let write = 0; write < 4; write++) {
    ids.push(
      ...(await Promise.all(
        Array.from({ length: 750 }, (_, i) =>
          journal.insert(asked(`Рядок номер ${write * 750 + i} ${'д'.repeat(100)}`)),
        ),
      )),
    );
  }
  await journal.drained();
  expect(new Set(ids).size).toBe(3_000);
  expect(await store.auditIdsKnown(ids)).toHaveProperty('size', 3_000);
  expect(spool.outstanding).toBe(0);
  // The full one goes once the database's log is on disk (within a second); the one being filled
  // (and the next, made ahead) stay until close.
  await until(async () => !(await readdir(dir)).includes('asked-1.jsonl'));
  expect(await readdir(dir)).toContain('asked-2.jsonl');
  await spool.close();
  expect(await readdir(dir)).toEqual([]);
}, 30_000);

it('a segment whose rows are all in the database stays until the database has flushed their commits', async () => {
  let flushed = () => {};
  const flushing = new Promise<void>((resolve) => (flushed = resolve));
  let flushes = 0;
  const unflushed: RelayStore = {
    ...store,
    flushCommits: async () => {
      flushes++;
      await flushing;
      return store.flushCommits();
    },
  };
  const { spool } = await EvidenceSpool.open(dir, unflushed, 64 << 10);
  const journal = new AuditJournal(unflushed, {}, 0, { spool, chain: null });
  // Three writes of about 90 kB each: the first fills the first segment, the next go to new ones.
  for (let write = 0; write < 3; write++) {
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => journal.insert(asked(`Рядок ${write}-${i} ${'д'.repeat(100)}`))),
    );
  }
  await journal.drained();
  expect(spool.outstanding).toBe(0);
  // Every row of the first segment committed, without waiting for the disk: the file stays.
  await until(async () => flushes > 0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await readdir(dir)).toContain('asked-1.jsonl');
  flushed();
  await until(async () => !(await readdir(dir)).includes('asked-1.jsonl'));
  await spool.close();
});

it('a segment whose settling failed (the database away) is tried again while the relay runs, and then goes', async () => {
  let away = true;
  let flushes = 0;
  const awhile: RelayStore = {
    ...store,
    flushCommits: async () => {
      flushes++;
      if (away) throw new Error('connection refused');
      return store.flushCommits();
    },
  };
  const { spool } = await EvidenceSpool.open(dir, awhile, 64 << 10);
  const journal = new AuditJournal(awhile, {}, 0, { spool, chain: null });
  for (let write = 0; write < 2; write++) {
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => journal.insert(asked(`Рядок ${write}-${i} ${'д'.repeat(100)}`))),
    );
  }
  await journal.drained();
  // Its settling failed: the file stays, and is not forgotten.
  await until(async () => flushes > 0);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await readdir(dir)).toContain('asked-1.jsonl');
  away = false;
  await until(async () => !(await readdir(dir)).includes('asked-1.jsonl'));
  expect(flushes).toBeGreaterThan(1);
  await spool.close();
});
