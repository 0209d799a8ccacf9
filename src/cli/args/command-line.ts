import type { ParseArgsConfig } from 'node:util';
import { nearestWord } from '../../core/text/nearest';
import {
  GLOBAL_OPTIONS,
  globalsFrom,
  parseIntOption,
  parseStrict,
  subjectArgsOf,
  SUBJECT_OPTIONS,
  usage,
  type GlobalOptions,
  type SubjectArgs,
} from './option-values';
import { parseRecordCommand, type RecordCommand } from './record-args';
import { parseSandboxArgs, type SandboxArgs } from './sandbox-args';

export interface SearchArgs extends SubjectArgs {
  registries?: string;
  search?: string;
  lowranklimit?: string;
  get: boolean;
  json: boolean;
  /** Ask the service again: not from the organisation's relay's shared cache either. */
  fresh: boolean;
  /** Write a screening certificate (PDF) of this search to this file. */
  certificate?: string;
}

export interface ScreenArgs {
  input: string;
  output?: string;
  sheet?: string;
  /** Leave out the rows a workbook's filter (or hand) hides. */
  shownOnly: boolean;
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
  /** Record on the relay, before the run, the decisions made in --previous's hits sheet. */
  saveDecisions: boolean;
}

export type ParsedCommand =
  | { command: 'search'; global: GlobalOptions; args: SearchArgs }
  | RecordCommand
  | { command: 'screen'; global: GlobalOptions; args: ScreenArgs }
  | { command: 'sandbox'; global: GlobalOptions; args: SandboxArgs }
  | { command: 'help'; global: GlobalOptions; topic?: string }
  | { command: 'version'; global: GlobalOptions };

export const COMMANDS = [
  'search',
  'screen',
  'history',
  'approve',
  'certificate',
  'archive',
  'audit',
  'decisions',
  'sandbox',
] as const;

export const SEARCH_OPTIONS = {
  ...GLOBAL_OPTIONS,
  ...SUBJECT_OPTIONS,
  registries: { type: 'string', short: 'r' },
  search: { type: 'string' },
  lowranklimit: { type: 'string' },
  get: { type: 'boolean' },
  json: { type: 'boolean' },
  fresh: { type: 'boolean' },
  certificate: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const SCREEN_OPTIONS = {
  ...GLOBAL_OPTIONS,
  output: { type: 'string', short: 'o' },
  sheet: { type: 'string' },
  'shown-only': { type: 'boolean' },
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
  'save-decisions': { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** argv after the node and script paths. Throws UsageError for anything a person must fix. */
export function parseCommandLine(argv: readonly string[]): ParsedCommand {
  const [first, ...rest] = argv;
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    const topic = first === 'help' ? rest[0] : undefined;
    return { command: 'help', global: {}, ...(topic ? { topic } : {}) };
  }
  if (first === '--version' || first === '-v' || first === 'version') return { command: 'version', global: {} };

  if (first === 'search') {
    const { values, positionals } = parseStrict('search', [...rest], SEARCH_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'search' };
    return {
      command: 'search',
      global,
      args: {
        ...subjectArgsOf(values, positionals),
        ...(values.registries !== undefined ? { registries: values.registries } : {}),
        ...(values.search !== undefined ? { search: values.search } : {}),
        ...(values.lowranklimit !== undefined ? { lowranklimit: values.lowranklimit } : {}),
        get: values.get === true,
        json: values.json === true,
        fresh: values.fresh === true,
        ...(values.certificate !== undefined ? { certificate: values.certificate } : {}),
      },
    };
  }

  if (first === 'screen') {
    const { values, positionals } = parseStrict('screen', [...rest], SCREEN_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'screen' };
    if (positionals.length === 0) throw usage('args.screen.noInput');
    if (positionals.length > 1) throw usage('args.unexpected', { value: positionals.slice(1).join(' ') });
    if (values['save-decisions'] && values.previous === undefined) throw usage('args.saveDecisions.previous');
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
        shownOnly: values['shown-only'] === true,
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
        saveDecisions: values['save-decisions'] === true,
      },
    };
  }

  const record = parseRecordCommand(first, rest);
  if (record) return record;

  if (first === 'sandbox') {
    const { global, args } = parseSandboxArgs(rest);
    return args ? { command: 'sandbox', global, args } : { command: 'help', global, topic: 'sandbox' };
  }

  const near = nearestWord(first, [...COMMANDS, 'relay', 'help', 'version']);
  if (near) throw usage('args.unknownCommandNear', { value: first, near });
  throw usage('args.unknownCommand', { value: first, commands: [...COMMANDS, 'relay'].join(', ') });
}
