import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { exitCodeFor } from '../../src/cli/exit-codes';
import { describeFailure } from '../../src/cli/main';
import { auditView } from '../../src/cli/output/record-views';
import { openRecordWorkbook, wantsWorkbook } from '../../src/cli/output/record-workbook';
import { writeFailed } from '../../src/cli/output/export-sink';
import { auditJsonLines } from '../../src/relay/audit-export';
import type { StoredAuditRow } from '../../src/relay/store/port';

/**
 * The audit trail's readable workbook as the export's JSON lines arrive in whatever pieces: owner-only,
 * named only once whole, a sheet per so many requests, and every text a text.
 */

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'record-workbook-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function rows(count: number): StoredAuditRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    state: 'answered' as const,
    at: new Date(Date.UTC(2026, 0, 15, 8, 0, i)),
    analyst: 'olena',
    method: 'POST' as const,
    query: { name: i === 0 ? '=HYPERLINK("http://x","y")' : `Клієнт ${i + 1}`, ipn: '00032129' },
    listdata: '-1',
    servedBy: 'http://127.0.0.1:1',
    idrequest: String(1000 + i),
    verdict: 'clear',
    hits: {},
    durationMs: 5,
    fromCache: false,
    errorCode: null,
    status: 200,
    instance: 'r',
    archiveId: i + 1,
    delivered: true,
  }));
}

const heading = { source: 'http://relay', exportedAt: new Date('2026-01-15T10:00:00Z'), selection: {} };

async function read(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb;
}

test('rows split anywhere across chunks land one per line, a sheet holding at most so many, the last saying it ended whole', async () => {
  const sink = await openRecordWorkbook({ cwd: dir }, 'trail.xlsx', auditView(heading, 'en'), heading.exportedAt, 2);
  sink.begin?.({ 'x-audit-scope': 'own' });
  const text = Buffer.from(auditJsonLines(rows(5)));
  // Cut inside a line and inside a Cyrillic letter's bytes.
  for (let at = 0; at < text.length; at += 37) await sink.write(text.subarray(at, at + 37));
  expect(existsSync(join(dir, 'trail.xlsx'))).toBe(false);
  await sink.finish();

  const file = join(dir, 'trail.xlsx');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readdirSync(dir)).toEqual(['trail.xlsx']);
  const wb = await read(file);
  expect(wb.worksheets.map((w) => w.name)).toEqual(['Audit trail', 'Audit trail (2)', 'Audit trail (3)']);
  const [first, , last] = wb.worksheets;
  expect(first.getCell('B5').text).toEqual(expect.stringContaining('your own only'));
  expect(first.getRow(7).getCell(1).text).toBe('Relay audit no.');
  expect([first.getCell('A8').value, first.getCell('A9').value]).toEqual([1, 2]);
  expect(first.getCell('A11').text).toBe('Continued on the sheet “Audit trail (2)”.');
  expect(first.autoFilter).toBe('A7:P9');
  // The heading's labels are read whole beside their values.
  expect(first.getColumn(1).width).toBeGreaterThanOrEqual('Exported (Kyiv)'.length);
  expect(last.getCell('A8').value).toBe(5);
  expect(last.getCell('A10').text).toBe('End of the export: 5 requests, whole.');
  // A time Excel sorts and filters, Kyiv's wall clock, shown as one.
  expect(first.getCell('B8').value).toEqual(new Date('2026-01-15T10:00:00.000Z'));
  expect(first.getCell('B8').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  // Text from a request is text in the cell itself: never a formula, an EDRPOU with its zeros.
  expect(first.getCell('D8').type).toBe(ExcelJS.ValueType.RichText);
  expect(first.getCell('D8').text).toBe('=HYPERLINK("http://x","y")');
  expect(first.getCell('F8').text).toBe('00032129');
  const formulas: string[] = [];
  for (const sheet of wb.worksheets) {
    sheet.eachRow((r) => r.eachCell((c) => void (c.type === ExcelJS.ValueType.Formula && formulas.push(c.address))));
  }
  expect(formulas).toEqual([]);
});

test('an empty export is the heading, the table header and the end line', async () => {
  const sink = await openRecordWorkbook({ cwd: dir }, 'none.xlsx', auditView(heading, 'uk'), heading.exportedAt);
  await sink.finish();
  const [sheet] = (await read(join(dir, 'none.xlsx'))).worksheets;
  expect(sheet.name).toBe('Журнал аудиту');
  expect(sheet.getCell('B5').text).toBe('усіх аналітиків');
  expect(sheet.getCell('A9').text).toBe('Кінець вивантаження: 0 запитів, повністю.');
});

test('an export abandoned, or with a line that is no audit row, leaves no file at all', async () => {
  const cut = await openRecordWorkbook({ cwd: dir }, 'cut.xlsx', auditView(heading, 'en'), heading.exportedAt);
  await cut.write(auditJsonLines(rows(3)));
  await cut.abandon();
  const bad = await openRecordWorkbook({ cwd: dir }, 'bad.xlsx', auditView(heading, 'en'), heading.exportedAt);
  await expect(bad.write('{"id":"x"}\n')).rejects.toThrow('not an audit row');
  await bad.abandon();
  expect(readdirSync(dir)).toEqual([]);
});

test('a file named .xlsx asks for the workbook, in any case; anything else does not', () => {
  expect(wantsWorkbook('q1.xlsx')).toBe(true);
  expect(wantsWorkbook('Q1.XLSX')).toBe(true);
  expect(wantsWorkbook('q1.csv')).toBe(false);
  expect(wantsWorkbook(undefined)).toBe(false);
});

test('an export the disk could not take names the file and the reason, exit 5, never "the relay stopped"', () => {
  const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
  const error = writeFailed('q1.xlsx', full);
  expect(exitCodeFor(error)).toBe(5);
  expect(describeFailure(error, 'en')).toEqual([
    'Error: q1.xlsx was not written: ENOSPC. Free some space (or name another folder) and run it again.',
  ]);
  expect(describeFailure(error, 'uk')[0]).toContain('q1.xlsx не записано: ENOSPC.');
});
