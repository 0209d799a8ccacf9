// One relay in a process of its own, as `checklists relay` runs in production, for
// bench/relay-load.ts: the load generator's own HTTP work must not share the relay's event loop.
// Spoken to over IPC: keys to make, step samples to read and clear, requests paid, close.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openRelaySpool } from '../../src/cli/commands/relay-spool';
import { nodeHttpTransport } from '../../src/cli/transport/http-transport';
import { startRelayHttp } from '../../src/relay/http-server';
import { createKey } from '../../src/relay/keys';
import { RELAY_STEPS } from '../../src/relay/metrics';
import { RelayService } from '../../src/relay/service';
import { openStore } from '../../src/relay/store/open-store';
import { DEMO_CREDENTIALS } from '../../src/sandbox';
import { loopDelayMeter } from './loop-delay';

export interface RelayChildConfig {
  databaseUrl?: string;
  dataDir?: string;
  /** By URL: the asked-row spool's folder (`--spool-dir`); the embedded store's is in its data folder. */
  spoolDir?: string;
  upstream: string[];
  instance: string;
  coordinateInstances: boolean;
  concurrency: number;
  distDir: string;
}

export type RelayChildRequest =
  | { type: 'keys'; prefix: string; count: number }
  | { type: 'steps' }
  | { type: 'clear' }
  | { type: 'paid' }
  | { type: 'statements' }
  | { type: 'close' };

/**
 * Statements this relay sent to PostgreSQL since the last 'clear', by kind (their first words):
 * each is a round trip and wakes a server process, the relay's largest cost per request on 2 cores.
 */
const statements = new Map<string, number>();
/** Journal statements refused before the last 'clear'. */
let failedBefore = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: unknown,
  ...args: unknown[]
) {
  const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '?');
  // The text's head only: the whole batch statement is kilobytes, and reading it at every
  // statement cost the relay about 25 µs per request (its profile, session 15).
  const kind = text.slice(0, 120).replace(/\s+/g, ' ').trim().split(' ').slice(0, 4).join(' ');
  statements.set(kind, (statements.get(kind) ?? 0) + 1);
  return query.apply(this, args);
};

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{}') as RelayChildConfig;
  const opened = await openStore(
    { databaseUrl: config.databaseUrl ?? '', dataDir: config.dataDir ?? '' },
    { adopt: config.databaseUrl === undefined, poolSize: config.concurrency + 20 },
  );
  // As `checklists relay` opens it (the embedded store's spool in its folder, by URL a --spool-dir).
  const spooled =
    process.env.BENCH_RELAY_NO_SPOOL === undefined
      ? await openRelaySpool(
          { databaseUrl: config.databaseUrl, dataDir: config.dataDir ?? '' },
          config.spoolDir,
          process.cwd(),
          opened.store,
        )
      : null;
  const service = new RelayService(opened.store, {
    upstream: {
      addresses: config.upstream,
      tokken: DEMO_CREDENTIALS.tokken,
      idSubjectFM: DEMO_CREDENTIALS.idSubjectFM,
      transport: nodeHttpTransport({ maxSockets: config.concurrency }),
    },
    instance: config.instance,
    concurrency: config.concurrency,
    limits: { ratePerMinute: 0, dailyBudget: 0 },
    cacheTtlMs: 3_600_000,
    accountCooldownMs: 60_000,
    coordinateInstances: config.coordinateInstances,
    // BENCH_RELAY_NO_CHAIN=1: archived answers committed to the database's chain, as before session 20 (A/B runs).
    ...(spooled
      ? { evidence: { spool: spooled.spool, chain: process.env.BENCH_RELAY_NO_CHAIN ? null : spooled.chain } }
      : {}),
  });
  service.metrics.keepStepSamples = true;
  const server = await startRelayHttp(service, { distDir: config.distDir });
  // Time in this process per /api request, from its 'request' event to the reply handed to the
  // socket, and the event loop's delay: what the load generator sees beyond them is outside.
  const inProcess: [string, number][] = [];
  server.server.prependListener('request', (req, res) => {
    const id = req.headers['x-bench-request'];
    if (!req.url?.startsWith('/api') || typeof id !== 'string') return;
    const started = performance.now();
    res.once('finish', () => inProcess.push([id, performance.now() - started]));
  });
  const loopDelay = loopDelayMeter();
  const failedCommits = async () => (await service.metrics.auditCommitFailures.get()).values[0]?.value ?? 0;
  const send = (message: unknown) => process.send?.(message);
  process.on('message', (message: RelayChildRequest) => {
    void (async () => {
      switch (message.type) {
        case 'keys': {
          const keys: string[] = [];
          for (let a = 0; a < message.count; a++) {
            const made = await createKey(opened.store, `${message.prefix}${a}`);
            if (made !== 'exists') keys.push(made.key);
          }
          send({ type: 'keys', keys });
          break;
        }
        case 'steps':
          send({
            type: 'steps',
            steps: Object.fromEntries(RELAY_STEPS.map((s) => [s, service.metrics.stepSamples.get(s) ?? []])),
            commits: service.metrics.commitSamples,
            failedCommits: (await failedCommits()) - failedBefore,
            inProcess,
            loopDelayMs: loopDelay.percentilesMs(),
          });
          break;
        case 'statements':
          send({ type: 'statements', statements: Object.fromEntries(statements) });
          break;
        case 'clear':
          statements.clear();
          service.metrics.stepSamples.clear();
          service.metrics.commitSamples.length = 0;
          failedBefore = await failedCommits();
          inProcess.length = 0;
          loopDelay.reset();
          send({ type: 'clear' });
          break;
        case 'paid':
          send({ type: 'paid', paid: service.upstreamRequests });
          break;
        case 'close':
          await server.close();
          await service.scheduler.idle();
          await service.journal.drained();
          await spooled?.spool.close();
          await spooled?.release();
          await opened.close();
          send({ type: 'closed' });
          process.disconnect?.();
          break;
      }
    })();
  });
  send({ type: 'ready', url: server.url });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
