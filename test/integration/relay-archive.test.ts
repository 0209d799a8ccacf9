import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { runRelay } from '../../src/cli/commands/relay-command';
import type { CliIo } from '../../src/cli/io';
import { verifyArchive } from '../../src/relay/answer-archive';
import type { ArchiveRow } from '../../src/relay/store/port';
import {
  addKey,
  post,
  resetStore,
  startRecordingSandbox,
  startTestDatabase,
  startTestRelay,
  TOKKEN,
  type RecordingSandbox,
  type TestDatabase,
  type TestRelay,
} from './relay-support';

/**
 * The answer archive on a real PostgreSQL: every paid answer's bytes in one chain that two
 * relay instances append to, checked by `relay verify`, refused any change by its triggers,
 * found out when a superuser changes it anyway, and pruned only with a recorded cut.
 */

let db: TestDatabase;
let sandbox: RecordingSandbox;
const relays: TestRelay[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  sandbox = await startRecordingSandbox(1);
}, 60_000);

afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
  await resetStore(db.url);
  sandbox.requests.length = 0;
  sandbox.answers.length = 0;
});

afterAll(async () => {
  await sandbox?.close();
  await db?.drop();
});

async function pair(): Promise<[TestRelay, TestRelay]> {
  const a = await startTestRelay(db.url, sandbox.urls, { instance: 'A', coordinateInstances: true });
  const b = await startTestRelay(db.url, sandbox.urls, { instance: 'B', coordinateInstances: true });
  relays.push(a, b);
  return [a, b];
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[]): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    env: { LANG: 'en_US.UTF-8' },
    cwd: process.cwd(),
    platform: process.platform,
    interrupt: new AbortController().signal,
  };
  const code = await runRelay([...args, '--database-url', db.url], io);
  return { code, stdout, stderr };
}

async function superuser<T>(work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

async function allRows(relay: TestRelay): Promise<ArchiveRow[]> {
  const rows: ArchiveRow[] = [];
  for await (const page of relay.store.archivePages()) rows.push(...page);
  return rows;
}

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

it('two instances append N paid answers to one chain, byte for byte as the service sent them; cached answers point at them; verify passes', async () => {
  const [a, b] = await pair();
  const olena = await addKey(a.store, 'olena');
  const petro = await addKey(a.store, 'petro');
  const names = Array.from({ length: 40 }, (_, i) => `Архівна Особа ${i}`);
  const replies = await Promise.all(
    names.map((name, i) => post(i % 2 ? b.url : a.url, { tokken: i % 2 ? petro : olena, name })),
  );
  expect(replies.map((r) => r.status)).toEqual(names.map(() => 200));

  const rows = await allRows(a);
  expect(rows).toHaveLength(sandbox.answers.length);
  expect(rows).toHaveLength(40);
  // The bytes the service sent, each once, and nothing re-encoded.
  expect(rows.map((r) => sha(r.answer)).sort()).toEqual(sandbox.answers.map((body) => sha(body)).sort());
  for (const r of rows) expect(r.answerSha256.toString('hex')).toBe(sha(r.answer));
  // Ids are the chain's order; each row names the analyst and the audit row of the request that paid.
  expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((x, y) => x - y));
  const audit = await a.store.readAudit({});
  const byId = new Map(audit.map((row) => [row.id, row]));
  for (const r of rows) {
    const paid = byId.get(r.auditId)!;
    expect(paid.archiveId).toBe(r.id);
    expect(paid.analyst).toBe(r.analyst);
    expect(JSON.parse(r.request)).toMatchObject({ name: (paid.query as { name: string }).name });
    expect(r.request).not.toContain(TOKKEN);
    expect(r.request).not.toMatch(/tokken|ckr_/i);
  }

  // Asked again through the other instance: answered from the shared cache, pointing at the archived answer.
  const again = await post(b.url, { tokken: petro, name: names[0] });
  expect(again.status).toBe(200);
  const latest = (await a.store.readAudit({})).at(-1)!;
  expect(latest.fromCache).toBe(true);
  const original = rows.find((r) => JSON.parse(r.request).name === names[0])!;
  expect(latest.archiveId).toBe(original.id);
  expect(await a.store.countAudit()).toBe(41);
  expect(sandbox.answers).toHaveLength(40);

  const verified = await cli(['verify']);
  expect(verified).toMatchObject({ code: 0, stderr: '' });
  expect(verified.stdout).toContain('40 rows');
  expect(verified.stdout).toContain(rows.at(-1)!.chain.toString('hex'));
}, 60_000);

it('refuses UPDATE, DELETE and TRUNCATE; a byte changed by a superuser with triggers off is named by verify', async () => {
  const [a] = await pair();
  const key = await addKey(a.store, 'olena');
  for (let i = 0; i < 6; i++) {
    expect((await post(a.url, { tokken: key, name: `Незмінна Особа ${i}` })).status).toBe(200);
  }
  const rows = await allRows(a);
  expect(rows).toHaveLength(6);
  const target = rows[3];

  await superuser(async (c) => {
    await expect(
      c.query('UPDATE answer_archive SET analyst = $1 WHERE id = $2', ['mallory', target.id]),
    ).rejects.toThrow(/append-only/);
    await expect(c.query('DELETE FROM answer_archive WHERE id = $1', [target.id])).rejects.toThrow(/append-only/);
    await expect(c.query('TRUNCATE answer_archive CASCADE')).rejects.toThrow(/append-only/);
    await expect(c.query('UPDATE archive_cuts SET chain = chain')).resolves.toBeDefined(); // no rows: nothing to refuse
  });
  expect((await cli(['verify'])).code).toBe(0);

  // What only a superuser can do: triggers off, one byte of one answer changed.
  await superuser(async (c) => {
    await c.query("SET session_replication_role = 'replica'");
    await c.query('UPDATE answer_archive SET answer = set_byte(answer, 5, get_byte(answer, 5) # 1) WHERE id = $1', [
      target.id,
    ]);
  });
  const broken = await cli(['verify']);
  expect(broken.code).toBe(1);
  expect(broken.stderr).toContain(`row ${target.id}`);
  expect(broken.stderr).toContain('SHA-256');
  expect(broken.stderr).toContain('the 3 rows before it intact');

  // The digest recomputed to match: the chain still names the row.
  await superuser(async (c) => {
    await c.query("SET session_replication_role = 'replica'");
    await c.query('UPDATE answer_archive SET answer_sha256 = sha256(answer) WHERE id = $1', [target.id]);
  });
  const rechained = await cli(['verify']);
  expect(rechained.code).toBe(1);
  expect(rechained.stderr).toContain(`row ${target.id}`);
  expect(rechained.stderr).toContain('chain hash');
}, 60_000);

it('a removed row is found: in the middle by the chain, at the end by the audit row that names it', async () => {
  const [a] = await pair();
  const key = await addKey(a.store, 'olena');
  for (let i = 0; i < 5; i++) expect((await post(a.url, { tokken: key, name: `Зникла Особа ${i}` })).status).toBe(200);
  const rows = await allRows(a);
  await superuser(async (c) => {
    await c.query("SET session_replication_role = 'replica'");
    await c.query('DELETE FROM answer_archive WHERE id = $1', [rows[2].id]);
  });
  const middle = await cli(['verify']);
  expect(middle.code).toBe(1);
  expect(middle.stderr).toContain(`row ${rows[3].id}`);

  await resetStore(db.url);
  for (let i = 0; i < 3; i++) {
    expect((await post(a.url, { tokken: await addKey(a.store, `a${i}`), name: `Остання ${i}` })).status).toBe(200);
  }
  const last = (await allRows(a)).at(-1)!;
  await superuser(async (c) => {
    await c.query("SET session_replication_role = 'replica'");
    await c.query('DELETE FROM answer_archive WHERE id = $1', [last.id]);
  });
  const end = await cli(['verify']);
  expect(end.code).toBe(1);
  expect(end.stderr).toContain(`row ${last.id}, named by the audit trail, is missing`);
}, 60_000);

it('prune removes only what retention allows, records the cut, and verify still proves the rest', async () => {
  const [a] = await pair();
  // Six years old: written as the relay writes them, with the time they were received.
  const old = new Date(Date.now() - 6 * 365.25 * 86_400_000);
  const auditIds = (
    await a.store.writeAuditBatch({
      inserts: [0, 1, 2].map((i) => ({
        state: 'asked' as const,
        at: old,
        analyst: 'old-timer',
        method: 'POST' as const,
        query: { name: `Давня Особа ${i}` },
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
      })),
      completions: [],
    })
  ).audit;
  await a.store.writeAuditBatch({
    inserts: [],
    completions: [],
    archives: auditIds.map((auditId, i) => ({
      auditId,
      receivedAt: old,
      analyst: 'old-timer',
      request: JSON.stringify({ name: `Давня Особа ${i}` }),
      answer: Buffer.from(`{"old":${i}}`),
    })),
  });
  const key = await addKey(a.store, 'olena');
  for (let i = 0; i < 4; i++) expect((await post(a.url, { tokken: key, name: `Свіжа Особа ${i}` })).status).toBe(200);
  expect(await allRows(a)).toHaveLength(7);
  expect((await cli(['verify'])).stdout).toContain('7 rows');

  // Under a year: refused before anything is touched, and the database refuses a young cut by itself.
  await expect(cli(['archive', 'prune', '--archive-years', '0'])).rejects.toThrow(/archive-years/);
  await superuser(async (c) => {
    await expect(
      c.query(
        "INSERT INTO archive_cuts (removed_before, first_kept, chain, rows_removed) VALUES (now(), 999999, '\\x00', 0)",
      ),
    ).rejects.toThrow(/at least a year/);
  });

  const pruned = await cli(['archive', 'prune']);
  expect(pruned.code).toBe(0);
  expect(pruned.stdout).toMatch(/^Removed 3 archived answers/);
  // The chain's hash where it now starts, as verify will check it.
  expect(pruned.stdout).toContain(`chain at the cut: ${(await a.store.archiveCut())?.chain.toString('hex')}\n`);
  const left = await allRows(a);
  expect(left).toHaveLength(4);
  expect(left.every((r) => r.analyst === 'olena')).toBe(true);
  const verified = await cli(['verify']);
  expect(verified.code).toBe(0);
  expect(verified.stdout).toContain('4 rows');
  expect(verified.stdout).toContain(`before id ${left[0].id}`);
  // The chain goes on after the cut.
  expect((await post(a.url, { tokken: key, name: 'Після Розрізу' })).status).toBe(200);
  expect((await verifyArchive(a.store)).rows).toBe(5);
  // Nothing left to prune.
  expect((await cli(['archive', 'prune'])).stdout).toMatch(/^Removed 0/);
}, 60_000);

it('relay backup and restore: the whole record into an empty database, byte for byte; verify passes there; a non-empty database is refused', async () => {
  const [a] = await pair();
  const olena = await addKey(a.store, 'olena');
  for (let i = 0; i < 5; i++) {
    expect((await post(a.url, { tokken: olena, name: `Збережена Особа ${i}` })).status).toBe(200);
  }
  // Each reply's delivery is written with the next commit: all of them are in before the backup.
  await a.service.journal.drained();
  const dir = mkdtempSync(join(tmpdir(), 'relay-backup-'));
  const other = await startTestDatabase();
  try {
    const backedUp = await cli(['backup', '--out', join(dir, 'relay.ndjson')]);
    expect(backedUp.code).toBe(0);
    const lines = readFileSync(join(dir, 'relay.ndjson'), 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0])).toMatchObject({ format: 'checklists-relay-backup', version: 2 });
    // The last line counts each table's rows, so that a backup cut short is known (below).
    expect(JSON.parse(lines.at(-1)!)).toEqual({
      end: expect.objectContaining({ analyst_keys: 1, audit: 5, answer_archive: 5, decisions: 0 }),
    });
    expect(lines.join('\n')).not.toContain(TOKKEN);
    // A backup never writes over a file, and leaves nothing half-written beside it.
    await expect(cli(['backup', '--out', join(dir, 'relay.ndjson')])).rejects.toThrow(
      'relay.ndjson already exists: a backup never writes over a file. Give another --out.',
    );
    expect(readFileSync(join(dir, 'relay.ndjson'), 'utf8').trim().split('\n')).toEqual(lines);
    expect(readdirSync(dir)).toEqual(['relay.ndjson']);

    const into = async (url: string, args: string[]) => {
      let stdout = '';
      let stderr = '';
      const io: CliIo = {
        stdout: { write: (s: string) => ((stdout += s), true) },
        stderr: { write: (s: string) => ((stderr += s), true) },
        env: { LANG: 'en_US.UTF-8' },
        cwd: dir,
        platform: process.platform,
        interrupt: new AbortController().signal,
      };
      const code = await runRelay([...args, '--database-url', url], io);
      return { code, stdout, stderr };
    };
    // Cut short (the last line lost, or a line cut in two): refused, and nothing restored.
    writeFileSync(join(dir, 'cut.ndjson'), `${lines.slice(0, -1).join('\n')}\n`);
    const cut = await into(other.url, ['restore', 'cut.ndjson']);
    expect(cut.code).toBe(2);
    expect(cut.stderr).toContain('Nothing restored: the backup has no last line: it was cut short; take a new backup.');
    const half = lines.slice(0, 4).join('\n');
    writeFileSync(join(dir, 'half.ndjson'), half.slice(0, half.length - 20));
    expect((await into(other.url, ['restore', 'half.ndjson'])).stderr).toContain(
      'Nothing restored: line 4 is not whole: the file was cut short or changed',
    );
    const lastDelivery = lines.reduce((last, l, i) => (l.startsWith('{"t":"audit_deliveries"') ? i : last), -1);
    writeFileSync(join(dir, 'less.ndjson'), lines.filter((_, i) => i !== lastDelivery).join('\n'));
    expect((await into(other.url, ['restore', 'less.ndjson'])).stderr).toContain(
      "Nothing restored: audit_deliveries: the backup's last line counts 5 rows, the file holds 4.",
    );
    // A row whose audit row is gone: the database's refusal, with the line named.
    const firstAudit = lines.findIndex((l) => l.startsWith('{"t":"audit"'));
    writeFileSync(join(dir, 'orphan.ndjson'), lines.filter((_, i) => i !== firstAudit).join('\n'));
    expect((await into(other.url, ['restore', 'orphan.ndjson'])).stderr).toMatch(
      /Nothing restored: line \d+ \(answer_archive\): .*foreign key/,
    );
    const restored = await into(other.url, ['restore', 'relay.ndjson']);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toContain('answer_archive 5');
    expect(restored.stdout).toContain('audit_outcomes 5');
    expect(restored.stdout).toContain('audit_deliveries 5');
    const verified = await into(other.url, ['verify']);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('5 rows');
    expect(verified.stdout).toContain((await allRows(a)).at(-1)!.chain.toString('hex'));
    // The restored keys work, and new rows continue the ids and the chain.
    const there = await startTestRelay(other.url, sandbox.urls, { instance: 'restored' });
    relays.push(there);
    // Each row comes back whole: the asked row, its outcome naming its answer, its delivery.
    expect((await there.store.readAudit({})).map((row) => [row.state, row.archiveId !== null, row.delivered])).toEqual(
      Array.from({ length: 5 }, () => ['answered', true, true]),
    );
    expect((await post(there.url, { tokken: olena, name: 'Після Відновлення' })).status).toBe(200);
    expect((await into(other.url, ['verify'])).stdout).toContain('6 rows');
    const again = await into(other.url, ['restore', 'relay.ndjson']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already holds');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await other.drop();
  }
}, 120_000);

it('a backup taken while the relay answers is one moment of the record: every archive row comes with its audit row, and it restores', async () => {
  const [a] = await pair();
  const olena = await addKey(a.store, 'olena');
  for (let i = 0; i < 3; i++) {
    expect((await post(a.url, { tokken: olena, name: `Перша Особа ${i}` })).status).toBe(200);
  }
  await a.service.journal.drained();
  const chunks: string[] = [];
  const reading = a.store.backup()[Symbol.asyncIterator]();
  // Read past the audit rows (up to the next table's first page), then let the relay answer more.
  for (;;) {
    const next = await reading.next();
    if (next.done) throw new Error('the backup ended before its audit outcomes');
    chunks.push(next.value);
    if (next.value.startsWith('{"t":"audit_outcomes"')) break;
  }
  for (let i = 0; i < 3; i++) {
    expect((await post(a.url, { tokken: olena, name: `Друга Особа ${i}` })).status).toBe(200);
  }
  await a.service.journal.drained();
  for (let next = await reading.next(); !next.done; next = await reading.next()) chunks.push(next.value);
  expect(JSON.parse(chunks.at(-1)!)).toEqual({
    end: expect.objectContaining({ audit: 3, audit_outcomes: 3, audit_deliveries: 3, answer_archive: 3 }),
  });

  const dir = mkdtempSync(join(tmpdir(), 'relay-backup-live-'));
  const other = await startTestDatabase();
  try {
    writeFileSync(join(dir, 'live.ndjson'), chunks.join(''));
    let stdout = '';
    const io: CliIo = {
      stdout: { write: (text: string) => ((stdout += text), true) },
      stderr: { write: (text: string) => ((stdout += text), true) },
      env: { LANG: 'en_US.UTF-8' },
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    expect(await runRelay(['restore', 'live.ndjson', '--database-url', other.url], io)).toBe(0);
    expect(stdout).toContain('answer_archive 3');
    stdout = '';
    expect(await runRelay(['verify', '--database-url', other.url], io)).toBe(0);
    expect(stdout).toContain('Answer archive intact: 3 rows');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await other.drop();
  }
}, 120_000);
