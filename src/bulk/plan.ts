import type { FieldError } from '../core/protocol/errors';
import type { RunOptions } from '../core/request/run-options';
import { subjectKey, validateQuery, type DateSystem, type QueryInput, type SearchQuery } from '../core/query';
import { COLUMN_ROLES, NAME_PART_ROLES, QUERY_ROLES, isBlankCell, type CellValue, type ColumnMapping } from './columns';
import { excelErrorOf } from './excel-errors';
import { mixedScriptWords } from '../core/query/look-alikes';
import { initialWords } from '../core/query/initials';
import { isFormulaZero } from '../core/query/field';
import { bulkMessages } from './messages';

/** What every request of a run shares; chosen once per run and checked by core's runOptionsFrom before the first row. */
export type RunQueryOptions = Pick<RunOptions, 'listdata' | 'search' | 'lowranklimit' | 'idUserPC'> & {
  /** How the input's date numbers count days: a workbook in the 1904 system says so. */
  dateSystem?: DateSystem;
};

export type InputRow = readonly CellValue[];

function isBlankOrZero(value: CellValue | undefined): boolean {
  return isBlankCell(value) || isFormulaZero(value);
}

/**
 * Row cells → the loose input validateQuery understands; only mapped roles are read. A row with
 * no full name takes the name from its parts (Прізвище Ім'я По батькові), in that order.
 *
 * A list built of formulas (=Clients!C5) shows 0 where the client's cell is empty: a client with no
 * birth date or code. That 0 is read as the empty cell it stands for, so the row is still asked by
 * what it has, as the worksheet functions read it. The name's 0 is left to core, which says why it
 * is no name when the row has nothing else to ask.
 */
export function rowInput(row: InputRow, mapping: ColumnMapping): QueryInput {
  const input: Record<string, CellValue> = {};
  for (const role of QUERY_ROLES) {
    const index = mapping[role];
    if (index === undefined) continue;
    const value = row[index];
    if (role === 'name' ? value !== undefined && value !== null : !isBlankOrZero(value)) input[role] = value;
  }
  if (input.name === undefined || String(input.name).trim() === '') {
    const parts = NAME_PART_ROLES.map((role) => mapping[role])
      .map((index) => (index === undefined ? null : row[index]))
      .map((value) => (isBlankOrZero(value) ? '' : String(value).trim()))
      .filter((part) => part !== '');
    if (parts.length > 0) input.name = parts.join(' ');
  }
  if (input.doc === undefined) {
    const doc = joinedDocument(row, mapping);
    if (doc !== '') input.doc = doc;
  }
  return input as QueryInput;
}

/** A passport number has six digits; a number cell drops its leading zeros (017305 → 17305). */
const PASSPORT_NUMBER_DIGITS = 6;

/** Series and number from their own columns, as normalizeDoc reads a document typed in one cell. */
function joinedDocument(row: InputRow, mapping: ColumnMapping): string {
  const cell = (index: number | undefined) => (index === undefined || isBlankOrZero(row[index]) ? null : row[index]);
  const series = cell(mapping.docSeries);
  const number = cell(mapping.docNumber);
  if (number === null) return series === null ? '' : String(series).trim();
  const digits =
    series !== null && typeof number === 'number'
      ? String(number).padStart(PASSPORT_NUMBER_DIGITS, '0')
      : String(number);
  return series === null ? digits.trim() : `${String(series).trim()} ${digits.trim()}`;
}

/** What a row's names say to the analyst beyond the answer, read from one rowInput (bulk status, pre-run notes). */
export interface NameNotes {
  /** Words typed in two alphabets, which the query reads in one (core's look-alikes). */
  mixed: string[];
  /** Initials ("С.Б."), which can make a true hit come back as none (core's initials). */
  initials: string[];
}

export function nameNotesOf(row: InputRow, mapping: ColumnMapping): NameNotes {
  const { name, namelat } = rowInput(row, mapping);
  return {
    mixed: [name, namelat].flatMap((text) => (typeof text === 'string' ? mixedScriptWords(text) : [])),
    initials: typeof name === 'string' ? initialWords(name) : [],
  };
}

export type RowCheck = { ok: true; query: SearchQuery } | { ok: false; errors: readonly FieldError[] };

const EMPTY_ROW = bulkMessages.text('row.empty');
/** The code of a spacer row's one error: counted apart from rows with input to correct. */
export const EMPTY_ROW_CODE = 'row.empty';
/** A spacer row's place in RunPlan.rowSubject; -1 is a row whose input is invalid. */
export const EMPTY_ROW_SUBJECT = -2;
/** A row hidden (a filter, or by hand) when the run began, left out because the analyst chose the rows shown. */
export const HIDDEN_ROW_SUBJECT = -3;
/** The code of a hidden row's one "error": it was not asked by choice, and nothing in it needs correcting. */
export const HIDDEN_ROW_CODE = 'row.hidden';

/** Why a hidden row was not asked, as its results row says. */
export function hiddenRowErrors(): readonly FieldError[] {
  return [{ field: 'subject', code: HIDDEN_ROW_CODE, message: bulkMessages.text('row.hidden') }];
}

/** Each column the run reads that holds an Excel error rather than a value. */
function excelErrorCells(row: InputRow, mapping: ColumnMapping): FieldError[] {
  const errors: FieldError[] = [];
  for (const role of COLUMN_ROLES) {
    const index = mapping[role];
    const error = index === undefined ? null : excelErrorOf(row[index]);
    if (!error) continue;
    errors.push({ field: role, code: 'cell.excelError', message: bulkMessages.text('cell.excelError', { error }) });
  }
  return errors;
}

/**
 * One row as the request it will become. `now` is fixed for the whole run so that a row
 * validated again at resume time gives the same answer as at the start.
 */
export function checkRow(row: InputRow, mapping: ColumnMapping, options: RunQueryOptions, now: Date): RowCheck {
  // A spacer row between blocks of clients: "enter a name" would send the analyst looking for one.
  // So is a row of formulas copied below the last client, each showing 0 for the empty cell it reads.
  if (row.every(isBlankOrZero)) {
    return { ok: false, errors: [{ field: 'subject', code: EMPTY_ROW_CODE, message: EMPTY_ROW }] };
  }
  const broken = excelErrorCells(row, mapping);
  if (broken.length > 0) return { ok: false, errors: broken };
  const checked = validateQuery(rowInput(row, mapping), { now, dateSystem: options.dateSystem });
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
 * The run's work list: which rows ask which distinct subject. Typed arrays only, so a million-row
 * list costs tens of megabytes here, not gigabytes: distinct subjects are told apart by a 96-bit
 * hash of their key in an open-addressing table (no key strings kept), and requests and invalid
 * rows' reasons are rebuilt from the row itself when they are needed.
 */
export interface RunPlan {
  rowCount: number;
  /** Subject index per row; -1 for a row that failed validation, EMPTY_ROW_SUBJECT a blank one, HIDDEN_ROW_SUBJECT a hidden one left out. */
  rowSubject: Int32Array;
  subjectCount: number;
  subjectFirstRow: Int32Array;
  subjectLastRow: Int32Array;
  /** How many rows ask each subject. */
  subjectRows: Int32Array;
  /** Rows not asked for their input (blank rows are not among them). */
  invalidRows: number;
  /** Blank rows: spacers in a list, accounted for but nothing to correct. */
  emptyRows: number;
  /**
   * A 32-bit hash of each row's cells: a streamed file is read again for every pass, and a row
   * that no longer matches (the file was edited mid-run) stops the run instead of being paired
   * with another row's answer.
   */
  rowHash: Uint32Array;
  /** The subject a key (a stored answer's) belongs to, or -1 when no row asks it. */
  subjectOf(key: string): number;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Three independent 32-bit hashes of a subject key. Two different subjects share all 96 bits
 * with odds of about 1 in 10^16 at a million subjects: far below any other error in the chain.
 */
function hashKey(key: string, out: Uint32Array): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ key.length;
  let c = 0x2545f491;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    a = Math.imul(a ^ ch, 0x01000193);
    b = Math.imul(b ^ ch, 0x5bd1e995);
    b ^= b >>> 15;
    c = Math.imul(c + ch, 0x9e3779b1);
    c = (c << 13) | (c >>> 19);
  }
  out[0] = fmix(a);
  out[1] = fmix(b ^ 0x68e31da4);
  out[2] = fmix(c);
}

function grown(array: Int32Array, size: number): Int32Array {
  if (size <= array.length) return array;
  const next = new Int32Array(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/** Subject key hash → subject index; grows by doubling, kept at most half full. */
class SubjectTable {
  private slots: Int32Array = new Int32Array(1024).fill(-1);
  private hashes = new Uint32Array(1024 * 3);
  private size = 0;
  private readonly h = new Uint32Array(3);

  /** The subject of `key`; `create` gives a new one the index `next` when it is not there yet. */
  find(key: string, next: number, create: boolean): number {
    hashKey(key, this.h);
    const [h0, h1, h2] = this.h;
    const mask = this.slots.length - 1;
    for (let i = h0 & mask; ; i = (i + 1) & mask) {
      const s = this.slots[i];
      if (s < 0) {
        if (!create) return -1;
        this.slots[i] = next;
        this.hashes[i * 3] = h0;
        this.hashes[i * 3 + 1] = h1;
        this.hashes[i * 3 + 2] = h2;
        if (++this.size * 2 > this.slots.length) this.rehash();
        return next;
      }
      if (this.hashes[i * 3] === h0 && this.hashes[i * 3 + 1] === h1 && this.hashes[i * 3 + 2] === h2) return s;
    }
  }

  private rehash(): void {
    const oldSlots = this.slots;
    const oldHashes = this.hashes;
    this.slots = new Int32Array(oldSlots.length * 2).fill(-1);
    this.hashes = new Uint32Array(this.slots.length * 3);
    const mask = this.slots.length - 1;
    for (let j = 0; j < oldSlots.length; j++) {
      if (oldSlots[j] < 0) continue;
      let i = oldHashes[j * 3] & mask;
      while (this.slots[i] >= 0) i = (i + 1) & mask;
      this.slots[i] = oldSlots[j];
      this.hashes.set(oldHashes.subarray(j * 3, j * 3 + 3), i * 3);
    }
  }
}

export function rowHash(row: InputRow): number {
  let h = 0x811c9dc5;
  for (const v of row) {
    const text = v === null || v === undefined ? '\u0000' : `${typeof v}:${String(v)}\u0001`;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return fmix(h);
}

/** Builds a plan one row at a time, so a file streamed past once is planned without holding it. */
export class PlanBuilder {
  private readonly rowSubject: Int32Array;
  private readonly rowHash: Uint32Array;
  private readonly table = new SubjectTable();
  private first: Int32Array = new Int32Array(1024);
  private last: Int32Array = new Int32Array(1024);
  private counts: Int32Array = new Int32Array(1024);
  private subjects = 0;
  private invalid = 0;
  private empty = 0;
  private row = 0;

  constructor(
    private readonly rowCount: number,
    private readonly mapping: ColumnMapping,
    private readonly options: RunQueryOptions,
    private readonly now: Date,
  ) {
    this.rowSubject = new Int32Array(rowCount);
    this.rowHash = new Uint32Array(rowCount);
  }

  /** `hidden`: the row is left out as hidden; it is still hashed, so a resume knows it is the same row. */
  add(cells: InputRow, hidden = false): void {
    const r = this.row++;
    if (r >= this.rowCount) throw new Error('more rows than planned');
    this.rowHash[r] = rowHash(cells);
    if (hidden) {
      this.rowSubject[r] = HIDDEN_ROW_SUBJECT;
      return;
    }
    const checked = checkRow(cells, this.mapping, this.options, this.now);
    if (!checked.ok) {
      const blank = checked.errors[0]?.code === EMPTY_ROW_CODE;
      this.rowSubject[r] = blank ? EMPTY_ROW_SUBJECT : -1;
      if (blank) this.empty++;
      else this.invalid++;
      return;
    }
    const s = this.table.find(subjectKey(checked.query), this.subjects, true);
    if (s === this.subjects) {
      this.subjects++;
      this.first = grown(this.first, this.subjects);
      this.last = grown(this.last, this.subjects);
      this.counts = grown(this.counts, this.subjects);
      this.first[s] = r;
    }
    this.rowSubject[r] = s;
    this.last[s] = r;
    this.counts[s]++;
  }

  finish(): RunPlan {
    if (this.row !== this.rowCount) throw new Error('fewer rows than planned');
    const n = this.subjects;
    const table = this.table;
    return {
      rowCount: this.rowCount,
      rowSubject: this.rowSubject,
      subjectCount: n,
      subjectFirstRow: this.first.slice(0, n),
      subjectLastRow: this.last.slice(0, n),
      subjectRows: this.counts.slice(0, n),
      invalidRows: this.invalid,
      emptyRows: this.empty,
      rowHash: this.rowHash,
      subjectOf: (key) => table.find(key, n, false),
    };
  }
}

export function planRun(
  rows: readonly InputRow[],
  mapping: ColumnMapping,
  options: RunQueryOptions,
  now: Date,
): RunPlan {
  const builder = new PlanBuilder(rows.length, mapping, options, now);
  for (const row of rows) builder.add(row);
  return builder.finish();
}

/**
 * The IDinternal a run sends for a subject: the run and the source row the subject first
 * appears on, so the service's audit trail leads back to the row.
 */
export function idInternalOf(runId: string, sourceRow: number): string {
  return `${runId}:${sourceRow}`;
}

/** The request for one subject, rebuilt from its first row (valid by construction). */
export function subjectQuery(
  firstRow: InputRow,
  mapping: ColumnMapping,
  options: RunQueryOptions,
  now: Date,
): SearchQuery {
  const checked = checkRow(firstRow, mapping, options, now);
  if (!checked.ok) throw new Error('a planned subject no longer validates');
  return checked.query;
}

/** Why a row is not asked: validated again from the row when it is written, rather than kept for every row. */
export function rowErrors(
  row: InputRow,
  mapping: ColumnMapping,
  options: RunQueryOptions,
  now: Date,
): readonly FieldError[] {
  const checked = checkRow(row, mapping, options, now);
  return checked.ok ? [] : checked.errors;
}
