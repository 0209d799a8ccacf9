import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Lang } from '../core/text/i18n';
import { isRegistryKey, type RegistryKey } from '../core/protocol/registries';
import { MAX_DATA_REVISION } from '../sandbox/data/revisions';
import type { SandboxFaults } from '../sandbox/faults';
import { UsageError } from './exit-codes';
import { cliMessages } from './messages';
import { nearestWord } from '../core/text/nearest';

export interface GlobalOptions {
  config?: string;
  lang?: Lang;
  /** Allow plain http to another computer (core/settings/settings.ts addressProblem); warned about on stderr. */
  insecureHttp?: boolean;
}

export interface SearchArgs {
  name?: string;
  namelat?: string;
  date?: string;
  ipn?: string;
  doc?: string;
  doctype?: string;
  registries?: string;
  search?: string;
  lowranklimit?: string;
  get: boolean;
  json: boolean;
  /** Write a screening certificate (PDF) of this search to this file. */
  certificate?: string;
}

export interface ScreenArgs {
  input: string;
  output?: string;
  sheet?: string;
  registries?: string;
  /** As typed: core/request/run-options.ts checks it with the other run options. */
  concurrency?: string;
  search?: string;
  lowranklimit?: string;
  resume: boolean;
  progress: 'auto' | 'bar' | 'lines' | 'none';
  /** Re-screen: the results file of an earlier run, whose decisions are carried forward. */
  previous?: string;
  /** How long one request may wait for the service, all addresses and retries together. */
  giveUpSeconds?: number;
  maxRows?: number;
  maxInputMb?: number;
  /** A folder for the run's cover and one certificate (PDF) per subject answered. */
  certificates?: string;
  /** Certificates only for subjects with hits. */
  certificatesWithHits: boolean;
  /** Decisions (the relay's export format) to record on the relay before the run. */
  decisions?: string;
}

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

export type ParsedCommand =
  | { command: 'search'; global: GlobalOptions; args: SearchArgs }
  | { command: 'screen'; global: GlobalOptions; args: ScreenArgs }
  | { command: 'sandbox'; global: GlobalOptions; args: SandboxArgs }
  | { command: 'help'; global: GlobalOptions; topic?: string }
  | { command: 'version'; global: GlobalOptions };

export const COMMANDS = ['search', 'screen', 'sandbox'] as const;

const GLOBAL_OPTIONS = {
  config: { type: 'string' },
  lang: { type: 'string' },
  'insecure-http': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

const SEARCH_OPTIONS = {
  ...GLOBAL_OPTIONS,
  name: { type: 'string', short: 'n' },
  namelat: { type: 'string' },
  date: { type: 'string', short: 'd' },
  ipn: { type: 'string' },
  doc: { type: 'string' },
  doctype: { type: 'string' },
  registries: { type: 'string', short: 'r' },
  search: { type: 'string' },
  lowranklimit: { type: 'string' },
  get: { type: 'boolean' },
  json: { type: 'boolean' },
  certificate: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

const SCREEN_OPTIONS = {
  ...GLOBAL_OPTIONS,
  output: { type: 'string', short: 'o' },
  sheet: { type: 'string' },
  registries: { type: 'string', short: 'r' },
  concurrency: { type: 'string', short: 'c' },
  search: { type: 'string' },
  lowranklimit: { type: 'string' },
  resume: { type: 'boolean' },
  progress: { type: 'string' },
  previous: { type: 'string' },
  'give-up': { type: 'string' },
  'max-rows': { type: 'string' },
  'max-input-mb': { type: 'string' },
  certificates: { type: 'string' },
  'certificates-with-hits': { type: 'boolean' },
  decisions: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

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

function usage(key: Parameters<typeof cliMessages.text>[0], params?: Record<string, string | number>): UsageError {
  return new UsageError(cliMessages.text(key, params));
}

function parseLang(value: string | undefined): Lang | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'uk' || v === 'ua') return 'uk';
  if (v === 'en') return 'en';
  throw usage('args.lang', { value });
}

export function parseIntOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) throw usage('args.integer', { name, value, min, max });
  const n = Number(trimmed);
  if (n < min || n > max) throw usage('args.integer', { name, value, min, max });
  return n;
}

function parseRate(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw usage('args.rate', { name, value });
  return n;
}

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

/** A value such as -1 or -1024: no option of ours is named with a digit, so it is never an option. */
const NEGATIVE_VALUE = /^-\d/;

/**
 * parseArgs reads `--registries -1` as an option without its value followed by an unknown
 * option ("argument is ambiguous"), yet -1 is the default listdata the help offers. A
 * negative-looking word after an option that takes a value is that option's value: it is
 * rewritten as `--registries=-1`, which parseArgs takes as it is.
 */
export function attachNegativeValues(
  argv: readonly string[],
  options: NonNullable<ParseArgsConfig['options']>,
): string[] {
  const byShort = new Map<string, string>(
    Object.entries(options).flatMap(([name, o]) => (o.short ? [[`-${o.short}`, name] as const] : [])),
  );
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const name: string | undefined = word.startsWith('--') ? word.slice(2) : byShort.get(word);
    const next = argv[i + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && NEGATIVE_VALUE.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else {
      out.push(word);
    }
  }
  return out;
}

function run<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, positionals: boolean) {
  try {
    return parseArgs({
      args: attachNegativeValues(argv, options),
      options,
      strict: true,
      allowPositionals: positionals,
    });
  } catch (e) {
    // parseArgs names the offending option in English only; keep its words, add ours around them.
    const detail = e instanceof Error ? e.message : String(e);
    const unknown = /Unknown option '(--?[^'=]+)'/.exec(detail)?.[1];
    const near = unknown
      ? nearestWord(
          unknown,
          Object.keys(options).map((o) => `--${o}`),
        )
      : null;
    if (near) throw usage('args.didYouMean', { detail, near });
    throw usage('args.invalid', { detail });
  }
}

function globalsFrom(values: { config?: string; lang?: string; 'insecure-http'?: boolean }): GlobalOptions {
  const lang = parseLang(values.lang);
  return {
    ...(values.config !== undefined ? { config: values.config } : {}),
    ...(lang ? { lang } : {}),
    ...(values['insecure-http'] ? { insecureHttp: true } : {}),
  };
}

/** argv after the node and script paths. Throws UsageError for anything a person must fix. */
export function parseCommandLine(argv: readonly string[]): ParsedCommand {
  const [first, ...rest] = argv;
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    const topic = first === 'help' ? rest[0] : undefined;
    return { command: 'help', global: {}, ...(topic ? { topic } : {}) };
  }
  if (first === '--version' || first === '-v' || first === 'version') return { command: 'version', global: {} };

  if (first === 'search') {
    const { values, positionals } = run([...rest], SEARCH_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'search' };
    // A bare name is what people type first; accept it rather than demand --name.
    const name = values.name ?? (positionals.length > 0 ? positionals.join(' ') : undefined);
    if (values.name !== undefined && positionals.length > 0) {
      throw usage('args.unexpected', { value: positionals.join(' ') });
    }
    return {
      command: 'search',
      global,
      args: {
        ...(name !== undefined ? { name } : {}),
        ...(values.namelat !== undefined ? { namelat: values.namelat } : {}),
        ...(values.date !== undefined ? { date: values.date } : {}),
        ...(values.ipn !== undefined ? { ipn: values.ipn } : {}),
        ...(values.doc !== undefined ? { doc: values.doc } : {}),
        ...(values.doctype !== undefined ? { doctype: values.doctype } : {}),
        ...(values.registries !== undefined ? { registries: values.registries } : {}),
        ...(values.search !== undefined ? { search: values.search } : {}),
        ...(values.lowranklimit !== undefined ? { lowranklimit: values.lowranklimit } : {}),
        get: values.get === true,
        json: values.json === true,
        ...(values.certificate !== undefined ? { certificate: values.certificate } : {}),
      },
    };
  }

  if (first === 'screen') {
    const { values, positionals } = run([...rest], SCREEN_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'screen' };
    if (positionals.length === 0) throw usage('args.screen.noInput');
    if (positionals.length > 1) throw usage('args.unexpected', { value: positionals.slice(1).join(' ') });
    const progress = values.progress ?? 'auto';
    if (progress !== 'auto' && progress !== 'bar' && progress !== 'lines' && progress !== 'none') {
      throw usage('args.progress', { value: progress });
    }
    const giveUpSeconds = parseIntOption('--give-up', values['give-up'], 1, 3600);
    const maxRows = parseIntOption('--max-rows', values['max-rows'], 1, 10_000_000);
    const maxInputMb = parseIntOption('--max-input-mb', values['max-input-mb'], 1, 10_000);
    return {
      command: 'screen',
      global,
      args: {
        input: positionals[0],
        ...(values.output !== undefined ? { output: values.output } : {}),
        ...(values.sheet !== undefined ? { sheet: values.sheet } : {}),
        ...(values.registries !== undefined ? { registries: values.registries } : {}),
        ...(values.concurrency !== undefined ? { concurrency: values.concurrency } : {}),
        ...(values.search !== undefined ? { search: values.search } : {}),
        ...(values.lowranklimit !== undefined ? { lowranklimit: values.lowranklimit } : {}),
        resume: values.resume === true,
        progress,
        ...(values.previous !== undefined ? { previous: values.previous } : {}),
        ...(giveUpSeconds !== undefined ? { giveUpSeconds } : {}),
        ...(maxRows !== undefined ? { maxRows } : {}),
        ...(maxInputMb !== undefined ? { maxInputMb } : {}),
        ...(values.certificates !== undefined ? { certificates: values.certificates } : {}),
        certificatesWithHits: values['certificates-with-hits'] === true,
        ...(values.decisions !== undefined ? { decisions: values.decisions } : {}),
      },
    };
  }

  if (first === 'sandbox') {
    const { values } = run([...rest], SANDBOX_OPTIONS, false);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'sandbox' };
    const seed = parseIntOption('--seed', values.seed, 0, 2 ** 31 - 1);
    const dataRevision = parseIntOption('--data-revision', values['data-revision'], 0, MAX_DATA_REVISION);
    return {
      command: 'sandbox',
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

  const near = nearestWord(first, [...COMMANDS, 'relay', 'help', 'version']);
  if (near) throw usage('args.unknownCommandNear', { value: first, near });
  throw usage('args.unknownCommand', { value: first, commands: [...COMMANDS, 'relay'].join(', ') });
}
