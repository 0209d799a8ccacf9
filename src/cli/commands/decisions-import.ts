import { readFile } from 'node:fs/promises';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Transport } from '../../core/request/transport';
import type { LocalizedText } from '../../core/text/i18n';
import { fromBothLanguages, inLanguage } from '../../core/text/both-languages';
import { unprotectFormula } from '../../core/text/csv-formula';
import { parseJson } from '../../core/text/json';
import { UsageError } from '../exit-codes';
import { cliMessages, type CliMessageKey } from '../messages';
import { resolve } from 'node:path';
import type { CliConfig } from '../config';
import type { CliIo } from '../io';
import { decodeText, detectDelimiter } from '../input/input-file';
import { nodeHttpTransport } from '../transport/http-transport';
import { relayTarget, type RelayTarget } from '../transport/relay-call';
import { DecisionBatchRefused, sendDecisionBatches } from '../../core/request/body-batches';

/**
 * `checklists screen … --decisions FILE`: decisions in the relay's export format (CSV, or JSON
 * lines) sent to the relay in one request before the run, so that the run's answers already
 * carry them (muted hits, changed ones). Who decided and when are the relay's to say: the file's
 * analyst and time columns are not sent, and the decisions are recorded under this analyst's key.
 */

export interface ImportedDecisions {
  sent: number;
  recorded: number;
  pending: number;
  /** The same decision by the same analyst was already in force: nothing added. */
  unchanged: number;
  refused: { line: number; reason: string }[];
}

const FIELDS = ['registry', 'record', 'fingerprint', 'decision', 'reason', 'comment'] as const;

/** The file's rows, each with the line it starts on, so that a refusal names the line a person sees. */
function rowsOf(text: string): { line: number; row: Record<string, unknown> }[] {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trimStart().startsWith('{')) {
    return body
      .split(/\r?\n/)
      .map((l, i) => ({ line: i + 1, text: l.trim() }))
      .filter((l) => l.text !== '')
      .map((l) => ({ line: l.line, row: (parseJson(l.text) ?? {}) as Record<string, unknown> }));
  }
  // Opened and saved again in Excel, the export comes back separated as the system's list separator says.
  const delimiter = detectDelimiter(body);
  const records = parseCsv(body, { columns: true, skip_empty_lines: true, info: true, delimiter }) as {
    record: Record<string, string>;
    info: { lines: number; records: number };
  }[];
  // `info.lines` is the line a record ends on; a record whose comment spans lines starts earlier.
  return records.map(({ record, info }) => ({ line: info.lines - linesWithin(record), row: record }));
}

const linesWithin = (record: Record<string, string>) =>
  Object.values(record).reduce((n, v) => n + (v.match(/\r?\n/g)?.length ?? 0), 0);

export function decisionsFromFile(text: string): { line: number; decision: Record<string, unknown> }[] {
  const out: { line: number; decision: Record<string, unknown> }[] = [];
  rowsOf(text).forEach(({ line, row }) => {
    // Approvals are a second person's act: they are not imported as decisions.
    if (row.kind !== undefined && row.kind !== 'decision') return;
    const subject = typeof row.subject === 'string' ? parseJson(unprotectFormula(row.subject)) : row.subject;
    const decision: Record<string, unknown> = { subject };
    for (const f of FIELDS) {
      const v = row[f];
      if (v === undefined || v === null || v === '') continue;
      decision[f] = typeof v === 'string' ? unprotectFormula(v) : v;
    }
    // The facts the decision was made on travel with it (a JSON array in a CSV cell); the relay checks them.
    const why = typeof row.why === 'string' && row.why !== '' ? parseJson(unprotectFormula(row.why)) : row.why;
    if (Array.isArray(why) && why.length > 0) decision.why = why;
    out.push({ line, decision });
  });
  return out;
}

/** The relay's answer to each decision, in order: one request, or as many as the relay's limit asks. */
export async function postDecisions(
  relay: RelayTarget,
  option: string,
  decisions: readonly object[],
  transport: Transport,
  signal: AbortSignal,
): Promise<Awaited<ReturnType<typeof sendDecisionBatches>>> {
  const url = `${relay.origin}/decisions`;
  const post = async (body: string) => {
    const response = await transport.send({
      url,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal,
    });
    return { status: response.status, text: response.text };
  };
  return sendDecisionBatches(post, relay.key, decisions).catch((error: unknown) => {
    if (!(error instanceof DecisionBatchRefused)) throw error;
    // The relay refusing the key (unknown, revoked, read-only) says so in its own words; anything else is no relay.
    const said = fromBothLanguages(error.message);
    const why: LocalizedText = said ?? cliMessages.text('decisions.notRelay', { status: error.status, option });
    throw new UsageError(why);
  });
}

export async function importDecisions(
  path: string,
  relay: RelayTarget,
  transport: Transport,
  signal: AbortSignal,
): Promise<ImportedDecisions> {
  const bytes = await readFile(path).catch(() => {
    throw new UsageError(cliMessages.text('decisions.unreadable', { path }));
  });
  // As a client list is read: saved from Excel, it may be Windows-1251 or UTF-16.
  const decisions = decisionsFromFile(decodeText(bytes).text);
  const sent = await postDecisions(
    relay,
    '--decisions',
    decisions.map((d) => d.decision),
    transport,
    signal,
  );
  const out: ImportedDecisions = { sent: decisions.length, recorded: 0, pending: 0, unchanged: 0, refused: [] };
  sent.forEach((o, i) => {
    if (o.status === 'refused') out.refused.push({ line: decisions[i].line, reason: o.reason });
    else out[o.status]++;
  });
  return out;
}

/** --decisions: recorded on the relay before the first request, so this run's answers carry them. */
export async function sendDecisions(
  file: string,
  config: CliConfig,
  io: CliIo,
  note: (key: CliMessageKey, params?: Record<string, string | number>) => void,
): Promise<void> {
  const sent = await importDecisions(resolve(io.cwd, file), relayTarget(config), nodeHttpTransport(), io.interrupt);
  note('decisions.imported', { ...sent, refused: sent.refused.length });
  for (const r of sent.refused) {
    note('decisions.refusedLine', { line: r.line, reason: inLanguage(r.reason, config.lang) });
  }
}
