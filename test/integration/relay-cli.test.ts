import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { buildCli, cliEnv, removeDir, runCli, tempDir } from './cli-support';
import { startRecordingSandbox, TOKKEN, type RecordingSandbox } from './relay-support';
import { createKey } from '../../src/relay/keys';
import { openStore } from '../../src/relay/store/open-store';

/**
 * The relay as operators run it: `checklists relay ...` as a subprocess on an embedded store
 * in a temp folder. One data folder (one PostgreSQL cluster) for the whole file.
 */

let bundle: string;
let dataDir: string;
let sandbox: RecordingSandbox;
let env: Record<string, string>;
const outputs: string[] = [];
const children = new Set<ChildProcess>();

interface RunningRelay {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
}

function startRelay(extra: string[] = []): Promise<RunningRelay> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a crash test can kill the relay and its PostgreSQL together.
    const child = spawn(
      process.execPath,
      [bundle, 'relay', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, ...extra],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    children.add(child);
    child.on('exit', () => children.delete(child));
    let out = '';
    let err = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      const m = /(?:listening on|слухає) (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) resolve({ child, url: m[1], stdout: () => out, stderr: () => err });
    });
    child.on('exit', (code) => {
      outputs.push(out, err);
      reject(new Error(`relay exited ${code}: ${err}`));
    });
    setTimeout(() => reject(new Error(`relay did not start: ${err}`)), 60_000).unref();
  });
}

/** The PostgreSQL processes serving `dir` (a relay's data folder), by /proc. */
function postgresOf(dir: string): string[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args[0].endsWith('/postgres') && args.some((a) => a.includes(dir));
      } catch {
        return false;
      }
    });
}

async function stopRelay(relay: RunningRelay): Promise<void> {
  const exited = new Promise<void>((r) => relay.child.once('exit', () => r()));
  relay.child.kill('SIGTERM');
  await exited;
  outputs.push(relay.stdout());
}

beforeAll(async () => {
  bundle = await buildCli();
  dataDir = tempDir('relay-cli-');
  chmodSync(dataDir, 0o711);
  sandbox = await startRecordingSandbox(2);
  env = cliEnv({
    CHECKLISTS_URL: sandbox.urls[0],
    CHECKLISTS_RESERVE_URLS: sandbox.urls[1],
    CHECKLISTS_TOKKEN: TOKKEN,
    CHECKLISTS_SUBJECT_ID: 'demo-subject',
  });
}, 60_000);

afterAll(async () => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Its process group is gone already.
    }
  }
  await sandbox?.close();
  // A relay's PostgreSQL has a process group of its own, which outlives a relay killed above: stop it
  // (fast shutdown) before removing its folder.
  for (const pid of postgresOf(dataDir)) {
    try {
      process.kill(Number(pid), 'SIGINT');
    } catch {
      // Gone already.
    }
  }
  for (let i = 0; i < 100 && postgresOf(dataDir).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  removeDir(dataDir);
  removeDir(bundle);
});

async function cli(args: string[]) {
  const result = await runCli(bundle, ['relay', ...args, '--data-dir', dataDir], { env });
  outputs.push(result.stdout, result.stderr);
  return result;
}

const keys = new Map<string, string>();

async function ask(
  url: string,
  key: string,
  name: string,
  id: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/api`, {
    method: 'POST',
    body: JSON.stringify({ tokken: key, name, IDinternal: id }),
  });
  const text = await res.text();
  outputs.push(text);
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
}

/** 20 analysts × 100 requests over 400 distinct subjects, each analyst one request at a time. */
async function load(
  url: string,
  prefix: string,
  onAnswer: (id: string) => void,
  stopEarly?: () => boolean,
): Promise<{ ok: number; failed: number }> {
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 20 }, async (_, a) => {
      const key = keys.get(`analyst${a}`)!;
      for (let j = 0; j < 100; j++) {
        if (stopEarly?.()) return;
        const subject = (a * 20 + j) % 400;
        const id = `${prefix}-${a}-${j}`;
        try {
          const res = await ask(url, key, `${prefix} Суб’єкт ${subject}`, id);
          if (res.status === 200 && res.body.idinternal === id) {
            ok++;
            onAnswer(id);
          } else failed++;
        } catch {
          failed++;
          return;
        }
      }
    }),
  );
  return { ok, failed };
}

async function auditIds(): Promise<{ header: string; ids: Set<string>; rows: number; delivered: number }> {
  const res = await cli(['audit', '--csv']);
  expect(res.code).toBe(0);
  // The BOM first, so that Excel opens the export as UTF-8 (trim() below drops it).
  expect(res.stdout.startsWith('\uFEFFid,at,analyst,')).toBe(true);
  const lines = res.stdout.trim().split(/\r?\n/);
  const ids = new Set<string>();
  for (const line of lines.slice(1)) {
    const m = /IDinternal""?:""([^"]+)""/.exec(line);
    if (m) ids.add(m[1]);
  }
  const delivered = lines.filter((line) => line.endsWith(',true')).length;
  return { header: lines[0], ids, rows: lines.length - 1, delivered };
}

describe('checklists relay', () => {
  it('keys add prints the key alone on the last stdout line; list and revoke manage keys', async () => {
    // A folder that holds no relay: a command that only reads or changes what is there says so and
    // makes nothing (a mistyped --data-dir once got a new empty store and "No analyst keys yet").
    for (const args of [['keys', 'list'], ['keys', 'revoke', 'olena'], ['audit'], ['verify'], ['backup']]) {
      const refused = await cli(args);
      expect([refused.code, refused.stdout]).toEqual([2, '']);
      expect(refused.stderr).toContain(`No relay data in ${dataDir}`);
    }
    expect(readdirSync(dataDir)).toEqual([]);
    // keys add with no relay running: the command starts the embedded cluster itself, and a
    // read finds it.
    expect((await cli(['keys', 'add', 'first.admin', '--role', 'admin'])).code).toBe(0);
    expect((await cli(['keys', 'list'])).stdout).toMatch(/^first\.admin\tadmin\tactive\t/m);
    // The rest while a relay serves, as an administrator would.
    const relay = await startRelay();
    // Without --public-url the manifest names each request's own host, not the address listened on.
    expect(relay.stderr()).toContain(
      "(public address from each request's Host header; set --public-url for a central deployment)",
    );
    const added = await cli(['keys', 'add', 'olena']);
    expect(added.code).toBe(0);
    const last = added.stdout.trimEnd().split('\n').pop()!;
    expect(last).toMatch(/^ckr_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    keys.set('olena', last);
    const again = await cli(['keys', 'add', 'olena']);
    expect(again.code).toBe(2);
    expect(again.stdout).toBe('');
    // Look-alikes of an analyst are refused: a Cyrillic "о" inside a Latin name, and a name all in
    // Cyrillic letters that read as the Latin one; neither gets a key.
    const mixed = await cli(['keys', 'add', 'оlena']);
    expect([mixed.code, mixed.stdout]).toEqual([2, '']);
    expect(mixed.stderr).toContain('mixes Latin and Cyrillic letters');
    expect((await cli(['keys', 'add', 'сорах'])).code).toBe(0);
    const twin = await cli(['keys', 'add', 'COPAX']);
    expect([twin.code, twin.stdout]).toEqual([2, '']);
    expect(twin.stderr).toContain('looks like the existing "сорах"');
    await cli(['keys', 'add', 'petro']);
    const listed = await cli(['keys', 'list']);
    expect(listed.stdout).toMatch(/^olena\tanalyst\tactive\t/m);
    expect(listed.stdout).not.toContain(last);
    const revoked = await cli(['keys', 'revoke', 'petro']);
    expect(revoked.code).toBe(0);
    const listedAgain = await cli(['keys', 'list']);
    expect(listedAgain.stdout).toMatch(/^petro\tanalyst\trevoked\t/m);
    // Its columns named for the person, on stderr; every stdout line is a key's.
    expect(listedAgain.stderr).toBe('name\trole\tstate\tcreated (UTC)\trevoked (UTC)\n');
    expect(
      listedAgain.stdout
        .trimEnd()
        .split('\n')
        .every((l) => /^\S+\t(analyst|approver|auditor|admin)\t/.test(l)),
    ).toBe(true);
    // Roles (issue 28, 29): one per key, named on add, listed, kept by rotate; an unknown one refused.
    expect((await cli(['keys', 'add', 'inspector', '--role', 'auditor'])).code).toBe(0);
    const badRole = await cli(['keys', 'add', 'boss', '--role', 'owner']);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('Role "owner"');
    expect((await cli(['keys', 'rotate', 'inspector'])).code).toBe(0);
    expect((await cli(['keys', 'list'])).stdout.split('\n').filter((l) => l.startsWith('inspector\t'))).toEqual([
      expect.stringMatching(/^inspector\tauditor\trevoked\t/),
      expect.stringMatching(/^inspector\tauditor\tactive\t/),
    ]);
    // A revoked analyst gets a new key under the same name (issue 32), and rotate replaces one in force.
    const renewed = await cli(['keys', 'add', 'petro']);
    expect(renewed.code).toBe(0);
    const petroKey = renewed.stdout.trimEnd().split('\n').pop()!;
    expect((await ask(relay.url, petroKey, 'Новий Ключ', 'p1')).status).toBe(200);
    const rotated = await cli(['keys', 'rotate', 'petro']);
    expect(rotated.code).toBe(0);
    const rotatedKey = rotated.stdout.trimEnd().split('\n').pop()!;
    expect(rotatedKey).not.toBe(petroKey);
    expect((await ask(relay.url, rotatedKey, 'Новий Ключ', 'p2')).status).toBe(200);
    const petroRows = (await cli(['keys', 'list'])).stdout.split('\n').filter((l) => l.startsWith('petro\t'));
    expect(petroRows.map((l) => l.split('\t')[2])).toEqual(['revoked', 'revoked', 'active']);
    // The load tests' 20 analysts: the same createKey the command runs, in this process on the
    // relay's own running cluster (a CLI subprocess each cost ~1 s of start-up on a busy machine).
    const opened = await openStore({ dataDir }, { adopt: false });
    try {
      for (let i = 0; i < 20; i++) {
        const made = await createKey(opened.store, `analyst${i}`);
        if (made === 'exists') throw new Error(`analyst${i} exists`);
        keys.set(`analyst${i}`, made.key);
      }
    } finally {
      await opened.close();
    }
    await stopRelay(relay);
  }, 120_000);

  it('serves 20 analysts × 100 requests over 400 subjects: no audit row lost, one upstream request per subject; keys revoked while it runs stop within a second', async () => {
    const relay = await startRelay();
    expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
    sandbox.requests.length = 0;
    const received: string[] = [];
    const result = await load(relay.url, 'Load', (id) => received.push(id));
    expect(result).toEqual({ ok: 2000, failed: 0 });
    expect(sandbox.requests).toHaveLength(400);
    for (const req of sandbox.requests) expect(req.headers['user-agent'] ?? '').not.toMatch(/Mozilla|Chrome/);

    const olena = keys.get('olena')!;
    expect((await ask(relay.url, olena, 'Ще Один', 'x1')).status).toBe(200);
    expect((await cli(['keys', 'revoke', 'olena'])).code).toBe(0);
    // Felt within about a second (key rows are read again at most every 500 ms).
    const revokedAt = performance.now();
    let refused = false;
    let attempts = 0;
    while (!refused && performance.now() - revokedAt < 1_000) {
      attempts++;
      refused = (await ask(relay.url, olena, 'Ще Один', `x${attempts + 1}`)).body.error === 9;
      if (!refused) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe(true);
    await stopRelay(relay);

    const audit = await auditIds();
    expect(audit.header).toBe(
      'id,at,analyst,method,query,listdata,served_by,idrequest,verdict,hits,duration_ms,from_cache,error_code,status,instance,state,archive_id,delivered',
    );
    // Every reply, answer or refusal, was handed to its analyst's connection and says so.
    expect(audit.delivered).toBe(2002 + attempts);
    // The last attempt, refused as revoked, names nobody and is counted in metrics, not audited.
    expect(audit.rows).toBe(2002 + attempts);
    for (const id of received) expect(audit.ids.has(id)).toBe(true);
    const fromAnalyst = await cli(['audit', '--analyst', 'analyst3', '--from', '2000-01-01', '--to', '2999-12-31']);
    expect(fromAnalyst.stdout.trim().split('\n')).toHaveLength(100);
    expect(fromAnalyst.stderr).toBe('');
    // A mistyped name: the export stays empty, and says why on stderr rather than read as "no activity".
    const typo = await cli(['audit', '--analyst', 'analyst33', '--csv']);
    expect(typo.code).toBe(0);
    expect(typo.stdout.trim().split('\n')).toHaveLength(1);
    expect(typo.stderr).toContain('No audit rows match for analyst "analyst33". Names match exactly');
    // An inspector's question about one client: its rows, the name typed in another case and spacing.
    const all = (await cli(['audit'])).stdout.trim().split('\n');
    const named = all.filter((l) => (JSON.parse(l) as { query: { name: string } }).query.name === 'Ще Один');
    expect(named.length).toBeGreaterThanOrEqual(attempts);
    const client = await cli(['audit', '--name', '  ще   ОДИН ']);
    expect([client.code, client.stderr]).toEqual([0, '']);
    expect(client.stdout.trim().split('\n')).toEqual(named);
    const nobody = await cli(['audit', '--name', 'Ще Два', '--csv']);
    expect(nobody.stdout.trim().split('\n')).toHaveLength(1);
    expect(nobody.stderr).toContain('The client is matched by part of the name as screened');
  }, 180_000);

  it('killed with -9 during load and restarted: every answer received has its audit row, every answer the service sent is archived or its request stays "asked", the store opens without repair', async () => {
    const relay = await startRelay();
    sandbox.requests.length = 0;
    sandbox.answers.length = 0;
    const received: string[] = [];
    let killed = false;
    const running = load(relay.url, 'Crash', (id) => {
      received.push(id);
      if (received.length === 300 && !killed) {
        killed = true;
        // The relay and its PostgreSQL, the whole process group, with no chance to flush anything.
        process.kill(-relay.child.pid!, 'SIGKILL');
      }
    });
    await running;
    expect(killed).toBe(true);
    expect(received.length).toBeGreaterThanOrEqual(300);

    const restarted = await startRelay();
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    const audit = await auditIds();
    const missing = received.filter((id) => !audit.ids.has(id));
    expect(missing).toEqual([]);

    // The service's own log against the relay's record: each answer it sent is in the archive
    // with its bytes, or was cut off by the kill, and then its request's audit row says "asked".
    const served = sandbox.requests
      .filter((r) => r.path === '/api')
      .map((r, i) => ({ name: (JSON.parse(r.body) as { name: string }).name, answer: sandbox.answers[i] }));
    expect(served.length).toBeGreaterThan(0);
    const opened = await openStore({ dataDir }, { adopt: false });
    try {
      const archived = new Set<string>();
      for await (const page of opened.store.archivePages()) {
        for (const row of page) archived.add(row.answer.toString('utf8'));
      }
      const rows = await opened.store.readAudit({});
      const askedOnly = new Set(rows.filter((r) => r.state === 'asked').map((r) => (r.query as { name: string }).name));
      const unarchived = served.filter((s) => !archived.has(s.answer));
      for (const s of unarchived) expect(askedOnly.has(s.name)).toBe(true);
      expect(unarchived.length).toBeLessThanOrEqual(8); // at most what was on the wire (concurrency 8)
      // Every answered row names an archived answer.
      const answeredIds = new Set(rows.filter((r) => r.state === 'answered').map((r) => r.archiveId));
      expect(answeredIds.has(null)).toBe(false);
      // And every answer an analyst received is among them, its copy in the archive: those the
      // relay had only in its spool when killed were put in at the restart (archive-chain.ts).
      const archiveIds = new Set<number>();
      for await (const page of opened.store.archivePages()) for (const row of page) archiveIds.add(row.id);
      const byInternal = new Map(rows.map((r) => [(r.query as { IDinternal?: string }).IDinternal, r]));
      const withoutCopy = received.filter((id) => {
        const row = byInternal.get(id);
        return row?.state !== 'answered' || row.archiveId === null || !archiveIds.has(row.archiveId);
      });
      expect(withoutCopy).toEqual([]);
      console.info(`kill -9: service sent ${served.length}, cut off before archiving ${unarchived.length}`);
    } finally {
      await opened.close();
    }
    // The chain survived the kill: nothing half-written in it.
    const verified = await cli(['verify']);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/Answer archive intact: \d+ rows/);
    // And it serves again on the same store.
    expect((await ask(restarted.url, keys.get('analyst0')!, 'Після Аварії', 'after')).status).toBe(200);
    await stopRelay(restarted);
  }, 180_000);

  it.each([
    ['SIGTERM to the relay alone, as systemd’s KillMode=mixed sends it', 'mixed'],
    ['SIGTERM to every process, PostgreSQL’s too, as systemd’s default KillMode=control-group does', 'cgroup'],
    ['SIGINT to the relay’s process group, as Ctrl-C in its terminal does', 'terminal'],
    ['SIGHUP to the relay’s process group, as a shell does to its jobs when the ssh session closes', 'hangup'],
  ] as const)(
    'stopped during load (%s): every answer received has its row in the database, answered and delivered, with no restart needed; nothing is left running',
    async (_how, target) => {
      const relay = await startRelay();
      const received: string[] = [];
      let stopped: Promise<number | null> | null = null;
      await load(relay.url, `Stop-${target}`, (id) => {
        received.push(id);
        if (received.length === 200 && !stopped) {
          stopped = new Promise((resolve) => relay.child.once('exit', (code) => resolve(code)));
          if (target === 'mixed') relay.child.kill('SIGTERM');
          else if (target === 'terminal') process.kill(-relay.child.pid!, 'SIGINT');
          else if (target === 'hangup') process.kill(-relay.child.pid!, 'SIGHUP');
          else {
            process.kill(-relay.child.pid!, 'SIGTERM');
            // The postmaster's group: it and every backend it started.
            for (const pid of postgresOf(dataDir)) process.kill(-Number(pid), 'SIGTERM');
          }
        }
      });
      expect(await stopped).toBe(0);
      outputs.push(relay.stdout(), relay.stderr());
      expect(postgresOf(dataDir)).toEqual([]);
      expect(received.length).toBeGreaterThanOrEqual(200);
      // Read as the database holds it: `relay audit` opens the store without replaying any spool.
      const res = await cli(['audit', '--csv']);
      const deliveredIds = new Set(
        res.stdout
          .split(/\r?\n/)
          .filter((line) => line.includes(`Stop-${target}-`) && /,answered,\d+,true$/.test(line))
          .map((line) => /IDinternal""?:""([^"]+)""/.exec(line)?.[1]),
      );
      expect(received.filter((id) => !deliveredIds.has(id))).toEqual([]);
    },
    120_000,
  );

  it('keeps the tokken in a file of its own, and PostgreSQL’s environment never holds it (issue 32)', async () => {
    // Started with the tokken in the environment: the embedded PostgreSQL does not inherit it.
    let relay = await startRelay(['--lang', 'uk']);
    // --lang is the language of the relay's own lines, its start line too.
    expect(relay.stderr()).toMatch(
      /^Релей слухає http:\/\/127\.0\.0\.1:\d+ \(публічна адреса [^)]+\); сервіс: [^;]+; дані: вбудований PostgreSQL у \//m,
    );
    const postgres = postgresOf(dataDir);
    expect(postgres.length).toBeGreaterThan(0);
    for (const pid of postgres) {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      expect(environ).toContain('LC_ALL=C');
      expect(environ).not.toContain(TOKKEN);
      expect(environ).not.toContain('CHECKLISTS_');
    }
    await stopRelay(relay);

    // The tokken from --tokken-file alone (mode 600), none in the environment: the relay starts and asks with it.
    const file = join(tempDir('relay-tokken-'), 'tokken');
    writeFileSync(file, `${TOKKEN}\n`, { mode: 0o600 });
    const saved = env;
    env = Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'CHECKLISTS_TOKKEN'));
    try {
      relay = await startRelay(['--tokken-file', file]);
      sandbox.requests.length = 0;
      expect((await ask(relay.url, keys.get('analyst1')!, 'Файловий Токен', 'f1')).status).toBe(200);
      expect(sandbox.requests.map((r) => (JSON.parse(r.body) as { tokken: string }).tokken)).toEqual([TOKKEN]);
      await stopRelay(relay);
    } finally {
      env = saved;
      removeDir(dirname(file));
    }
  }, 120_000);

  it('one relay per data folder: a second is refused and the first keeps its database (issue 32)', async () => {
    // The first is started without a built add-in and says so; the third finds one and does not.
    const noAddIn = tempDir('relay-no-addin-');
    const first = await startRelay(['--dist', noAddIn]);
    expect(first.stderr()).toContain(`Warning: the add-in is not built in ${noAddIn} (no taskpane.html).`);
    // Its upstream is the sandbox (the demo account's tokken): the start line says the data is fictional.
    expect(first.stderr()).toMatch(
      /; upstream: [^;]+ \(a CheckLists sandbox: FICTIONAL data, and every certificate says so\); data: /,
    );
    const second = await startRelay().then(
      () => null,
      (error: Error) => error.message,
    );
    expect(second).toMatch(/relay exited 2: .*Another relay \(process \d+\) serves/s);
    // The refused one stopped nothing: the first still answers, with its database.
    expect((await ask(first.url, keys.get('analyst2')!, 'Після Другого', 's1')).status).toBe(200);
    await stopRelay(first);
    // The folder is free again once the first has stopped.
    const addIn = tempDir('relay-addin-');
    writeFileSync(join(addIn, 'taskpane.html'), '<!doctype html>');
    const third = await startRelay(['--dist', addIn]);
    expect(third.stderr()).not.toContain('add-in is not built');
    await stopRelay(third);
  }, 120_000);

  it('as root, a new --data-dir made several levels deep works: PostgreSQL (run as postgres) can reach it', async () => {
    if (process.getuid?.() !== 0) return;
    const parent = tempDir('relay-root-');
    // The operator's folder: postgres may pass through it, as any service's parent folder allows.
    chmodSync(parent, 0o711);
    const fresh = join(parent, 'new', 'deeper', 'relay');
    const child = spawn(
      process.execPath,
      [bundle, 'relay', '--port', '0', '--host', '127.0.0.1', '--data-dir', fresh],
      { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    children.add(child);
    child.on('exit', () => children.delete(child));
    let err = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr!.setEncoding('utf8').on('data', (d: string) => {
        err += d;
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`relay exited ${code}: ${err}`)));
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    await exited;
    outputs.push(err);
    removeDir(parent);
  }, 120_000);

  it('as root, a --data-dir inside a private folder is refused with the folder named, before PostgreSQL is started', async () => {
    if (process.getuid?.() !== 0) return;
    const parent = tempDir('relay-private-');
    // The operator's own folder, as /root is: postgres may not pass through it.
    chmodSync(parent, 0o700);
    const inside = join(parent, 'relay');
    const refused = await startRelay(['--data-dir', inside]).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refused).toContain(`cannot pass through ${parent}, so it cannot reach ${join(inside, 'postgres')}`);
    expect(refused).toContain(`chmod o+x ${parent}`);
    expect(refused).not.toMatch(/Unexpected|Permission denied/);
    removeDir(parent);
  }, 60_000);

  it('refuses a TLS private key that other users can read (issue 32)', async () => {
    const dir = tempDir('relay-tls-');
    writeFileSync(join(dir, 'k.pem'), 'not a real key', { mode: 0o644 });
    writeFileSync(join(dir, 'c.pem'), 'not a real certificate', { mode: 0o644 });
    const refused = await startRelay(['--cert', join(dir, 'c.pem'), '--key', join(dir, 'k.pem')]).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/relay exited 2: .*The TLS private key .*k\.pem can be read by other users/s);
    // Refused before anything was started.
    expect(postgresOf(dataDir)).toEqual([]);
    removeDir(dir);
  });

  it('a relay refused once its store is open (its port taken) leaves no PostgreSQL running, and the folder free', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const refused = await startRelay(['--port', String(port)]).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(refused).toMatch(
        new RegExp(`relay exited 2: .*Port ${port} on 127\\.0\\.0\\.1 is taken by another program`, 's'),
      );
      expect(postgresOf(dataDir)).toEqual([]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const next = await startRelay();
    await stopRelay(next);
    expect(postgresOf(dataDir)).toEqual([]);
  }, 120_000);

  it('the tokken is in no output of the relay and in no file under its data folder', () => {
    const text = outputs.join('\n');
    expect(text.length).toBeGreaterThan(1000);
    const spellings = [
      TOKKEN,
      Buffer.from(TOKKEN).toString('base64'),
      Buffer.from(TOKKEN).toString('base64url'),
      Buffer.from(TOKKEN).toString('hex'),
      encodeURIComponent(TOKKEN),
    ];
    for (const spelling of spellings) expect(text.toLowerCase()).not.toContain(spelling.toLowerCase());
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        const info = lstatSync(p);
        if (info.isDirectory()) walk(p);
        else if (info.isFile()) files.push(p);
      }
    };
    walk(dataDir);
    expect(files.length).toBeGreaterThan(100);
    const needles = [...spellings, TOKKEN.toLowerCase(), TOKKEN.toUpperCase()]
      .map((x) => Buffer.from(x))
      .concat(Buffer.from(TOKKEN, 'utf16le'));
    const holding = files.filter((f) => {
      const bytes = readFileSync(f);
      return needles.some((needle) => bytes.includes(needle));
    });
    expect(holding).toEqual([]);
  });
});
