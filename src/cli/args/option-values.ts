import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Lang } from '../../core/text/i18n';
import { UsageError } from '../exit-codes';
import { cliMessages } from '../messages';
import { nearestWord } from '../../core/text/nearest';

/** What every command's options share: the global ones, numbers in range, and parseArgs' strictness in our words. */

export interface GlobalOptions {
  config?: string;
  lang?: Lang;
  /** Allow plain http to another computer (core/settings/settings.ts addressProblem); warned about on stderr. */
  insecureHttp?: boolean;
}

export const GLOBAL_OPTIONS = {
  config: { type: 'string' },
  lang: { type: 'string' },
  'insecure-http': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The subject's fields, as `search` asks the service for them and `history` asks the relay. */
export interface SubjectArgs {
  name?: string;
  namelat?: string;
  date?: string;
  ipn?: string;
  doc?: string;
  doctype?: string;
}

export const SUBJECT_OPTIONS = {
  name: { type: 'string', short: 'n' },
  namelat: { type: 'string' },
  date: { type: 'string', short: 'd' },
  ipn: { type: 'string' },
  doc: { type: 'string' },
  doctype: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The subject's fields given. A bare name is what people type first: accepted rather than --name demanded. */
export function subjectArgsOf(
  values: { [K in keyof SubjectArgs]?: string | undefined },
  positionals: readonly string[],
): SubjectArgs {
  if (values.name !== undefined && positionals.length > 0) {
    throw usage('args.unexpected', { value: positionals.join(' ') });
  }
  const name = values.name ?? (positionals.length > 0 ? positionals.join(' ') : undefined);
  const given = { ...values, name };
  const args: SubjectArgs = {};
  for (const key of Object.keys(SUBJECT_OPTIONS) as (keyof SubjectArgs)[]) {
    const value = given[key];
    if (value !== undefined) args[key] = value;
  }
  return args;
}

export function usage(
  key: Parameters<typeof cliMessages.text>[0],
  params?: Record<string, string | number>,
): UsageError {
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

export function parseRate(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw usage('args.rate', { name, value });
  return n;
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

/** node:util's errors may come from another realm (a test's VM), where instanceof Error fails. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? (message.split('\n')[0] ?? message) : String(error);
}

/** parseArgs' refusals in our words and both languages; null for one we have no words for. */
function refusalInOurWords(
  error: unknown,
  command: string,
  options: NonNullable<ParseArgsConfig['options']>,
): UsageError | null {
  const code = (error as { code?: unknown } | null)?.code;
  const detail = messageOf(error);
  // parseArgs names an option as '--name', or '-n, --name <value>': the long form is what --help shows.
  const named = /Option '(?:-\w, )?(--?[^' <]+)/.exec(detail)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /Unknown option '(--?[^'=]+)'/.exec(detail)?.[1];
    if (!option) return null;
    const near = nearestWord(
      option,
      Object.keys(options).map((o) => `--${o}`),
    );
    return near
      ? usage('args.didYouMean', { option, near, command })
      : usage('args.unknownOption', { option, command });
  }
  const stray = /Unexpected argument '([^']*)'/.exec(detail)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && stray !== undefined) {
    return usage('args.unexpected', { value: stray });
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && named) {
    // "Ambiguous": the next word starts with a dash, so it is taken for the next option, not this one's value.
    if (/argument (missing|is ambiguous)/.test(detail)) return usage('args.needsValue', { option: named });
    if (detail.endsWith('does not take an argument')) return usage('args.takesNoValue', { option: named });
  }
  return null;
}

/** parseArgs, strict: an unknown or incomplete option is a UsageError in our words, with the nearest option named. */
export function parseStrict<O extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  argv: string[],
  options: O,
  positionals: boolean,
) {
  try {
    return parseArgs({
      args: attachNegativeValues(argv, options),
      options,
      strict: true,
      allowPositionals: positionals,
    });
  } catch (e) {
    // Anything else parseArgs refuses keeps its own (English) words inside ours.
    throw refusalInOurWords(e, command, options) ?? usage('args.invalid', { detail: messageOf(e) });
  }
}

export function globalsFrom(values: { config?: string; lang?: string; 'insecure-http'?: boolean }): GlobalOptions {
  const lang = parseLang(values.lang);
  return {
    ...(values.config !== undefined ? { config: values.config } : {}),
    ...(lang ? { lang } : {}),
    ...(values['insecure-http'] ? { insecureHttp: true } : {}),
  };
}

/** --lang read before the options are parsed, so a mistyped option is told in the language asked for too. */
export function langOption(argv: readonly string[]): Lang | undefined {
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i] === '--lang' ? argv[i + 1] : argv[i].startsWith('--lang=') ? argv[i].slice(7) : undefined;
    if (value === 'uk' || value === 'en') return value;
  }
  return undefined;
}
