import { DEMO_CREDENTIALS } from './engine';
import { sandboxMessages } from './messages';
import { OptionError, describeFaults, langFromEnv, parseMainArgs, type MainOptions } from './options';
import { startSandboxCluster } from './server';

/**
 * `npm run sandbox -- [options]`: the emulator on loopback, a primary and optional reserves.
 * Prints addresses and the fictional demo credentials; logs method, path and status only.
 */
export async function main(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  let options: MainOptions;
  try {
    options = parseMainArgs(argv, env);
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    const lang = langFromEnv(env);
    process.stderr.write(`${error.describe(lang)}\n${sandboxMessages.t(lang, 'cli.usage')}\n`);
    return 2;
  }
  const t = (key: Parameters<typeof sandboxMessages.t>[1], params?: Record<string, string | number>) => sandboxMessages.t(options.lang, key, params);
  const cluster = await startSandboxCluster({
    instances: 1 + options.reserves,
    port: options.port,
    host: options.host,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.dataRevision !== undefined ? { dataRevision: options.dataRevision } : {}),
    faultsFor: (i) => (i === 0 || options.reserveFaults ? options.faults : {}),
    ...(options.quiet ? {} : { log: (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`) }),
  });
  cluster.urls.forEach((url, i) => {
    process.stdout.write(`${t('cli.listening', { role: i === 0 ? t('cli.primary') : t('cli.reserve', { n: i }), url: `${url}/api` })}\n`);
  });
  process.stdout.write(`${t('cli.credentials', { tokken: DEMO_CREDENTIALS.tokken, subject: DEMO_CREDENTIALS.idSubjectFM })}\n`);
  const faults = describeFaults(options.faults);
  process.stdout.write(`${faults ? t('cli.faults', { faults }) : t('cli.noFaults')}\n`);
  const data = cluster.engine.data;
  process.stdout.write(`${t('cli.data', { count: data.records.length, seed: data.seed })}\n${t('cli.stop')}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await cluster.close();
  return 0;
}

main(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
