import type { ParseArgsConfig } from 'node:util';
import { MAX_CERTIFICATES_PER_REQUEST as MAX_CERTIFICATES } from '../../core/request/certificate-limit';
import { nearestWord } from '../../core/text/nearest';
import { GLOBAL_OPTIONS, globalsFrom, parseIntOption, parseStrict, usage, type GlobalOptions } from './option-values';
import { parseSandboxArgs, type SandboxArgs } from './sandbox-args';

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

/** `checklists history`: the subject's fields, as for search. */
export interface HistoryArgs {
  name?: string;
  namelat?: string;
  date?: string;
  ipn?: string;
  doc?: string;
  doctype?: string;
  json: boolean;
}

/** `checklists approve [ID...]`: without ids, the list of decisions waiting for approval. */
export interface ApproveArgs {
  ids: number[];
  json: boolean;
  /** `--return ID --comment TEXT`: four-eyes' "no", the decision sent back for review with why. */
  returns?: { id: number; comment: string };
}

/** `checklists certificate NO [NO...]`: earlier requests' certificates, by their relay audit nos. */
export interface CertificateArgs {
  /** In the order given, each once. */
  ids: number[];
  /** `--from FILE [--rows 5,17,20-25]`: the numbers an earlier results file shows beside those rows (all without --rows). */
  from?: { file: string; rows: number[] | null };
  output?: string;
}

/** `checklists audit`: the relay's audit trail for an auditor key, selected as `checklists relay audit` does. */
export interface AuditArgs {
  from?: string;
  to?: string;
  analyst?: string;
  name?: string;
  code?: string;
  csv: boolean;
  /** A file to write, owner-only and only once whole; stdout without it. */
  output?: string;
}

/** `checklists archive ID`: an archived answer's bytes, by the certificate's relay archive id. */
export interface ArchiveArgs {
  id: number;
  output?: string;
}

/** "5,17,20-25" as an inspector names rows: each once, in order; [] for anything else. */
function rowList(spec: string): number[] {
  const rows = new Set<number>();
  for (const part of spec.split(',').map((p) => p.trim())) {
    const range = /^(\d{1,7})(?:\s*[-–]\s*(\d{1,7}))?$/.exec(part);
    const from = Number(range?.[1]);
    const to = range?.[2] === undefined ? from : Number(range[2]);
    // A sheet's rows, and never more than a sheet holds in one range.
    if (!range || from < 1 || to < from || to > 1_048_576) return [];
    for (let r = from; r <= to; r++) rows.add(r);
  }
  return [...rows].sort((a, b) => a - b);
}

export type ParsedCommand =
  | { command: 'search'; global: GlobalOptions; args: SearchArgs }
  | { command: 'history'; global: GlobalOptions; args: HistoryArgs }
  | { command: 'approve'; global: GlobalOptions; args: ApproveArgs }
  | { command: 'certificate'; global: GlobalOptions; args: CertificateArgs }
  | { command: 'audit'; global: GlobalOptions; args: AuditArgs }
  | { command: 'archive'; global: GlobalOptions; args: ArchiveArgs }
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
  'sandbox',
] as const;

export const SEARCH_OPTIONS = {
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
  fresh: { type: 'boolean' },
  certificate: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const HISTORY_OPTIONS = {
  ...GLOBAL_OPTIONS,
  name: { type: 'string', short: 'n' },
  namelat: { type: 'string' },
  date: { type: 'string', short: 'd' },
  ipn: { type: 'string' },
  doc: { type: 'string' },
  doctype: { type: 'string' },
  json: { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const APPROVE_OPTIONS = {
  ...GLOBAL_OPTIONS,
  json: { type: 'boolean' },
  return: { type: 'string' },
  comment: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const CERTIFICATE_OPTIONS = {
  ...GLOBAL_OPTIONS,
  output: { type: 'string', short: 'o' },
  from: { type: 'string' },
  rows: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const ARCHIVE_OPTIONS = {
  ...GLOBAL_OPTIONS,
  output: { type: 'string', short: 'o' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const AUDIT_OPTIONS = {
  ...GLOBAL_OPTIONS,
  from: { type: 'string' },
  to: { type: 'string' },
  analyst: { type: 'string' },
  name: { type: 'string', short: 'n' },
  code: { type: 'string' },
  csv: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
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

  if (first === 'history') {
    const { values, positionals } = parseStrict('history', [...rest], HISTORY_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'history' };
    const name = values.name ?? (positionals.length > 0 ? positionals.join(' ') : undefined);
    if (values.name !== undefined && positionals.length > 0) {
      throw usage('args.unexpected', { value: positionals.join(' ') });
    }
    return {
      command: 'history',
      global,
      args: {
        ...(name !== undefined ? { name } : {}),
        ...(values.namelat !== undefined ? { namelat: values.namelat } : {}),
        ...(values.date !== undefined ? { date: values.date } : {}),
        ...(values.ipn !== undefined ? { ipn: values.ipn } : {}),
        ...(values.doc !== undefined ? { doc: values.doc } : {}),
        ...(values.doctype !== undefined ? { doctype: values.doctype } : {}),
        json: values.json === true,
      },
    };
  }

  if (first === 'approve') {
    const { values, positionals } = parseStrict('approve', [...rest], APPROVE_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'approve' };
    // "#12" as the list prints it, or 12.
    const ids = positionals.map((p) => p.replace(/^#/, ''));
    const bad = ids.find((id) => !/^[1-9]\d{0,14}$/.test(id));
    if (bad !== undefined) throw usage('args.approveId', { value: bad });
    const args: ApproveArgs = { ids: ids.map(Number), json: values.json === true };
    if (values.return === undefined && values.comment === undefined) return { command: 'approve', global, args };
    // One decision sent back at a time, and never without why: the comment is what its author reads.
    const returned = (values.return ?? '').replace(/^#/, '');
    const comment = (values.comment ?? '').trim();
    if (ids.length > 0 || !/^[1-9]\d{0,14}$/.test(returned) || comment === '') throw usage('args.returnUsage');
    return { command: 'approve', global, args: { ...args, returns: { id: Number(returned), comment } } };
  }

  if (first === 'certificate') {
    const { values, positionals } = parseStrict('certificate', [...rest], CERTIFICATE_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'certificate' };
    const output = values.output !== undefined ? { output: values.output } : {};
    if (values.from !== undefined || values.rows !== undefined) {
      const rows = values.rows === undefined ? null : rowList(values.rows);
      if (values.from === undefined || positionals.length > 0 || rows?.length === 0) {
        throw usage('args.certificateFrom');
      }
      return { command: 'certificate', global, args: { ids: [], from: { file: values.from, rows }, ...output } };
    }
    // "4127" as the results file shows it, or "#4127" / "№4127"; several, or a column pasted as "4127,4130".
    const given = positionals.flatMap((p) => p.split(',')).map((p) => p.trim().replace(/^[#№]\s*/, ''));
    const bad = given.find((id) => !/^[1-9]\d{0,14}$/.test(id));
    if (given.length === 0 || bad !== undefined) throw usage('args.certificateNo');
    const ids = [...new Set(given.map(Number))];
    if (ids.length > MAX_CERTIFICATES) throw usage('args.certificateMany', { limit: MAX_CERTIFICATES });
    return { command: 'certificate', global, args: { ids, ...output } };
  }

  if (first === 'archive') {
    const { values, positionals } = parseStrict('archive', [...rest], ARCHIVE_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'archive' };
    // "9" as the certificate shows it, or "#9" / "№9".
    const given = positionals.map((p) => p.trim().replace(/^[#№]\s*/, ''));
    if (given.length !== 1 || !/^[1-9]\d{0,14}$/.test(given[0])) throw usage('args.archiveId');
    const output = values.output !== undefined ? { output: values.output } : {};
    return { command: 'archive', global, args: { id: Number(given[0]), ...output } };
  }

  if (first === 'audit') {
    const { values, positionals } = parseStrict('audit', [...rest], AUDIT_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'audit' };
    if (positionals.length > 0) throw usage('args.unexpected', { value: positionals.join(' ') });
    const { from, to, analyst, name, code, output } = values;
    const given = Object.entries({ from, to, analyst, name, code, output }).filter(([, v]) => v !== undefined);
    return { command: 'audit', global, args: { ...Object.fromEntries(given), csv: values.csv === true } };
  }

  if (first === 'sandbox') {
    const { global, args } = parseSandboxArgs(rest);
    return args ? { command: 'sandbox', global, args } : { command: 'help', global, topic: 'sandbox' };
  }

  const near = nearestWord(first, [...COMMANDS, 'relay', 'help', 'version']);
  if (near) throw usage('args.unknownCommandNear', { value: first, near });
  throw usage('args.unknownCommand', { value: first, commands: [...COMMANDS, 'relay'].join(', ') });
}
