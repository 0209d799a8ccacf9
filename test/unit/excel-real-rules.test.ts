/**
 * Issue 11: Excel's documented rules, enforced by the workbook fake, and the fixes they forced.
 * Each "fix" test below failed on the code before the fix (see the issue note for which).
 */
import type { AskFn } from '../../src/bulk';
import { readSelectionInput } from '../../src/excel/bulk/bulk-input';
import { resumableRuns, resumeWorkbookRun, startWorkbookRun } from '../../src/excel/bulk/bulk-run';
import { EXCEL_WEB_PAYLOAD_LIMIT_BYTES } from '../../src/excel/payload';
import { describeExcelError } from '../../src/excel/errors';
import { readSelection } from '../../src/excel/selection';
import { WorkbookFake } from '../support/workbook-fake';
import { fakeService } from '../support/fake-service';
import { SANDBOX, TUNING, clients, request, stateSheets as stateSheetsOf } from '../support/workbook-runs';

let fake: WorkbookFake;
let restore: () => void;
beforeEach(() => {
  fake = new WorkbookFake();
  restore = fake.install();
});
afterEach(() => restore());

const MB5 = EXCEL_WEB_PAYLOAD_LIMIT_BYTES;
function stateSheets(): string[] {
  return stateSheetsOf(fake);
}

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (e) {
    return (e as { code?: string }).code ?? 'no code';
  }
}

describe("the workbook fake follows Microsoft's documentation", () => {
  it('refuses to delete a very hidden sheet, and deletes it once Hidden (Worksheet.delete; office-js #365)', async () => {
    fake.setSheet('Secret', [['x']]);
    const hide = async (visibility: string) =>
      Excel.run(async (context) => {
        context.workbook.worksheets.getItem('Secret').visibility = visibility as Excel.SheetVisibility;
        await context.sync();
      });
    const remove = async () =>
      Excel.run(async (context) => {
        context.workbook.worksheets.getItem('Secret').delete();
        await context.sync();
      });
    await hide('VeryHidden');
    expect(await codeOf(remove())).toBe('InvalidOperation');
    expect(fake.sheetNames()).toContain('Secret');
    await hide('Hidden');
    expect(await codeOf(remove())).toBeNull();
    expect(fake.sheetNames()).not.toContain('Secret');
  });

  it('gives every area of a Ctrl-click from getSelectedRanges (ExcelApi 1.9), in the order selected, on its sheet', async () => {
    fake.setSheet('Sheet1', clients(3)).select('Sheet1', 'C2:C3,A1:B1');
    const read = () =>
      Excel.run(async (context) => {
        const ranges = context.workbook.getSelectedRanges();
        ranges.load('areaCount');
        ranges.areas.load('items/address');
        const sheet = ranges.worksheet.load('name');
        await context.sync();
        return { count: ranges.areaCount, areas: ranges.areas.items.map((r) => r.address), sheet: sheet.name };
      });
    expect(await read()).toEqual({ count: 2, areas: ['Sheet1!C2:C3', 'Sheet1!A1:B1'], sheet: 'Sheet1' });
    fake.select('Sheet1', 'B2');
    expect(await read()).toEqual({ count: 1, areas: ['Sheet1!B2'], sheet: 'Sheet1' });
  });

  it('has no getSelectedRanges below ExcelApi 1.9: ApiNotFound', async () => {
    const older = new WorkbookFake({ excelApi: '1.8' });
    const restoreOlder = older.install();
    try {
      older.setSheet('Sheet1', clients(3)).select('Sheet1', 'A1:A2,C1:C2');
      const read = Excel.run(async (context) => {
        const ranges = context.workbook.getSelectedRanges();
        ranges.areas.load('items/address');
        await context.sync();
        return ranges.areas.items.length;
      });
      expect(await codeOf(read)).toBe('ApiNotFound');
    } finally {
      restoreOlder();
    }
  });

  it('throws InvalidSelection from getSelectedRange when several areas are selected (Ctrl-click)', async () => {
    fake.setSheet('Sheet1', clients(3)).select('Sheet1', 'A1:A2,C1:C2');
    const read = Excel.run(async (context) => {
      const range = context.workbook.getSelectedRange().load('address');
      await context.sync();
      return range.address;
    });
    expect(await codeOf(read)).toBe('InvalidSelection');
    fake.select('Sheet1', 'A1:B2');
    await expect(
      Excel.run(async (context) => {
        const range = context.workbook.getSelectedRange().load('address');
        await context.sync();
        return range.address;
      }),
    ).resolves.toBe('Sheet1!A1:B2');
  });

  it('fails a response over 5 MB, measured on the payload: the same cells pass in ASCII and fail in Cyrillic', async () => {
    const rows = (ch: string) => Array.from({ length: 100 }, () => [ch.repeat(30_000)]);
    const load = (sheet: string) =>
      Excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange('A1:A100').load('values');
        await context.sync();
        return range.values.length;
      });
    fake.setSheet('Latin', rows('a'));
    fake.setSheet('Cyrillic', rows('ж'));
    await expect(load('Latin')).resolves.toBe(100);
    expect(await codeOf(load('Cyrillic'))).toBe('ResponsePayloadSizeLimitExceeded');
    expect(Math.max(...fake.stats.responseBytesPerSync)).toBeGreaterThan(MB5);
  });

  it('fails a batch during cell-edit mode unless Excel.run asked for delayForCellEdit, which waits instead', async () => {
    const write = (options?: Excel.RunOptions) => {
      const batch = async (context: Excel.RequestContext) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[1]];
        await context.sync();
      };
      return options ? Excel.run(options, batch) : Excel.run(batch);
    };
    fake.cellEditStarts();
    expect(await codeOf(write())).toBe('InvalidOperationInCellEditMode');
    const delayed = write({ delayForCellEdit: true });
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.cell('Sheet1', 'A1').value).toBe('');
    fake.cellEditEnds();
    await delayed;
    expect(fake.cell('Sheet1', 'A1').value).toBe(1);
    expect(fake.stats.delayedForCellEdit).toBe(1);
  });

  it('says "finish editing the cell" for both codes Excel uses for a batch refused in cell-edit mode', () => {
    for (const code of ['InvalidOperation', 'InvalidOperationInCellEditMode']) {
      const text = describeExcelError(Object.assign(new Error('refused'), { code }));
      expect([code, text.en]).toEqual([code, 'Finish editing the cell in Excel, then try again.']);
      expect(text.uk).toBe('Завершіть редагування клітинки в Excel і спробуйте ще раз.');
    }
  });

  it('keeps a leading apostrophe as a character in a cell formatted as Text, and as a prefix in a General one', async () => {
    fake.setNumberFormat('Sheet1', 'A1', '@');
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1:B1').values = [["'=1+1", "'=1+1"]];
      await context.sync();
    });
    expect(fake.cell('Sheet1', 'A1')).toMatchObject({ value: "'=1+1", formula: null, quotePrefix: false });
    expect(fake.cell('Sheet1', 'B1')).toMatchObject({ value: '=1+1', formula: null, quotePrefix: true });
  });

  it('validates conditional-format rule formulas at sync', async () => {
    const add = (formula: string) =>
      Excel.run(async (context) => {
        const cf = context.workbook.worksheets
          .getItem('Sheet1')
          .getRange('A1:A5')
          .conditionalFormats.add(Excel.ConditionalFormatType.custom);
        cf.custom.rule.formula = formula;
        await context.sync();
      });
    for (const bad of ['$A1="x"', '=$A1="x', '=OR($A1="x"', '=$A1=)', '=$A1=']) {
      expect([bad, await codeOf(add(bad))]).toEqual([bad, 'InvalidArgument']);
    }
    expect(await codeOf(add('=OR($A1="x ""quoted""",LEFT($A1,2)="ab")'))).toBeNull();
    // The add before a refused formula still ran (Excel applies a batch's operations in order up
    // to the failing one), so only the valid rule has a formula.
    expect(fake.conditionalFormats('Sheet1').filter((f) => f.formula !== null)).toHaveLength(1);
  });
});

describe('fixes: what the stricter fake caught', () => {
  it('1. a completed run leaves no state sheet behind, very hidden or otherwise', async () => {
    fake.setSheet('Clients', clients(150)).select('Clients', 'A1');
    const report = await (
      await startWorkbookRun(request(await readSelectionInput()), { ask: fakeService({ seed: 3 }).ask })
    ).done;
    expect(report.status).toBe('completed');
    expect(stateSheets()).toEqual([]);
    expect(await resumableRuns()).toEqual([]);
  });

  it('2a. a run started while the user edits a cell waits for the edit to end instead of failing', async () => {
    fake.setSheet('Clients', clients(120)).select('Clients', 'A1');
    const input = await readSelectionInput();
    fake.cellEditStarts();
    const run = await startWorkbookRun(request(input), { ask: fakeService({ seed: 4 }).ask });
    setTimeout(() => fake.cellEditEnds(), 30);
    const report = await run.done;
    expect(report.status).toBe('completed');
    expect(fake.stats.delayedForCellEdit).toBeGreaterThan(0);
    expect(stateSheets()).toEqual([]);
  });

  it('2b. Excel failing to reach the sheets mid-run (workbook switched) pauses the run resumably, with a clear message', async () => {
    fake.setSheet('Clients', clients(300)).select('Clients', 'A1');
    const service = fakeService({ seed: 5 });
    // The first write into the results sheet after the run began: a GeneralException, as Excel
    // gives when the user has brought another workbook to the front.
    fake.failOperation((p) => p.p === 'values' && String(p.o).includes('getItem("CheckLists'), {
      code: 'GeneralException',
    });
    const run = await startWorkbookRun(request(await readSelectionInput()), { ask: service.ask });
    const error = await run.done.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    const text = describeExcelError(error);
    expect(text.en).toMatch(/paused/i);
    expect(text.en).toMatch(/resume/i);
    expect(text.uk).toMatch(/призупинено/i);
    const [listed] = await resumableRuns();
    expect(listed).toMatchObject({ runId: run.runId, rowCount: 300 });

    const resumed = await resumeWorkbookRun(run.runId, { ask: service.ask, ...SANDBOX }, TUNING);
    expect((await resumed!.done).status).toBe('completed');
    expect(stateSheets()).toEqual([]);
  });

  it('2c. activating the results sheet is a courtesy: a GeneralException there does not stop the run', async () => {
    fake.setSheet('Clients', clients(50)).select('Clients', 'A1');
    fake.failOperation((p) => p.a === 'activate', { code: 'GeneralException' });
    const report = await (
      await startWorkbookRun(request(await readSelectionInput()), { ask: fakeService({ seed: 6 }).ask })
    ).done;
    expect(report.status).toBe('completed');
  });

  // 3a and 3d, runs of thousands of rows, are in test/integration/excel-volume.test.ts.
  it('3b. reads a selection of 50,000 long Cyrillic cells in reads under 5 MB', async () => {
    const cell = 'Коваленко Олена Миколаївна, вул. Хрещатик, 1, Київ'.repeat(2);
    fake.setSheet(
      'Big',
      Array.from({ length: 10_000 }, (_, i) => [`${i} ${cell}`, cell, cell, cell, cell]),
    );
    fake.select('Big', 'A1:E10000');
    fake.resetStats();
    const read = await Excel.run((context) => readSelection(context));
    expect(read.values).toHaveLength(10_000);
    expect(read.values[9_999][0]).toBe(`9999 ${cell}`);
    expect(Math.max(...fake.stats.responseBytesPerSync)).toBeLessThan(MB5);
  });

  it('4. several areas selected: the user is asked to select one block, in their language', async () => {
    fake.setSheet('Clients', clients(5)).select('Clients', 'A1:A3,B1:B3');
    const error = await readSelectionInput().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    const text = describeExcelError(error);
    expect(text.en).toMatch(/one block/i);
    expect(text.uk).toMatch(/один блок/i);
    // A run reads one block: a few scattered clients are screened by filtering the list to them.
    expect(text.en).toContain('filter the list to them (or hide the other rows), select it, and keep Screen only');
    expect(text.uk).toContain('відфільтруйте список до них (або приховайте інші рядки), виділіть його');
  });

  it('6a. getSurroundingRegion is ExcelApi 1.7: on a 1.12 host a click on one cell of a list reads the list', async () => {
    restore();
    fake = new WorkbookFake({ excelApi: '1.12' });
    restore = fake.install();
    fake.setSheet('Clients', clients(5)).select('Clients', 'B3');
    await expect(readSelectionInput()).resolves.toMatchObject({ source: 'Clients!A1:B6' });
  });

  it('6. on an Excel below ExcelApi 1.7 (no getSurroundingRegion) a single cell read degrades with a message', async () => {
    restore();
    fake = new WorkbookFake({ excelApi: '1.6' });
    restore = fake.install();
    fake.setSheet('Clients', clients(5)).select('Clients', 'B3');
    const error = await readSelectionInput().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(describeExcelError(error).en).toMatch(/select the whole list/i);
    // Selecting the block itself still works there.
    fake.select('Clients', 'A1:B6');
    await expect(readSelectionInput()).resolves.toMatchObject({ source: 'Clients!A1:B6' });
  });

  it('7. text written at the active cell of a Text-formatted column stays exactly the text, never a formula', async () => {
    const { officeExcel } = await import('../../src/taskpane/shell/office-services');
    fake.setNumberFormat('Sheet1', 'A1:B3', '@').select('Sheet1', 'A1');
    await officeExcel().insertAtActiveCell([
      ['=HYPERLINK("http://x","y")', 'Іваненко'],
      ["'quoted", 42],
    ]);
    expect(fake.cell('Sheet1', 'A1')).toMatchObject({ value: '=HYPERLINK("http://x","y")', formula: null });
    expect(fake.cell('Sheet1', 'B1').value).toBe('Іваненко');
    expect(fake.cell('Sheet1', 'A2').value).toBe("'quoted");
    expect(fake.cell('Sheet1', 'B2').value).toBe(42);
    expect(fake.formulaCells('Sheet1')).toEqual([]);
  });
});

describe('workbooks in the 1904 date system (issue 32)', () => {
  async function datesAsked(dateSystem: 1900 | 1904): Promise<string[]> {
    restore();
    fake = new WorkbookFake({ dateSystem });
    restore = fake.install();
    fake
      .setSheet(
        'Clients',
        [
          ['ПІБ', 'Дата народження'],
          ['Петренко Петро', '1980-05-12'],
          ['Іваненко Іван', '1967-04-12'],
        ],
        { typed: true },
      )
      .select('Clients', 'A1');
    const asked: string[] = [];
    const service = fakeService({ seed: 7 });
    const ask: AskFn = (query, options) => {
      asked.push(query.date ?? '');
      return service.ask(query, options);
    };
    const input = await readSelectionInput();
    expect(input.dateSystem).toBe(dateSystem);
    expect((await (await startWorkbookRun(request(input), { ask })).done).status).toBe('completed');
    return asked.sort();
  }

  it('the fake stores a typed date as the serial of its own system, and DATE(1904,1,1) tells which', async () => {
    restore();
    fake = new WorkbookFake({ dateSystem: 1904 });
    restore = fake.install();
    fake.setSheet('S', [['1904-01-01', '1967-04-12']], { typed: true });
    expect([fake.cell('S', 'A1').value, fake.cell('S', 'B1').value]).toEqual([0, 23112]);
    const probe = await Excel.run(async (context) => {
      const r = context.workbook.functions.date(1904, 1, 1).load('value');
      await context.sync();
      return r.value;
    });
    expect(probe).toBe(0);
  });

  it('a bulk run asks with the birth dates the cells show, in either system', async () => {
    expect(await datesAsked(1900)).toEqual(['1967-04-12', '1980-05-12']);
    expect(await datesAsked(1904)).toEqual(['1967-04-12', '1980-05-12']);
  });
});
