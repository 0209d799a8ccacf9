import type { FieldError } from '../core/errors';
import type { RunOptions } from '../core/run-options';
import { subjectKey, validateQuery, type QueryInput, type SearchQuery } from '../core/query';
import { COLUMN_ROLES, type CellValue, type ColumnMapping } from './columns';

/** What every request of a run shares; chosen once per run and checked by core's runOptionsFrom before the first row. */
export type RunQueryOptions = Pick<RunOptions, 'listdata' | 'search' | 'lowranklimit' | 'idUserPC'>;

export type InputRow = readonly CellValue[];

/** Row cells → the loose input validateQuery understands; only mapped roles are read. */
export function rowInput(row: InputRow, mapping: ColumnMapping): QueryInput {
  const input: Record<string, CellValue> = {};
  for (const role of COLUMN_ROLES) {
    const index = mapping[role];
    if (index === undefined) continue;
    const value = row[index];
    if (value !== undefined && value !== null) input[role] = value;
  }
  return input as QueryInput;
}

export type RowCheck = { ok: true; query: SearchQuery } | { ok: false; errors: readonly FieldError[] };

/**
 * One row as the request it will become. `now` is fixed for the whole run so that a row
 * validated again at resume time gives the same answer as at the start.
 */
export function checkRow(row: InputRow, mapping: ColumnMapping, options: RunQueryOptions, now: Date): RowCheck {
  const checked = validateQuery(rowInput(row, mapping), { now });
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const query: SearchQuery = {
    ...checked.query,
    listdata: options.listdata,
    search: options.search,
    lowranklimit: options.lowranklimit,
    ...(options.idUserPC ? { IDuserPC: options.idUserPC } : {}),
  };
  return { ok: true, query };
}

/**
 * The run's work list: which rows ask which distinct subject. Kept as typed arrays plus one
 * key per distinct subject, so a fifty-thousand-row list costs a few hundred kilobytes here;
 * requests are rebuilt from the subject's first row when they are sent.
 */
export interface RunPlan {
  rowCount: number;
  /** Subject index per row; -1 for a row that failed validation. */
  rowSubject: Int32Array;
  subjectKeys: string[];
  subjectFirstRow: Int32Array;
  subjectLastRow: Int32Array;
  /** How many rows ask each subject. */
  subjectRows: Int32Array;
  /** Validation errors of the invalid rows only. */
  invalid: Map<number, readonly FieldError[]>;
}

export function planRun(rows: readonly InputRow[], mapping: ColumnMapping, options: RunQueryOptions, now: Date): RunPlan {
  const rowSubject = new Int32Array(rows.length);
  const index = new Map<string, number>();
  const keys: string[] = [];
  const first: number[] = [];
  const last: number[] = [];
  const counts: number[] = [];
  const invalid = new Map<number, readonly FieldError[]>();
  rows.forEach((row, r) => {
    const checked = checkRow(row, mapping, options, now);
    if (!checked.ok) {
      rowSubject[r] = -1;
      invalid.set(r, checked.errors);
      return;
    }
    const key = subjectKey(checked.query);
    let s = index.get(key);
    if (s === undefined) {
      s = keys.length;
      index.set(key, s);
      keys.push(key);
      first.push(r);
      last.push(r);
      counts.push(0);
    }
    rowSubject[r] = s;
    last[s] = r;
    counts[s]++;
  });
  return {
    rowCount: rows.length,
    rowSubject,
    subjectKeys: keys,
    subjectFirstRow: Int32Array.from(first),
    subjectLastRow: Int32Array.from(last),
    subjectRows: Int32Array.from(counts),
    invalid,
  };
}

/** The request for one subject, rebuilt from its first row (valid by construction). */
export function subjectQuery(plan: RunPlan, subject: number, rows: readonly InputRow[], mapping: ColumnMapping, options: RunQueryOptions, now: Date): SearchQuery {
  const checked = checkRow(rows[plan.subjectFirstRow[subject]], mapping, options, now);
  if (!checked.ok) throw new Error('a planned subject no longer validates');
  return checked.query;
}
