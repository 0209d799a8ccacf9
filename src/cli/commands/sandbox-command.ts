import { DEMO_CREDENTIALS, describeFaults } from '../../sandbox';
import { startSandboxCluster } from '../../sandbox/server';
import type { SandboxArgs } from '../args/sandbox-args';
import type { CliConfig } from '../config';
import { ENV } from '../config';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { cliMessages } from '../messages';

/**
 * Runs the emulator until Ctrl-C: for trying the add-in or the CLI without an account, and for IT's
 * connectivity drills. `npm run sandbox` is this command (package.json), so both take the same options.
 */
export async function runSandbox(args: SandboxArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const lang = config.lang;
  const faults = args.faults;
  let cluster;
  try {
    cluster = await startSandboxCluster({
      instances: 1 + args.reserves,
      port: args.port,
      host: args.host,
      faultsFor: (i) => (i === 0 || args.reserveFaults ? faults : {}),
      ...(args.seed !== undefined ? { seed: args.seed } : {}),
      ...(args.dataRevision !== undefined ? { dataRevision: args.dataRevision } : {}),
      ...(args.quiet ? {} : { log: (line: string) => io.stderr.write(`${line}\n`) }),
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new UsageError(
      cliMessages.text('sandbox.listen', {
        host: args.host,
        port: args.port,
        reason: code ?? (e instanceof Error ? e.message : String(e)),
      }),
    );
  }
  const t = (key: Parameters<typeof cliMessages.t>[1], params?: Record<string, string | number>) =>
    cliMessages.t(lang, key, params);
  const [primary, ...reserves] = cluster.urls;
  const described = describeFaults(faults);
  io.stdout.write(
    [
      t('sandbox.listening', { url: primary }),
      ...reserves.map((url, i) => t('sandbox.listeningReserve', { n: i + 1, url })),
      // The demo credentials are fictional and public (docs/sandbox.md); printing them is the point.
      t('sandbox.use'),
      `  ${ENV.url}=${primary}${reserves.length > 0 ? ` ${ENV.reserveUrls}=${reserves.join(',')}` : ''} ${ENV.tokken}=${DEMO_CREDENTIALS.tokken} ${ENV.subjectId}=${DEMO_CREDENTIALS.idSubjectFM}`,
      ...(described !== '' ? [t('sandbox.faults', { faults: described })] : []),
      t('sandbox.data', { count: cluster.engine.data.records.length, seed: cluster.engine.data.seed }),
      t('sandbox.stop'),
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    if (io.interrupt.aborted) resolve();
    else io.interrupt.addEventListener('abort', () => resolve(), { once: true });
  });
  await cluster.close();
  return EXIT.ok;
}
