import type { ParseArgsConfig } from 'node:util';
import { MAX_CERTIFICATES_PER_REQUEST as MAX_CERTIFICATES } from '../../core/request/certificate-limit';
import {
  GLOBAL_OPTIONS,
  globalsFrom,
  parseStrict,
  subjectArgsOf,
  SUBJECT_OPTIONS,
  usage,
  type GlobalOptions,
  type SubjectArgs,
} from './option-values';

/**
 * The command line's commands on the relay's record (command-line.ts parses the rest): `history`,
 * `approve`, `certificate`, `archive`, `audit` and `decisions`. Each needs the relay, asks the
 * service nothing, and reads or adds to what the relay keeps.
 */

/** `checklists history`: the subject's fields, as for search. */
export interface HistoryArgs extends SubjectArgs {
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

/** `checklists decisions`: the relay's whole decision record, for an auditor key. */
export interface DecisionsArgs {
  since?: string;
  json: boolean;
  /** Said outright: refused with a workbook (FILE.xlsx) rather than ignored. */
  csv: boolean;
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

export type RecordCommand =
  | { command: 'history'; global: GlobalOptions; args: HistoryArgs }
  | { command: 'approve'; global: GlobalOptions; args: ApproveArgs }
  | { command: 'certificate'; global: GlobalOptions; args: CertificateArgs }
  | { command: 'audit'; global: GlobalOptions; args: AuditArgs }
  | { command: 'archive'; global: GlobalOptions; args: ArchiveArgs }
  | { command: 'decisions'; global: GlobalOptions; args: DecisionsArgs };

export const HISTORY_OPTIONS = {
  ...GLOBAL_OPTIONS,
  ...SUBJECT_OPTIONS,
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

export const DECISIONS_OPTIONS = {
  ...GLOBAL_OPTIONS,
  since: { type: 'string' },
  csv: { type: 'boolean' },
  json: { type: 'boolean' },
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

/** One of the record's commands, parsed; null for any other first word. */
export function parseRecordCommand(
  first: string,
  rest: readonly string[],
): RecordCommand | { command: 'help'; global: GlobalOptions; topic: string } | null {
  if (first === 'history') {
    const { values, positionals } = parseStrict('history', [...rest], HISTORY_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'history' };
    return { command: 'history', global, args: { ...subjectArgsOf(values, positionals), json: values.json === true } };
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

  if (first === 'decisions') {
    const { values, positionals } = parseStrict('decisions', [...rest], DECISIONS_OPTIONS, true);
    const global = globalsFrom(values);
    if (values.help) return { command: 'help', global, topic: 'decisions' };
    if (positionals.length > 0) throw usage('args.unexpected', { value: positionals.join(' ') });
    if (values.csv && values.json) throw usage('args.oneFormat');
    const { since, output } = values;
    const given = Object.entries({ since, output }).filter(([, v]) => v !== undefined);
    const formats = { json: values.json === true, csv: values.csv === true };
    return { command: 'decisions', global, args: { ...Object.fromEntries(given), ...formats } };
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

  return null;
}
