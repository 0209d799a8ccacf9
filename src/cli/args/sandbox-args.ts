import type { ParseArgsConfig } from 'node:util';
import { isRegistryKey, type RegistryKey } from '../../core/protocol/registries';
import { MAX_DATA_REVISION } from '../../sandbox/data/revisions';
import type { SandboxFaults } from '../../sandbox/faults';
import {
  GLOBAL_OPTIONS,
  globalsFrom,
  parseIntOption,
  parseRate,
  parseStrict,
  usage,
  type GlobalOptions,
} from './option-values';

/** `checklists sandbox` and `npm run sandbox` (the same parser: package.json runs `checklists sandbox`). */
export interface SandboxArgs {
  port: number;
  host: string;
  /** Extra instances on the next ports, sharing the primary's data and quota. */
  reserves: number;
  /** Reserves misbehave like the primary; by default they are healthy. */
  reserveFaults: boolean;
  /** No request log. */
  quiet: boolean;
  /** Seed of the generated data. */
  seed?: number;
  /** Data revision (docs/sandbox.md): the registers N months later. */
  dataRevision?: number;
  faults: SandboxFaults;
}

/** Every option of the sandbox command; its help text lists exactly these (test/integration/cli-sandbox.test.ts). */
export const SANDBOX_OPTIONS = {
  ...GLOBAL_OPTIONS,
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  reserves: { type: 'string' },
  'reserve-faults': { type: 'boolean' },
  seed: { type: 'string' },
  'data-revision': { type: 'string' },
  quota: { type: 'string' },
  latency: { type: 'string' },
  jitter: { type: 'string' },
  'fail-rate': { type: 'string' },
  'drop-rate': { type: 'string' },
  'html-rate': { type: 'string' },
  down: { type: 'boolean' },
  'registry-errors': { type: 'string', multiple: true },
  // The spelling `npm run sandbox` used before it shared this parser (peps=9001); kept so old notes still work.
  'registry-error': { type: 'string', multiple: true },
  'fault-seed': { type: 'string' },
  quiet: { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/**
 * "peps,edr:9004" → peps answers 9000 (no connection), edr answers 9004. The older spelling
 * "peps=9001" is read too, so `--registry-error peps=9001` of earlier notes still works.
 */
export function parseRegistryErrors(specs: readonly string[]): Partial<Record<RegistryKey, number>> {
  const out: Partial<Record<RegistryKey, number>> = {};
  for (const part of specs.flatMap((spec) => spec.split(/[,;\s]+/)).filter((p) => p.length > 0)) {
    const [key, code, extra] = part.split(/[:=]/);
    const n = code === undefined ? 9000 : /^\d+$/.test(code) ? Number(code) : NaN;
    if (extra !== undefined || !isRegistryKey(key) || !Number.isInteger(n) || n < 1) {
      throw usage('sandbox.registryErrors', { value: part });
    }
    out[key] = n;
  }
  return out;
}

interface SandboxFaultValues {
  quota?: string;
  latency?: string;
  jitter?: string;
  'fail-rate'?: string;
  'drop-rate'?: string;
  'html-rate'?: string;
  down?: boolean;
  'registry-errors'?: string[];
  'registry-error'?: string[];
  'fault-seed'?: string;
}

function sandboxFaultsFrom(values: SandboxFaultValues): SandboxFaults {
  const faults: SandboxFaults = {};
  const latencyMs = parseIntOption('--latency', values.latency, 0, 600_000);
  if (latencyMs !== undefined) faults.latencyMs = latencyMs;
  const jitterMs = parseIntOption('--jitter', values.jitter, 0, 600_000);
  if (jitterMs !== undefined) faults.jitterMs = jitterMs;
  const failRate = parseRate('--fail-rate', values['fail-rate']);
  if (failRate !== undefined) faults.failRate = failRate;
  // --down is "the service is down": every request answers 503, whatever --fail-rate says.
  if (values.down) Object.assign(faults, { failRate: 1, failStatuses: [503] });
  const dropRate = parseRate('--drop-rate', values['drop-rate']);
  if (dropRate !== undefined) faults.dropRate = dropRate;
  const htmlRate = parseRate('--html-rate', values['html-rate']);
  if (htmlRate !== undefined) faults.htmlRate = htmlRate;
  const quota = parseIntOption('--quota', values.quota, 0, 1_000_000_000);
  if (quota !== undefined) faults.quota = quota;
  const specs = [...(values['registry-errors'] ?? []), ...(values['registry-error'] ?? [])];
  if (specs.length > 0) faults.registryErrors = parseRegistryErrors(specs);
  const faultSeed = parseIntOption('--fault-seed', values['fault-seed'], 0, 2 ** 31 - 1);
  if (faultSeed !== undefined) faults.seed = faultSeed;
  return faults;
}

/** `checklists sandbox`'s words after the command: its arguments, or null when they ask for its help. */
export function parseSandboxArgs(rest: readonly string[]): { global: GlobalOptions; args: SandboxArgs | null } {
  const { values } = parseStrict('sandbox', [...rest], SANDBOX_OPTIONS, false);
  const global = globalsFrom(values);
  if (values.help) return { global, args: null };
  const seed = parseIntOption('--seed', values.seed, 0, 2 ** 31 - 1);
  const dataRevision = parseIntOption('--data-revision', values['data-revision'], 0, MAX_DATA_REVISION);
  return {
    global,
    args: {
      port: parseIntOption('--port', values.port, 0, 65535) ?? 8443,
      host: values.host ?? '127.0.0.1',
      reserves: parseIntOption('--reserves', values.reserves, 0, 9) ?? 0,
      reserveFaults: values['reserve-faults'] === true,
      quiet: values.quiet === true,
      ...(seed !== undefined ? { seed } : {}),
      ...(dataRevision !== undefined ? { dataRevision } : {}),
      faults: sandboxFaultsFrom(values),
    },
  };
}
