import { bulkMessages } from '../../../src/bulk/messages';
import type { Lang } from '../../../src/core/text/i18n';
import { parseAddress, type CellRect } from '../../../src/excel/a1';
import { CLIENT_HEADERS, type ClientRow } from '../harness/client-list';
import type { ExpectedRow } from './oracle';

export type SheetCell = string | number | boolean;

/** A results sheet as read back from the workbook fake. */
export interface ResultsSheetData {
  /** The results sheet's values from A1 (WorkbookFake.sheetValues). */
  values: readonly (readonly SheetCell[])[];
  /** The results table's address as Table.address reads it ("'CheckLists …'!A14:AC214"). */
  tableAddress: string;
  /** The hits sheet's values, header row first. */
  hitsValues: readonly (readonly SheetCell[])[];
}

export interface ResultsExpectation {
  rows: readonly ClientRow[];
  expected: readonly ExpectedRow[];
  lang: Lang;
  /** Sheet row of the first data row of the input (2 for a list starting at A1 with its header). */
  firstSourceRow: number;
}

/** Above this the hits sheet lists only part of a subject's hits (src/bulk/outcome.ts MAX_HIT_LINES). */
const LISTED_HITS = 200;

function prefix(template: string): string {
  const at = template.indexOf('{');
  return at >= 0 ? template.slice(0, at) : template;
}

export function tableRect(address: string): CellRect {
  const parsed = parseAddress(address);
  if (!parsed) throw new Error(`not a table address: ${address}`);
  const { sheetName: _sheet, ...rect } = parsed;
  return rect;
}

function cellAt(values: ResultsSheetData['values'], row: number, col: number): SheetCell {
  return values[row]?.[col] ?? '';
}

function isBlank(cells: readonly SheetCell[]): boolean {
  return cells.every((c) => c === '' || c === null);
}

/** The cell as text for comparing with input text (Excel reads an empty cell as ""). */
function asText(cell: SheetCell | null | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell);
}

/**
 * Everything wrong with a results sheet against the truth: the table's size, one non-blank row
 * per input row in input order (row number and name), each row's status, and the hits sheet
 * listing as many hits per row as its status counts. An empty list means the sheet is right.
 */
export function checkResultsSheet(data: ResultsSheetData, expectation: ResultsExpectation): string[] {
  const { rows, expected, lang, firstSourceRow } = expectation;
  const t = (key: Parameters<typeof bulkMessages.t>[1], params?: Record<string, string | number>) =>
    bulkMessages.t(lang, key, params);
  const problems: string[] = [];
  if (rows.length !== expected.length) throw new Error('checker: rows and expectations differ in length');

  const rect = tableRect(data.tableAddress);
  const dataRows = rect.rowCount - 1;
  if (dataRows !== rows.length) problems.push(`the results table has ${dataRows} data rows, expected ${rows.length}`);

  const headerRow = rect.rowIndex;
  const headers = Array.from({ length: rect.columnCount }, (_, i) =>
    asText(cellAt(data.values, headerRow, rect.columnIndex + i)),
  );
  const column = (header: string): number => {
    const i = headers.indexOf(header);
    if (i < 0) problems.push(`the results table has no column "${header}" (headers: ${headers.join(' | ')})`);
    return rect.columnIndex + i;
  };
  const rowCol = column(t('col.row'));
  const nameCol = column(CLIENT_HEADERS[0]);
  const statusCol = column(t('col.status'));
  if (problems.some((p) => p.includes('no column'))) return problems;

  const invalidPrefix = prefix(bulkMessages[lang]['status.invalid']);
  for (let i = 0; i < rows.length; i++) {
    const r = headerRow + 1 + i;
    const label = `input row ${i + 1} (sheet row ${firstSourceRow + i})`;
    const cells = Array.from({ length: rect.columnCount }, (_, j) => cellAt(data.values, r, rect.columnIndex + j));
    if (isBlank(cells)) {
      problems.push(`${label}: missing from the results table (blank row)`);
      continue;
    }
    const rowNumber = cellAt(data.values, r, rowCol);
    if (rowNumber !== firstSourceRow + i) {
      problems.push(`${label}: "Row" reads ${JSON.stringify(rowNumber)}, expected ${firstSourceRow + i}`);
    }
    const name = asText(cellAt(data.values, r, nameCol));
    const inputName = asText(rows[i].cells[0]);
    if (name !== inputName) {
      problems.push(`${label}: name reads ${JSON.stringify(name)}, expected ${JSON.stringify(inputName)}`);
    }
    const status = asText(cellAt(data.values, r, statusCol));
    const want = expected[i];
    if (want.kind === 'invalid') {
      if (!status.startsWith(invalidPrefix)) {
        problems.push(`${label}: status ${JSON.stringify(status)}, expected "${invalidPrefix}…"`);
      }
    } else {
      const text = want.totalHits > 0 ? t('status.ok', { hits: want.totalHits }) : t('status.clear');
      if (status !== text) {
        problems.push(`${label}: status ${JSON.stringify(status)}, expected ${JSON.stringify(text)}`);
      }
    }
  }
  // Rows below the table would be results written outside it.
  for (let r = headerRow + 1 + rows.length; r < data.values.length; r++) {
    const cells = data.values[r].slice(rect.columnIndex, rect.columnIndex + rect.columnCount);
    if (!isBlank(cells)) problems.push(`sheet row ${r + 1}: content below the results table`);
  }

  problems.push(...checkHits(data.hitsValues, expectation));
  return problems;
}

function checkHits(hitsValues: ResultsSheetData['hitsValues'], expectation: ResultsExpectation): string[] {
  const { expected, lang, firstSourceRow } = expectation;
  const problems: string[] = [];
  const header = (hitsValues[0] ?? []).map(asText);
  const sourceCol = header.indexOf(bulkMessages.t(lang, 'hits.sourceRow'));
  if (sourceCol < 0) return [`the hits sheet has no column "${bulkMessages.t(lang, 'hits.sourceRow')}"`];
  const listed = new Map<number, number>();
  for (const row of hitsValues.slice(1)) {
    if (isBlank(row)) continue;
    const source = row[sourceCol];
    if (typeof source !== 'number') {
      problems.push(`hits sheet: a row without a source row number (${JSON.stringify(row.slice(0, 3))})`);
      continue;
    }
    listed.set(source, (listed.get(source) ?? 0) + 1);
  }
  expected.forEach((want, i) => {
    const source = firstSourceRow + i;
    const count = listed.get(source) ?? 0;
    const hits = want.kind === 'screened' ? want.totalHits : 0;
    // A subject with more hits than listed gets one extra "… more not listed" line.
    const wantLines = hits > LISTED_HITS ? LISTED_HITS + 1 : hits;
    if (count !== wantLines) {
      problems.push(`hits sheet: sheet row ${source} has ${count} hit line(s), expected ${wantLines}`);
    }
    listed.delete(source);
  });
  for (const [source, count] of listed) {
    problems.push(`hits sheet: ${count} hit line(s) for sheet row ${source}, which is not an input row`);
  }
  return problems;
}

/** Cell-by-cell differences between two results tables (same run, different history), optionally skipping columns by header. */
export function compareTables(
  a: { values: ResultsSheetData['values']; tableAddress: string },
  b: { values: ResultsSheetData['values']; tableAddress: string },
  ignoreHeaders: readonly string[] = [],
): string[] {
  const ra = tableRect(a.tableAddress);
  const rb = tableRect(b.tableAddress);
  if (ra.rowCount !== rb.rowCount || ra.columnCount !== rb.columnCount) {
    return [`table sizes differ: ${ra.rowCount}×${ra.columnCount} vs ${rb.rowCount}×${rb.columnCount}`];
  }
  const problems: string[] = [];
  const headers = Array.from({ length: ra.columnCount }, (_, j) =>
    asText(cellAt(a.values, ra.rowIndex, ra.columnIndex + j)),
  );
  for (let i = 0; i < ra.rowCount; i++) {
    for (let j = 0; j < ra.columnCount; j++) {
      if (ignoreHeaders.includes(headers[j])) continue;
      const x = cellAt(a.values, ra.rowIndex + i, ra.columnIndex + j);
      const y = cellAt(b.values, rb.rowIndex + i, rb.columnIndex + j);
      if (x !== y) problems.push(`table row ${i} column "${headers[j]}": ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
    }
  }
  return problems;
}
