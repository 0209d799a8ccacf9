import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decisionText, reasonCellText, type Decision } from '../../src/bulk/decisions';
import { hitsColumns, resultColumns } from '../../src/bulk/result-table';
import { rescreenMessages } from '../../src/bulk/rescreen-messages';
import type { Lang } from '../../src/core/text/i18n';
import type { RegistryKey } from '../../src/core/protocol/registries';
import { levelText } from '../../src/core/answer/summary';
import { KNOWN } from '../../src/sandbox';
import { EXAMPLE_HEADER, EXAMPLE_ROWS } from '../../scripts/make-examples';

/**
 * "A month later" (issue 16), shared by the CLI test and the add-in test so both surfaces play
 * the very same scenario: screen examples/clients.xlsx, decide five hits, edit the list, screen
 * again on the next sandbox revision, and compare with what docs/sandbox.md documents.
 */
const ROOT = join(__dirname, '..', '..');

export type ListCell = string | number | null;

/** ISO dates as Excel serials, the way a date cell reads. */
export function serial(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** examples/clients.xlsx as rows (header first), dates as ISO text or as serials. */
export function exampleList(dates: 'iso' | 'serial'): ListCell[][] {
  const rows = EXAMPLE_ROWS.map((row) =>
    row.map((v) => {
      if (v instanceof Date) {
        return dates === 'iso' ? v.toISOString().slice(0, 10) : serial(v.toISOString().slice(0, 10));
      }
      return v;
    }),
  );
  return [[...EXAMPLE_HEADER], ...rows];
}

/** Two clear clients added, one client without hits removed, and the order reversed. */
export const ADDED_ROWS: ListCell[][] = [
  ['Новосадний Лаврін Євсейович', '1983-03-14', null, null],
  ['ТОВ "ЯСНА ЗАПЛАВА ТРЕЙД"', null, null, null],
];
export const REMOVED_NAME = 'Голубничий Остап Тарасович';

export function editedList(list: readonly ListCell[][], dates: 'iso' | 'serial'): ListCell[][] {
  const [header, ...rows] = list;
  const kept = rows.filter((r) => r[0] !== REMOVED_NAME);
  if (kept.length !== rows.length - 1) throw new Error('scenario: the row to remove is not in the list');
  const added = ADDED_ROWS.map((r) =>
    r.map((v, i) => (i === 1 && typeof v === 'string' && dates === 'serial' ? serial(v) : v)),
  );
  return [header, ...[...kept, ...added].reverse()];
}

export interface DecisionPick {
  input: string;
  registry: RegistryKey;
  recordId: string;
  decision: Decision;
  /** A reason code from the drop-down, or (as sheets from before it hold) free text. */
  reason: string;
  comment: string;
}

/** Two false positives, two true matches, one to review: the five decisions of the scenario. */
export const PICKS: readonly DecisionPick[] = [
  {
    input: KNOWN.manager.name,
    registry: 'edr',
    recordId: KNOWN.company.edrpou,
    decision: 'falsePositive',
    reason: 'other-person',
    comment: 'manager, not a party',
  },
  {
    input: KNOWN.nonResident.name,
    registry: 'nonrezedent',
    recordId: KNOWN.nonResident.code,
    decision: 'falsePositive',
    reason: 'other company, same name',
    comment: '',
  },
  {
    input: KNOWN.wanted.name,
    registry: 'wanted',
    recordId: '900001',
    decision: 'trueMatch',
    reason: 'confirmed-by-document',
    comment: 'passport checked',
  },
  {
    input: KNOWN.pepSanctioned.name,
    registry: 'peps',
    recordId: String(KNOWN.pepSanctioned.idpep),
    decision: 'trueMatch',
    reason: 'MP, confirmed',
    comment: '',
  },
  {
    input: KNOWN.corrupt.name,
    registry: 'corrupt',
    recordId: '900001',
    decision: 'needsReview',
    reason: 'incomplete-data',
    comment: 'ask compliance',
  },
];
export const DECIDED_BY = 'analyst-7';
export const DECIDED_AT = '2026-10-01';

/** Counts docs/sandbox.md documents for a re-screen of examples/clients.xlsx from one revision to another. */
export function documentedCounts(from: number, to: number): { newHits: number; changedHits: number; goneHits: number } {
  const doc = readFileSync(join(ROOT, 'docs', 'sandbox.md'), 'utf8');
  const row = new RegExp(
    `^\\|\\s*${from}\\s*\\|\\s*${to}\\s*\\|\\s*(\\d+)\\s*\\|\\s*(\\d+)\\s*\\|\\s*(\\d+)\\s*\\|\\s*$`,
    'm',
  ).exec(doc);
  if (!row) throw new Error(`docs/sandbox.md documents no re-screen from revision ${from} to ${to}`);
  return { newHits: Number(row[1]), changedHits: Number(row[2]), goneHits: Number(row[3]) };
}

type Grid = readonly (readonly unknown[])[];

/** Column positions of a hits table by its header, in the output's language. */
export function hitsIndex(header: readonly unknown[], lang: Lang): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of hitsColumns(lang)) out[c.id] = header.findIndex((h) => h === c.header);
  return out;
}

export function resultsIndex(header: readonly unknown[], lang: Lang): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of resultColumns({ lang, headers: [], mapping: {}, registries: [], firstSourceRow: 2 })) {
    if (!c.id.startsWith('in:')) out[c.id] = header.findIndex((h) => h === c.header);
  }
  return out;
}

/** Rows of a hits grid (header first) that are the pick's hit: its input name and record. */
export function rowsOfPick(hits: Grid, lang: Lang, pick: DecisionPick): number[] {
  const at = hitsIndex(hits[0], lang);
  const out: number[] = [];
  hits.forEach((row, i) => {
    if (i === 0) return;
    const id = String(row[at.hitId] ?? '');
    if (row[at.input] === pick.input && id.includes(`|${pick.registry}:${pick.recordId}|`)) out.push(i);
  });
  return out;
}

/** What the analyst types: Decision, Reason, Decided by, Decided at on the first row of each pick. */
export function decisionEdits(hits: Grid, lang: Lang): { row: number; column: number; values: string[] }[] {
  const at = hitsIndex(hits[0], lang);
  return PICKS.map((pick) => {
    const rows = rowsOfPick(hits, lang, pick);
    if (rows.length === 0) throw new Error(`scenario: no hit row for ${pick.input} ${pick.registry}:${pick.recordId}`);
    return {
      row: rows[0],
      column: at.decision,
      values: [
        decisionText(pick.decision, lang),
        reasonCellText(pick.reason, lang),
        pick.comment,
        DECIDED_BY,
        DECIDED_AT,
      ],
    };
  });
}

/** A Change cell's mark: "Changed" is followed by what changed ("Changed: percent 100 → 90"). */
export function isChangeMark(cell: unknown, mark: 'new' | 'changed', lang: Lang): boolean {
  const text = rescreenMessages.t(lang, `change.${mark}`);
  return cell === text || (mark === 'changed' && typeof cell === 'string' && cell.startsWith(`${text}: `));
}

/** The distinct New/Changed identities a hits grid marks, and the rows of a Gone grid. */
export function countedChanges(
  hits: Grid,
  gone: Grid,
  lang: Lang,
): { newHits: number; changedHits: number; goneHits: number } {
  const at = hitsIndex(hits[0], lang);
  const distinct = (mark: 'new' | 'changed') =>
    new Set(
      hits
        .slice(1)
        .filter((r) => isChangeMark(r[at.change], mark, lang))
        .map((r) => r[at.hitId]),
    ).size;
  return { newHits: distinct('new'), changedHits: distinct('changed'), goneHits: Math.max(0, gone.length - 1) };
}

/**
 * Every decision is on every row of its hit (a duplicate client row included), Changed hits keep
 * theirs, and the open level leaves the false positives out while true matches stay high.
 */
export function checkCarried(
  hits: Grid,
  results: Grid,
  lang: Lang,
  expect: (cond: boolean, what: string) => void,
): void {
  const at = hitsIndex(hits[0], lang);
  for (const pick of PICKS) {
    const rows = rowsOfPick(hits, lang, pick);
    expect(rows.length > 0, `${pick.input} ${pick.registry}:${pick.recordId} is on the new hits sheet`);
    for (const r of rows) {
      const row = hits[r];
      expect(
        row[at.decision] === decisionText(pick.decision, lang),
        `${pick.input}: decision ${String(row[at.decision])}`,
      );
      expect(
        row[at.reason] === reasonCellText(pick.reason, lang) &&
          (row[at.comment] ?? '') === pick.comment &&
          row[at.decidedBy] === DECIDED_BY &&
          String(row[at.decidedAt]).startsWith(DECIDED_AT),
        `${pick.input}: reason, comment, who, when`,
      );
    }
  }
  const rat = resultsIndex(results[0], lang);
  const nameCol = results[0].findIndex((h) => h === EXAMPLE_HEADER[0]);
  const rowOf = (name: string) => results.find((r) => r[nameCol] === name)!;
  const none = rescreenMessages.t(lang, 'level.noneOpen');
  // False positives: the only hit of each row, so nothing is open there any more.
  expect(
    rowOf(KNOWN.manager.name)[rat.level] === levelText('low', lang) &&
      rowOf(KNOWN.manager.name)[rat.openLevel] === none,
    'manager: low, nothing open',
  );
  expect(rowOf(KNOWN.nonResident.name)[rat.openLevel] === none, 'non-resident: nothing open');
  // Confirmed true matches keep the row high.
  for (const name of [KNOWN.wanted.name, KNOWN.pepSanctioned.name]) {
    expect(rowOf(name)[rat.openLevel] === levelText('high', lang), `${name}: open level high`);
  }
}
