import { langFromLocale, type Lang } from '../core/i18n';
import { REGISTRY_KEYS, isRegistryKey, type RegistryKey } from '../core/registries';
import type { SandboxFaults } from './faults';
import { MAX_DATA_REVISION } from './data/revisions';
import { sandboxMessages } from './messages';

/** Command-line options of `npm run sandbox`, parsed without side effects so they can be tested. */
export interface MainOptions {
  port: number;
  host: string;
  reserves: number;
  reserveFaults: boolean;
  seed?: number;
  /** Data revision (docs/sandbox.md): the registers N months later. */
  dataRevision?: number;
  faults: SandboxFaults;
  lang: Lang;
  quiet: boolean;
}

export type OptionReason = 'cli.reason.missing' | 'cli.reason.integer' | 'cli.reason.number' | 'cli.reason.registryError' | 'cli.reason.lang' | 'cli.reason.unknown';

export class OptionError extends Error {
  constructor(
    readonly option: string,
    readonly reason: OptionReason,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${option}: ${reason}`);
  }

  describe(lang: Lang): string {
    return sandboxMessages.t(lang, 'cli.badOption', { option: this.option, reason: sandboxMessages.t(lang, this.reason, this.params) });
  }
}

/** POSIX locales read uk_UA.UTF-8; the core helper reads BCP 47 tags (uk-UA). */
export function langFromEnv(env: Record<string, string | undefined>): Lang {
  return langFromLocale((env.LC_ALL || env.LC_MESSAGES || env.LANG || '').replace(/_/g, '-'));
}

function numberOption(option: string, text: string | undefined, min: number, max: number, integer: boolean): number {
  if (text === undefined || text.trim() === '') throw new OptionError(option, 'cli.reason.missing');
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw new OptionError(option, integer ? 'cli.reason.integer' : 'cli.reason.number', { min, max });
  }
  return n;
}

export function parseMainArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): MainOptions {
  const options: MainOptions = {
    port: 8443,
    host: '127.0.0.1',
    reserves: 0,
    reserveFaults: false,
    faults: {},
    lang: langFromEnv(env),
    quiet: false,
  };
  const registryErrors: Partial<Record<RegistryKey, number>> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const [flag, inline] = arg.startsWith('--') && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new OptionError(flag, 'cli.reason.missing');
      i++;
      return next;
    };
    switch (flag) {
      case '--port':
        options.port = numberOption(flag, value(), 0, 65535, true);
        break;
      case '--host':
        options.host = value();
        break;
      case '--reserves':
        options.reserves = numberOption(flag, value(), 0, 9, true);
        break;
      case '--reserve-faults':
        options.reserveFaults = true;
        break;
      case '--seed':
        options.seed = numberOption(flag, value(), 0, 2 ** 31 - 1, true);
        break;
      case '--data-revision':
        options.dataRevision = numberOption(flag, value(), 0, MAX_DATA_REVISION, true);
        break;
      case '--fault-seed':
        options.faults.seed = numberOption(flag, value(), 0, 2 ** 31 - 1, true);
        break;
      case '--quota':
        options.faults.quota = numberOption(flag, value(), 0, 1e9, true);
        break;
      case '--latency':
        options.faults.latencyMs = numberOption(flag, value(), 0, 600_000, true);
        break;
      case '--jitter':
        options.faults.jitterMs = numberOption(flag, value(), 0, 600_000, true);
        break;
      case '--fail-rate':
        options.faults.failRate = numberOption(flag, value(), 0, 1, false);
        break;
      case '--drop-rate':
        options.faults.dropRate = numberOption(flag, value(), 0, 1, false);
        break;
      case '--html-rate':
        options.faults.htmlRate = numberOption(flag, value(), 0, 1, false);
        break;
      case '--registry-error': {
        const spec = value();
        for (const part of spec.split(',')) {
          const m = /^\s*([a-z]+)\s*=\s*(\d{4})\s*$/.exec(part);
          if (!m || !isRegistryKey(m[1])) throw new OptionError('--registry-error', 'cli.reason.registryError', { keys: REGISTRY_KEYS.join(', ') });
          registryErrors[m[1]] = Number(m[2]);
        }
        break;
      }
      case '--lang': {
        const lang = value();
        if (lang !== 'uk' && lang !== 'en') throw new OptionError(flag, 'cli.reason.lang');
        options.lang = lang;
        break;
      }
      case '--quiet':
        options.quiet = true;
        break;
      default:
        throw new OptionError(flag, 'cli.reason.unknown');
    }
  }
  if (Object.keys(registryErrors).length > 0) options.faults.registryErrors = registryErrors;
  return options;
}

export function describeFaults(f: SandboxFaults): string {
  const parts: string[] = [];
  if (f.latencyMs) parts.push(`latency ${f.latencyMs}ms`);
  if (f.jitterMs) parts.push(`jitter ${f.jitterMs}ms`);
  if (f.failRate) parts.push(`5xx ${f.failRate}`);
  if (f.dropRate) parts.push(`drop ${f.dropRate}`);
  if (f.htmlRate) parts.push(`html ${f.htmlRate}`);
  if (f.quota !== undefined) parts.push(`quota ${f.quota}`);
  for (const [k, v] of Object.entries(f.registryErrors ?? {})) parts.push(`${k}=${String(v)}`);
  return parts.join(', ');
}
