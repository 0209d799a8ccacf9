import { parseStrict } from '../args/option-values';
import { auditExportText, auditNoneLines, auditSelectionOf } from '../../relay/audit-selection';
import { existsSync } from 'node:fs';
import { link, open, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { RestoreRefused } from '../../relay/store/backup-sql';
import { writeOut, type CliIo } from '../io';
import { verifyArchive, type VerifyProblem } from '../../relay/answer-archive';
import { relayMessages } from '../../relay/messages';
import type { ArchiveCut, RelayStore } from '../../relay/store/port';
import { decisionExportText } from '../../relay/decision-export';
import { STORE_OPTIONS, actionUsage, langOf, usage, withStore } from './relay-store-access';
import { parseTimeBound } from '../../relay/time-bound';
import { UsageError } from '../exit-codes';
import { auditView, decisionView } from '../output/record-views';
import { openRecordWorkbook, textAndWorkbook, wantsWorkbook } from '../output/record-workbook';
import { openSink, type Sink } from '../output/export-sink';
import { auditReportMessages } from '../../relay/audit-report-messages';
import { hostname } from 'node:os';
import type { Lang } from '../../core/text/i18n';

/**
 * The relay's record from its host: `checklists relay audit` (the trail, page by page),
 * `checklists relay verify` (walk the answer archive's chain),
 * `checklists relay archive prune` (drop what retention no longer asks to keep, recording the
 * cut) and `checklists relay decisions export`. All work beside a running relay: audit, verify
 * and export read, prune takes the archive's append lock for its one transaction.
 */

export const DEFAULT_ARCHIVE_YEARS = 5;

const PROBLEM_KEYS = {
  digest: 'verify.digest',
  chain: 'verify.chain',
  missing: 'verify.missing',
} as const satisfies Record<VerifyProblem['kind'], string>;

export async function runVerify(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseStrict('relay verify', [...argv], STORE_OPTIONS, false);
  const lang = langOf(values.lang, io);
  return withStore(values, io, async (store) => {
    const report = await verifyArchive(store);
    const summary = { rows: report.rows, head: report.head };
    if (report.ok) {
      io.stdout.write(`${relayMessages.t(lang, 'verify.ok', summary)}\n`);
      if (report.prunedBefore !== null) {
        io.stdout.write(`${relayMessages.t(lang, 'verify.cut', { id: report.prunedBefore })}\n`);
      }
      return 0;
    }
    const problem = report.problem!;
    io.stderr.write(`${relayMessages.t(lang, PROBLEM_KEYS[problem.kind], { id: problem.id, rows: report.rows })}\n`);
    return 1;
  });
}

export async function runArchive(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseStrict(
    'relay archive',
    [...argv],
    { ...STORE_OPTIONS, 'archive-years': { type: 'string' } },
    true,
  );
  if (positionals[0] !== 'prune') throw actionUsage('archive', positionals[0], ['prune']);
  const years = values['archive-years'] === undefined ? DEFAULT_ARCHIVE_YEARS : Number(values['archive-years']);
  // The law asks for five years; the database refuses any prune of rows younger than one.
  if (!Number.isInteger(years) || years < 1) throw usage('usage.years', { value: values['archive-years'] ?? '' });
  const lang = langOf(values.lang, io);
  const before = new Date();
  before.setUTCFullYear(before.getUTCFullYear() - years);
  return withStore(values, io, async (store) => {
    const cutsBefore = await store.archiveCuts();
    const removed = await store.pruneArchive(before);
    const made = removed > 0 ? cutsMade(cutsBefore, await store.archiveCuts()) : [];
    io.stdout.write(
      `${relayMessages.t(lang, 'archive.pruned', { removed, before: before.toISOString(), chain: cutHashes(made) })}\n`,
    );
    return 0;
  });
}

/** The cuts a prune made: each chain's latest cut (archiveCuts) not there before it. */
export function cutsMade(before: readonly ArchiveCut[], after: readonly ArchiveCut[]): ArchiveCut[] {
  const known = new Set(before.map((c) => `${c.chainId}:${c.firstKept}`));
  return after.filter((c) => !known.has(`${c.chainId}:${c.firstKept}`));
}

/** Each cut chain's hash where it now starts; a relay's own chain (docs/relay.md) named after its hash. */
export function cutHashes(cuts: readonly ArchiveCut[]): string {
  const hashes = cuts.map((c) => `${c.chain.toString('hex')}${c.chainId === null ? '' : ` (${c.chainId})`}`);
  return hashes.length > 0 ? hashes.join(', ') : '-';
}

export async function runDecisions(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseStrict(
    'relay decisions',
    [...argv],
    {
      ...STORE_OPTIONS,
      csv: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      since: { type: 'string' },
      out: { type: 'string' },
    },
    true,
  );
  if (positionals[0] !== 'export') throw actionUsage('decisions', positionals[0], ['export']);
  if (values.csv && values.json) throw usage('usage.oneFormat');
  // A file named .xlsx is the inspector's readable workbook, built from the JSON lines.
  const out = values.out;
  const workbook = wantsWorkbook(out);
  if (workbook && (values.csv || values.json)) throw textAndWorkbook(values.json ? '--json' : '--csv');
  const since = dateOption(values.since, 'since', false);
  const lang = langOf(values.lang, io);
  const heading = { source: hostSource(lang), exportedAt: new Date(), since: values.since };
  // CSV unless --json: the inspector's spreadsheet first; JSON lines for other systems.
  const rows = await exportTo(
    values,
    io,
    (store) => decisionExportText(store.decisionPages(since), !values.json && !workbook),
    workbook && out !== undefined
      ? () => openRecordWorkbook(io, out, decisionView(heading, lang), heading.exportedAt)
      : undefined,
  );
  // As for the audit: an empty export says so, rather than pass for a complete one.
  if (rows === 0) io.stderr.write(`${relayMessages.t(lang, 'decisions.none')}\n`);
  return 0;
}

/**
 * An export on the relay's host, page by page (millions of rows in bounded memory), to stdout or to
 * `--out FILE`: owner-only and named only once whole, so a store that fails part way leaves no short
 * file, and nothing passes through PowerShell's `>`, which re-encodes text as UTF-16. Returns its rows.
 */
async function exportTo(
  values: { 'data-dir'?: string; 'database-url'?: string; lang?: string; out?: string },
  io: CliIo,
  chunks: (store: RelayStore) => AsyncIterable<{ text: string; rows: number }>,
  open: () => Promise<Sink> = () => openSink(io, values.out),
): Promise<number> {
  const sink = await open();
  let rows = 0;
  try {
    await withStore(values, io, async (store) => {
      for await (const chunk of chunks(store)) {
        rows += chunk.rows;
        await sink.write(chunk.text);
      }
    });
    await sink.finish();
  } catch (error) {
    await sink.abandon();
    throw error;
  }
  if (values.out !== undefined) {
    io.stderr.write(`${relayMessages.t(langOf(values.lang, io), 'export.written', { file: values.out, rows })}\n`);
  }
  return rows;
}

/** `relay backup [--out FILE]`: the record as JSON lines (stdout by default), beside a running relay. */
export async function runBackup(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseStrict('relay backup', [...argv], { ...STORE_OPTIONS, out: { type: 'string' } }, false);
  const out = values.out;
  if (out === undefined) {
    return withStore(values, io, async (store) => {
      for await (const chunk of store.backup()) await writeOut(io.stdout, chunk);
      return 0;
    });
  }
  const target = resolve(io.cwd, out);
  const exists = () => new UsageError(relayMessages.text('backup.exists', { file: out }));
  // Before the store is opened: a backup never writes over a file (last month's, say).
  if (existsSync(target)) throw exists();
  return withStore(values, io, async (store) => {
    // Written beside it and named only once whole and on disk: a backup cut short (a full disk,
    // a database gone) leaves no file that looks like a backup.
    const partial = `${target}.incomplete`;
    await rm(partial, { force: true });
    const file = await open(partial, 'wx', 0o600);
    try {
      for await (const chunk of store.backup()) await file.write(chunk);
      await file.sync();
      await file.close();
      await link(partial, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? exists() : error;
      });
    } finally {
      await file.close().catch(() => undefined);
      await rm(partial, { force: true });
    }
    io.stderr.write(`${relayMessages.t(langOf(values.lang, io), 'backup.written', { file: out })}\n`);
    return 0;
  });
}

/** `relay restore FILE`: into a freshly migrated, empty database; then `relay verify`. */
export async function runRestore(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseStrict('relay restore', [...argv], STORE_OPTIONS, true);
  const path = positionals[0];
  if (!path) throw usage('usage.restoreFile');
  const lang = langOf(values.lang, io);
  // Opened before the store: a mistyped name must not leave a new, empty relay store behind.
  const file = await open(resolve(io.cwd, path), 'r').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(relayMessages.text('restore.unreadable', { file: path, why: error.code ?? error.message }));
  });
  try {
    return await withStore(
      values,
      io,
      async (store) => {
        await store.migrate();
        const reader = createInterface({ input: file.createReadStream(), crlfDelay: Infinity });
        // Taken at once: lines read before the restore's first query would otherwise be lost, and
        // an iterator made after the file's end waits for ever.
        const iterator = reader[Symbol.asyncIterator]();
        const lines = { [Symbol.asyncIterator]: () => iterator };
        try {
          const report = await store.restore(lines);
          const rows = Object.entries(report.rows)
            .map(([table, n]) => `${table} ${n}`)
            .join(', ');
          io.stdout.write(`${relayMessages.t(lang, 'restore.done', { rows: rows || '0' })}\n`);
          return 0;
        } catch (error) {
          if (!(error instanceof RestoreRefused)) throw error;
          io.stderr.write(`${relayMessages.t(lang, 'restore.refused', { why: error.message })}\n`);
          return 2;
        }
      },
      { create: true },
    );
  } finally {
    await file.close().catch(() => undefined);
  }
}

/** The heading of a workbook made on the relay's host: its database, read there. */
function hostSource(lang: Lang): string {
  return auditReportMessages.t(lang, 'source.host', { host: hostname() });
}

function dateOption(value: string | undefined, name: string, endOfDay: boolean): Date | undefined {
  if (value === undefined) return undefined;
  // A bare date in --to means "through that day".
  const d = parseTimeBound(value, { endOfDay });
  if (!d) throw new UsageError(relayMessages.text('bad.time', { option: `--${name}`, value }));
  return d;
}

export async function runAudit(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseStrict(
    'relay audit',
    [...argv],
    {
      ...STORE_OPTIONS,
      from: { type: 'string' },
      to: { type: 'string' },
      analyst: { type: 'string' },
      name: { type: 'string' },
      code: { type: 'string' },
      csv: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
    false,
  );
  const read = auditSelectionOf(values);
  if (!read.ok) throw new UsageError(relayMessages.text('bad.time', { option: `--${read.option}`, value: read.value }));
  // A file named .xlsx is the inspector's readable workbook, built from the JSON lines.
  const out = values.out;
  const workbook = wantsWorkbook(out);
  if (workbook && values.csv) throw textAndWorkbook('--csv');
  const lang = langOf(values.lang, io);
  const heading = { source: hostSource(lang), exportedAt: new Date(), selection: values };
  const rows = await exportTo(
    values,
    io,
    (store) => auditExportText((filter) => store.auditPages(filter), read.selection, values.csv),
    workbook && out !== undefined
      ? () => openRecordWorkbook(io, out, auditView(heading, lang), heading.exportedAt)
      : undefined,
  );
  // Said on stderr, the export staying empty: a mistyped name must not read as "no activity".
  if (rows === 0) {
    for (const line of auditNoneLines(lang, values)) io.stderr.write(`${line}\n`);
  }
  return 0;
}
