import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createSecretMask } from '../../core/text/secret-mask';
import { nearestWord } from '../../core/text/nearest';
import { errorFields } from '../../relay/log-fields';
import { langOption, parseStrict } from '../args/option-values';
import { DEFAULT_CACHE_TTL_MS } from '../../core/cache/answer-cache';
import { langFromEnv, loadCliConfig } from '../config';
import { nodeHttpTransport } from '../transport/http-transport';
import { UsageError } from '../exit-codes';
import type { CliIo } from '../io';
import { lockDataFolder, type FolderLock } from '../../relay/store/folder-lock';
import { makeServerFolder } from '../../relay/store/embedded-cluster';
import { startRelayHttp } from '../../relay/http-server';
import { REGISTRY_KEYS, type RegistryKey } from '../../core/protocol/registries';
import { isSandboxTokken } from '../../sandbox/credentials';
import { relayMessages } from '../../relay/messages';
import { helpMessages } from '../output/help-messages';
import { RelayService } from '../../relay/service';
import { openStore } from '../../relay/store/open-store';
import { privateFile } from './private-file';
import { openRelaySpool } from './relay-spool';
import { runArchive, runAudit, runBackup, runDecisions, runRestore, runVerify } from './relay-record-command';
import { runKeys } from './relay-keys-command';
import { STORE_OPTIONS, storeLocation, usage } from './relay-store-access';
import { parseIntOption } from '../args/option-values';

/**
 * `checklists relay ...`: the server, `keys add|list|revoke|rotate` (relay-keys-command.ts), `audit`,
 * `verify`, `archive prune` and `decisions export` (relay-record-command.ts). Every subcommand
 * takes --data-dir (embedded store) or --database-url / DATABASE_URL (external PostgreSQL).
 */

export async function runRelay(argv: readonly string[], io: CliIo): Promise<number> {
  const sub = argv[0];
  if (sub === 'help' || argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(`${helpMessages.t(langOption(argv) ?? langFromEnv(io.env), 'help.relay')}\n`);
    return 0;
  }
  const job =
    sub !== undefined && Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub as keyof typeof SUBCOMMANDS] : null;
  if (job) return job(argv.slice(1), io);
  // Anything but an option first is a mistyped subcommand: named, with the nearest one, not left to the server's options.
  if (sub !== undefined && !sub.startsWith('-')) {
    const near = nearestWord(sub, Object.keys(SUBCOMMANDS));
    throw near ? usage('usage.commandNear', { value: sub, near }) : usage('usage.command', { value: sub });
  }
  return runServer(argv, io);
}

const SUBCOMMANDS = {
  keys: runKeys,
  audit: runAudit,
  verify: runVerify,
  archive: runArchive,
  decisions: runDecisions,
  backup: runBackup,
  restore: runRestore,
} as const;

/** dist/ next to the CLI bundle (dist/cli.cjs) or two levels up from src/cli (tsx). */
function builtAddIn(): string {
  const candidates = [__dirname, join(__dirname, '..', '..', 'dist')];
  return candidates.find((dir) => existsSync(join(dir, 'taskpane.html'))) ?? candidates[1];
}

/** The server's options; `checklists relay --help` (help-messages.ts) lists each, and docs/relay.md says more. */
export const RELAY_SERVER_OPTIONS = {
  ...STORE_OPTIONS,
  port: { type: 'string' },
  host: { type: 'string' },
  'public-url': { type: 'string' },
  cert: { type: 'string' },
  key: { type: 'string' },
  'trust-proxy': { type: 'boolean', default: false },
  dist: { type: 'string' },
  'tokken-file': { type: 'string' },
  'insecure-http': { type: 'boolean' },
  concurrency: { type: 'string' },
  'rate-per-minute': { type: 'string' },
  'daily-budget': { type: 'string' },
  'cache-hours': { type: 'string' },
  'cooldown-seconds': { type: 'string' },
  'entra-issuer': { type: 'string' },
  'entra-audience': { type: 'string' },
  'entra-jwks': { type: 'string' },
  instance: { type: 'string' },
  'four-eyes': { type: 'string' },
  'spool-dir': { type: 'string' },
} as const;

async function runServer(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseStrict('relay', [...argv], RELAY_SERVER_OPTIONS, false);
  const env = io.env;
  const fourEyes = (values['four-eyes'] ?? '')
    .split(/[\s,]+/)
    .map((k) => k.trim())
    .filter(Boolean);
  const unknownRegistry = fourEyes.find((k) => !(REGISTRY_KEYS as readonly string[]).includes(k));
  if (unknownRegistry !== undefined) {
    throw new UsageError(
      relayMessages.text('fourEyes.unknown', { registry: unknownRegistry, registries: REGISTRY_KEYS.join(', ') }),
    );
  }
  // Every number first: a typo is told before anything is read, opened or started.
  const numbers = {
    port: parseIntOption('--port', values.port, 0, 65_535) ?? 8443,
    concurrency: parseIntOption('--concurrency', values.concurrency, 0, 256) || 8,
    ratePerMinute: parseIntOption('--rate-per-minute', values['rate-per-minute'], 0, 1_000_000) ?? 600,
    dailyBudget: parseIntOption('--daily-budget', values['daily-budget'], 0, 1_000_000_000) ?? 0,
    cacheHours: parseIntOption('--cache-hours', values['cache-hours'], 0, 24 * 366),
    cooldownSeconds: parseIntOption('--cooldown-seconds', values['cooldown-seconds'], 0, 86_400) ?? 600,
  };
  // Read first: the configuration's check that an address has its credentials must see it.
  const tokkenFile = values['tokken-file'] ?? env.CHECKLISTS_TOKKEN_FILE;
  const fileTokken = tokkenFile
    ? (
        await privateFile(resolve(io.cwd, tokkenFile), io.platform, {
          option: '--tokken-file',
          openKey: 'tokkenFile.open',
        })
      )
        .toString('utf8')
        .trim()
    : undefined;
  const lang = langOption(argv);
  const config = await loadCliConfig({
    env,
    platform: io.platform,
    // --lang is the language of every message the relay writes, its start line too, not only of errors.
    ...(lang ? { lang } : {}),
    ...(values.config ? { configPath: values.config } : {}),
    ...(values['insecure-http'] ? { insecureHttp: true } : {}),
    ...(fileTokken ? { tokken: fileTokken } : {}),
  });
  for (const w of config.warnings) io.stderr.write(`${w[config.lang]}\n`);
  const settings = config.loaded.settings;
  const tokken = config.loaded.tokken;
  const addresses = [settings.primaryUrl, ...settings.reserveUrls].map((a) => a.trim()).filter(Boolean);
  if (addresses.length === 0 || !tokken || !settings.idSubjectFM.trim()) {
    throw new UsageError(relayMessages.text('noUpstream'));
  }
  if ((values.cert === undefined) !== (values.key === undefined)) {
    throw usage('usage.together', { options: '--cert, --key' });
  }
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+/i.test(publicUrl)) {
    throw new UsageError(relayMessages.text('publicUrl.bad', { value: publicUrl }));
  }
  const entra =
    values['entra-issuer'] || values['entra-audience'] || values['entra-jwks']
      ? {
          issuer: values['entra-issuer'] ?? '',
          audience: values['entra-audience'] ?? '',
          jwksUrl: values['entra-jwks'] ?? '',
        }
      : undefined;
  if (entra && (!entra.issuer || !entra.audience || !entra.jwksUrl)) {
    throw usage('usage.together', { options: '--entra-issuer, --entra-audience, --entra-jwks' });
  }

  // Read before anything is started: a refused key leaves no PostgreSQL behind.
  const tls =
    values.cert && values.key
      ? {
          cert: await readFile(resolve(io.cwd, values.cert)).catch((error: NodeJS.ErrnoException) => {
            const path = resolve(io.cwd, values.cert!);
            throw new UsageError(
              error.code === 'ENOENT'
                ? relayMessages.text('file.missing', { option: '--cert', path })
                : relayMessages.text('file.unreadable', { option: '--cert', path, why: error.code ?? error.message }),
            );
          }),
          key: await privateFile(resolve(io.cwd, values.key), io.platform, { option: '--key', openKey: 'tlsKey.open' }),
        }
      : undefined;
  const location = storeLocation(values, env, io.cwd);
  // Every log line masked: an error's words come from the driver or the network, not from us.
  const mask = createSecretMask([tokken, passwordOf(location.databaseUrl)]);
  const log = (line: string) => io.stdout.write(`${mask(line)}\n`);
  // No connection is held while the service answers (subject claims are rows): the pool serves
  // each request's few short queries (key, counters, cache, claim, audit row).
  // One relay per data folder: a second one would adopt the first's PostgreSQL and stop it on exit.
  let folder: FolderLock | null = null;
  if (location.databaseUrl === undefined) {
    await makeServerFolder(location.dataDir);
    folder = await lockDataFolder(location.dataDir);
    if (!folder.ok) {
      throw new UsageError(relayMessages.text('folder.inUse', { dir: location.dataDir, pid: folder.holder }));
    }
  }
  const releaseFolder = async () => {
    if (folder?.ok) await folder.release();
  };
  const opened = await openStore(location, {
    adopt: true,
    poolSize: numbers.concurrency + 20,
    onError: (error) =>
      log(JSON.stringify({ time: new Date().toISOString(), event: 'store-connection-error', ...errorFields(error) })),
  }).catch(async (error: unknown) => {
    await releaseFolder();
    throw error;
  });
  const spooled = await openRelaySpool(location, values['spool-dir'], io.cwd, opened.store).catch(
    async (error: unknown) => {
      await opened.close();
      await releaseFolder();
      throw error;
    },
  );
  const closeStore = async () => {
    await spooled?.spool.close();
    await spooled?.release();
    await opened.close();
    await releaseFolder();
  };
  let service: RelayService;
  const distDir =
    (values.dist ?? env.RELAY_DIST_DIR) ? resolve(io.cwd, (values.dist ?? env.RELAY_DIST_DIR)!) : builtAddIn();
  const host = values.host ?? (values['trust-proxy'] ? '127.0.0.1' : '0.0.0.0');
  let http: Awaited<ReturnType<typeof startRelayHttp>>;
  try {
    if (spooled) {
      // At the start, rows the last run left in the spool; while it runs, rows a database crash lost
      // before its log reached the disk: each put in again from the spool.
      const recovered = (rows: number, recoveredAnswers: number) =>
        log(JSON.stringify({ time: new Date().toISOString(), event: 'asked-rows-recovered', rows, recoveredAnswers }));
      if (spooled.recovered + spooled.recoveredAnswers > 0) recovered(spooled.recovered, spooled.recoveredAnswers);
      spooled.spool.onRecovered = recovered;
    }
    service = new RelayService(opened.store, {
      upstream: {
        addresses,
        tokken,
        idSubjectFM: settings.idSubjectFM,
        timeoutMs: settings.timeoutSeconds * 1000,
        // fetch (undici) cost the relay about 0.8 ms of CPU per paid request more than node:http with
        // kept-alive connections: a quarter of its CPU (docs/PERFORMANCE.md, relay).
        transport: nodeHttpTransport({ maxSockets: numbers.concurrency }),
      },
      instance: values.instance ?? env.RELAY_INSTANCE ?? `relay-${randomBytes(3).toString('hex')}`,
      concurrency: numbers.concurrency,
      limits: {
        ratePerMinute: numbers.ratePerMinute,
        dailyBudget: numbers.dailyBudget,
      },
      cacheTtlMs:
        values['cache-hours'] !== undefined
          ? (numbers.cacheHours ?? 24) * 3_600_000
          : settings.cacheHours !== undefined
            ? settings.cacheHours * 3_600_000
            : DEFAULT_CACHE_TTL_MS,
      accountCooldownMs: numbers.cooldownSeconds * 1000,
      ...(entra ? { entra } : {}),
      fourEyes: fourEyes as RegistryKey[],
      // A sandbox account's tokken: no real account has one.
      sandboxUpstream: isSandboxTokken(tokken),
      // An external database may serve several instances; the embedded one serves this one only.
      coordinateInstances: location.databaseUrl !== undefined,
      ...(spooled ? { evidence: spooled } : {}),
    });
    http = await startRelayHttp(service, {
      port: numbers.port,
      host,
      distDir,
      ...(publicUrl ? { publicUrl } : {}),
      ...(tls ? { tls } : {}),
      trustProxy: values['trust-proxy'] === true,
      log,
      // SIGTERM: requests in progress get their answers (already paid and audited) before the exit.
      shutdownGraceMs: 10_000,
    });
  } catch (error) {
    // Refused after the store was opened (an option out of range, a port in use): nothing is left running.
    await closeStore().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const key = code === 'EADDRINUSE' ? 'port.inUse' : 'port.denied';
      throw new UsageError(relayMessages.text(key, { port: numbers.port, host }));
    }
    throw error;
  }
  // A trial on the sandbox left running must not pass for the live service.
  const upstreamText = service.config.sandboxUpstream
    ? relayMessages.t(config.lang, 'upstream.sandbox', { upstream: service.upstreamDescription() })
    : service.upstreamDescription();
  // /api serves without the add-in, but Excel would open a blank pane: IT hears it at start, not from analysts.
  if (!existsSync(join(distDir, 'taskpane.html'))) {
    io.stderr.write(`${relayMessages.t(config.lang, 'addin.missing', { dir: distDir })}\n`);
  }
  io.stderr.write(
    `${relayMessages.t(config.lang, 'listening', { url: http.url, public: publicUrl ?? relayMessages.t(config.lang, 'public.fromHost'), upstream: upstreamText, store: opened.description[config.lang] })}\n`,
  );
  await new Promise<void>((done) => {
    if (io.interrupt.aborted) done();
    else io.interrupt.addEventListener('abort', () => done(), { once: true });
  });
  await http.close();
  await service.scheduler.idle().catch(() => undefined);
  await service.journal.drained();
  await closeStore();
  return 0;
}

/** The password in a database URL, for masking; none when there is no URL or it holds none. */
function passwordOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
}
