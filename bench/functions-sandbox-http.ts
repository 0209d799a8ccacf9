/**
 * Figures for the acceptance scenario of the worksheet functions (no assertions): PEP and
 * SANCTIONS on 500 rows with 400 distinct subjects, against the sandbox over real HTTP on
 * 127.0.0.1, then the same recalculation in a fresh runtime over the same persistent store.
 *
 *   npx tsx bench/functions-sandbox-http.ts [concurrency=4]
 */
import { DEFAULT_SETTINGS } from '../src/core/settings/settings';
import { SettingsStore } from '../src/core/settings/settings-store';
import { memoryStorage } from '../src/core/settings/storage';
import { evalRegistryRow } from '../src/functions/evaluate';
import { ServiceRuntime } from '../src/shared-runtime/runtime';
import { DEMO_CREDENTIALS, KNOWN } from '../src/sandbox';
import { startSandboxServer } from '../src/sandbox/server';

const concurrency = Number(process.argv[2] ?? 4);

async function main(): Promise<void> {
  const requests: string[] = [];
  const server = await startSandboxServer({ log: (line) => requests.push(line) });
  const storage = memoryStorage();
  const store = new SettingsStore(storage);
  await store.save({
    ...DEFAULT_SETTINGS,
    primaryUrl: server.url,
    idSubjectFM: DEMO_CREDENTIALS.idSubjectFM,
    concurrency,
  });
  await store.saveTokken(DEMO_CREDENTIALS.tokken);

  const subjects = Array.from({ length: 400 }, (_, i) =>
    i === 0
      ? { name: KNOWN.pepSanctioned.name, date: KNOWN.pepSanctioned.date }
      : { name: `Клієнт${i} Тестовий Номер`, date: null },
  );
  const rows = Array.from({ length: 500 }, (_, i) => subjects[(i * 7) % 400]);

  // Warm the sandbox's data generation so it is not counted as request time.
  const warm = new ServiceRuntime({ storage: memoryStorage() });
  await evalRegistryRow(await warm.context(), 'peps', { name: 'Прогрів' });

  const recalc = async (runtime: ServiceRuntime) => {
    const started = performance.now();
    const context = await runtime.context();
    await Promise.all(
      rows.flatMap((r) => [evalRegistryRow(context, 'peps', r), evalRegistryRow(context, 'psanctions', r)]),
    );
    return performance.now() - started;
  };

  const console0 = console.info;
  console.info = () => undefined;
  const first = new ServiceRuntime({ storage });
  const cold = await recalc(first);
  await first.idle();
  const coldRequests = requests.length;
  const second = new ServiceRuntime({ storage });
  const warmMs = await recalc(second);
  console.info = console0;
  const cache = (await second.context()).cache;
  const stats = await cache.stats();
  let stored = 0;
  for (const [k, v] of storage.map) stored += (k.length + v.length) * 2;

  console.log(`1000 evaluations (500 rows, 400 subjects), sandbox over HTTP on 127.0.0.1, concurrency ${concurrency}`);
  console.log(`first recalculation: ${coldRequests} HTTP requests, ${cold.toFixed(0)} ms`);
  console.log(`after restart: ${requests.length - coldRequests} HTTP requests, ${warmMs.toFixed(0)} ms`);
  console.log(
    `cache: ${stats.entries} entries, ${(stats.bytes / 1024).toFixed(0)} KiB; whole store ${(stored / 1024).toFixed(0)} KiB (limit 10240 KiB)`,
  );
  await server.close();
}

void main();
