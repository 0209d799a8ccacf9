import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { decisionList, reasonValidation } from '../../src/bulk/decisions';
import { hitsColumns } from '../../src/bulk/result-table';
import { addDecisionValidation, type SheetWithValidations } from '../../src/cli/output/decision-validation';
import { removeDir, tempDir, unzipEntries } from './cli-support';

/**
 * The Decision drop-down as exceljs writes it, in-memory and streaming alike (issue 17 moves the
 * xlsx writer to exceljs's streaming WorkbookWriter): one <dataValidation> over the whole column.
 */
let work: string;
beforeAll(() => (work = tempDir('checklists-validation-')));
afterAll(() => removeDir(work));

describe('Decision column validation in .xlsx', () => {
  it.each(['uk', 'en'] as const)(
    'streaming WorksheetWriter (%s): a list of the three decisions, and one of the reasons, over the hit rows',
    async (lang) => {
      const path = join(work, `stream-${lang}.xlsx`);
      const columns = hitsColumns(lang);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
      const ws = wb.addWorksheet('hits');
      ws.addRow(columns.map((c) => c.header)).commit();
      for (let i = 0; i < 300; i++) ws.addRow(columns.map((_, j) => `r${i}c${j}`)).commit();
      expect(addDecisionValidation(ws as unknown as SheetWithValidations, columns, 2, 301, lang)).toBe(true);
      ws.commit();
      await wb.commit();

      const xml = unzipEntries(path).get('xl/worksheets/sheet1.xml')!.toString('utf8');
      const validations = xml.match(/<dataValidation [^>]*>/g) ?? [];
      expect(validations).toHaveLength(2);
      expect(validations[0]).toContain('type="list"');
      expect(validations[0]).toContain('sqref="M2:M301"');
      expect(validations[1]).toContain('sqref="N2:N301"');
      const read = new ExcelJS.Workbook();
      await read.xlsx.readFile(path);
      expect(read.worksheets[0].getCell('M150').dataValidation).toMatchObject({
        type: 'list',
        formulae: [`"${decisionList(lang).join(',')}"`],
      });
      expect(read.worksheets[0].getCell('N150').dataValidation).toMatchObject({
        type: 'list',
        formulae: [`"${reasonValidation(lang).values.join(',')}"`],
      });
      expect(read.worksheets[0].getCell('M1').dataValidation).toBeUndefined();
    },
  );

  it('in-memory Worksheet: the same rules', async () => {
    const path = join(work, 'memory.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('hits');
    expect(addDecisionValidation(ws as unknown as SheetWithValidations, hitsColumns('en'), 2, 10, 'en')).toBe(true);
    expect(addDecisionValidation(ws as unknown as SheetWithValidations, hitsColumns('en'), 2, 1, 'en')).toBe(false);
    await wb.xlsx.writeFile(path);
    const xml = unzipEntries(path).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml.match(/<dataValidation [^>]*sqref="M2:M10"/g)).toHaveLength(1);
    expect(xml.match(/<dataValidation [^>]*sqref="N2:N10"/g)).toHaveLength(1);
  });
});
