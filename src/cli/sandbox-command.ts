import { isRegistryKey, type RegistryKey } from '../core/registries';
import { DEMO_CREDENTIALS, type SandboxFaults } from '../sandbox';
import { startSandboxServer } from '../sandbox/server';
import type { SandboxArgs, SandboxFaultArgs } from './args';
import type { CliConfig } from './config';
import { ENV } from './config';
import { EXIT, UsageError, type ExitCode } from './exit-codes';
import type { CliIo } from './io';
import { cliMessages } from './messages';

/** "peps,edr:9004" → peps answers 9000 (no connection), edr answers 9004. */
export function parseRegistryErrors(spec: string): Partial<Record<RegistryKey, number>> {
  const out: Partial<Record<RegistryKey, number>> = {};
  for (const part of spec.split(/[,;\s]+/).filter((p) => p.length > 0)) {
    const [key, code] = part.split(':');
    const n = code === undefined ? 9000 : Number(code);
    if (!isRegistryKey(key) || !Number.isInteger(n) || n < 1) throw new UsageError(cliMessages.text('sandbox.registryErrors', { value: part }));
    out[key] = n;
  }
  return out;
}

export function faultsFrom(args: SandboxFaultArgs): SandboxFaults {
  return {
    ...(args.latencyMs !== undefined ? { latencyMs: args.latencyMs } : {}),
    ...(args.down ? { failRate: 1, failStatuses: [503] } : args.failRate !== undefined ? { failRate: args.failRate } : {}),
    ...(args.quota !== undefined ? { quota: args.quota } : {}),
    ...(args.registryErrors !== undefined ? { registryErrors: parseRegistryErrors(args.registryErrors) } : {}),
  };
}

function describeFaults(f: SandboxFaults): string {
  const parts: string[] = [];
  if (f.failRate) parts.push(`failRate=${f.failRate}`);
  if (f.latencyMs) parts.push(`latencyMs=${f.latencyMs}`);
  if (f.quota !== undefined) parts.push(`quota=${f.quota}`);
  if (f.registryErrors) parts.push(`registryErrors=${Object.entries(f.registryErrors).map(([k, v]) => `${k}:${v}`).join(',')}`);
  return parts.join(' ');
}

/** Runs the emulator until Ctrl-C: for trying the add-in or the CLI without an account, and for IT's connectivity drills. */
export async function runSandbox(args: SandboxArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const lang = config.lang;
  const faults = faultsFrom(args.faults);
  let server;
  try {
    server = await startSandboxServer({
      port: args.port,
      host: args.host,
      faults,
      ...(args.faults.seed !== undefined ? { seed: args.faults.seed } : {}),
      ...(args.faults.dataRevision !== undefined ? { dataRevision: args.faults.dataRevision } : {}),
      log: (line) => io.stderr.write(`${line}\n`),
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new UsageError(cliMessages.text('sandbox.listen', { host: args.host, port: args.port, reason: code ?? (e instanceof Error ? e.message : String(e)) }));
  }
  const t = (key: Parameters<typeof cliMessages.t>[1], params?: Record<string, string | number>) => cliMessages.t(lang, key, params);
  io.stdout.write(
    [
      t('sandbox.listening', { url: server.url }),
      // The demo credentials are fictional and public (docs/sandbox.md); printing them is the point.
      t('sandbox.use'),
      `  ${ENV.url}=${server.url} ${ENV.tokken}=${DEMO_CREDENTIALS.tokken} ${ENV.subjectId}=${DEMO_CREDENTIALS.idSubjectFM}`,
      ...(Object.keys(faults).length > 0 ? [t('sandbox.faults', { faults: describeFaults(faults) })] : []),
      t('sandbox.stop'),
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    if (io.interrupt.aborted) resolve();
    else io.interrupt.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.close();
  return EXIT.ok;
}
