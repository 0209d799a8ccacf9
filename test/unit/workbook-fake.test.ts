import { WorkbookFake } from '../support/workbook-fake';

function thrownCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

async function rejectionCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

describe('batching and loading', () => {
  it('throws PropertyNotLoaded until a queued load has been synced', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [['a', 1]]);
    const ctx = fake.context();
    const range = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:B1');
    expect(thrownCode(() => range.values)).toBe('PropertyNotLoaded');
    range.load('values');
    expect(thrownCode(() => range.values)).toBe('PropertyNotLoaded');
    await ctx.sync();
    expect(range.values).toEqual([['a', 1]]);
    expect(thrownCode(() => range.address)).toBe('PropertyNotLoaded');
  });

  it('reads rowHidden as Excel does: false with no row hidden, true with all, null with some', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [['a'], ['b'], ['c']]).userHidesRows('Sheet1', [2]);
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    const [all, some, none] = ['A2', 'A1:A3', 'A3'].map((address) => sheet.getRange(address).load('rowHidden'));
    await ctx.sync();
    expect([all.rowHidden, some.rowHidden, none.rowHidden]).toEqual([true, null, false]);
    // Hidden cells keep their values, and Range.values reads them.
    const values = sheet.getRange('A1:A3').load('values');
    await ctx.sync();
    expect(values.values).toEqual([['a'], ['b'], ['c']]);
  });

  it('applies writes only at sync', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    ctx.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [['x']];
    expect(fake.cell('Sheet1', 'A1').type).toBe('Empty');
    await ctx.sync();
    expect(fake.cell('Sheet1', 'A1').value).toBe('x');
  });

  it('runs a batch in order: a load queued before a write sees the old value', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [['old']]);
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    const before = sheet.getRange('A1').load('values');
    sheet.getRange('A1').values = [['new']];
    const after = sheet.getRange('A1').load('values');
    await ctx.sync();
    expect(before.values).toEqual([['old']]);
    expect(after.values).toEqual([['new']]);
  });

  it('reads back an assigned property without a load, as Office.js proxies do', () => {
    const fake = new WorkbookFake();
    const range = fake.context().workbook.worksheets.getItem('Sheet1').getRange('A1');
    range.values = [['=1+1']];
    expect(range.values).toEqual([['=1+1']]);
  });

  it('loads several properties, "a, b" or arrays, and nested worksheet/name', async () => {
    const fake = new WorkbookFake().setSheet('Data', [
      [1, 2],
      [3, 4],
    ]);
    const ctx = fake.context();
    const r = ctx.workbook.worksheets.getItem('Data').getRange('A1:B2');
    r.load('rowCount, columnCount');
    r.load(['rowIndex', 'columnIndex', 'worksheet/name']);
    await ctx.sync();
    expect([r.rowCount, r.columnCount, r.rowIndex, r.columnIndex]).toEqual([2, 2, 0, 0]);
    expect(r.worksheet.name).toBe('Data');
  });

  it('rejects a load of an unknown property at sync', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    ctx.workbook.worksheets.getItem('Sheet1').getRange('A1').load('valuez');
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
  });

  it('drops what an Excel.run batch left unsynced and counts it', async () => {
    const fake = new WorkbookFake();
    const uninstall = fake.install();
    try {
      await Excel.run(async (ctx) => {
        ctx.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [['lost']];
      });
    } finally {
      uninstall();
    }
    expect(fake.cell('Sheet1', 'A1').type).toBe('Empty');
    expect(fake.stats.droppedOps).toBe(1);
  });

  it('continues on a previous context with Excel.run(object, batch)', async () => {
    const fake = new WorkbookFake();
    const uninstall = fake.install();
    try {
      const range = await Excel.run(async (ctx) => ctx.workbook.worksheets.getItem('Sheet1').getRange('A1'));
      await Excel.run(range, async (ctx) => {
        range.values = [['again']];
        await ctx.sync();
      });
    } finally {
      uninstall();
    }
    expect(fake.cell('Sheet1', 'A1').value).toBe('again');
  });

  it('installs Excel.run and restores the previous global', async () => {
    const fake = new WorkbookFake();
    const g = globalThis as unknown as { Excel?: unknown };
    const before = g.Excel;
    const uninstall = fake.install();
    const name = await Excel.run(async (ctx) => {
      const s = ctx.workbook.worksheets.getActiveWorksheet().load('name');
      await ctx.sync();
      return s.name;
    });
    uninstall();
    expect(name).toBe('Sheet1');
    expect(g.Excel).toBe(before);
  });
});

describe('values writes behave as in Excel', () => {
  async function write(input: unknown, options: { format?: string } = {}) {
    const fake = new WorkbookFake();
    if (options.format) fake.setNumberFormat('Sheet1', 'A1', options.format);
    const ctx = fake.context();
    ctx.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[input]];
    await ctx.sync();
    return fake.cell('Sheet1', 'A1');
  }

  it('turns "=1+1" into a formula that computes 2', async () => {
    const cell = await write('=1+1');
    expect(cell.formula).toBe('=1+1');
    expect(cell.value).toBe(2);
  });

  it.each([
    ['+1+1', '=+1+1', 2],
    ['-2*3', '=-2*3', -6],
    ['-A1', '=-A1', '#NAME?'],
    ['+HYPERLINK("http://x","y")', '=+HYPERLINK("http://x","y")', '#NAME?'],
    ['@SUM(1,2)', '=SUM(1,2)', '#NAME?'],
    ["=cmd|' /C calc'!A0", "=cmd|' /C calc'!A0", '#NAME?'],
  ])('turns %j into the formula %j', async (input, formula, value) => {
    const cell = await write(input);
    expect(cell.formula).toBe(formula);
    expect(cell.value).toBe(value);
  });

  it.each([
    ['-5', -5],
    ['+7', 7],
    ['007', 7],
    ['1,234.5', 1234.5],
    ['1e3', 1000],
  ])('reads %j as the number %j', async (input, n) => {
    const cell = await write(input);
    expect(cell).toMatchObject({ value: n, type: 'Double', formula: null });
  });

  it('reads TRUE as a boolean, #N/A as an error, 12% as 0.12 and ISO dates as date serials', async () => {
    expect(await write('true')).toMatchObject({ value: true, type: 'Boolean' });
    expect(await write('#N/A')).toMatchObject({ value: '#N/A', type: 'Error' });
    expect(await write('12%')).toMatchObject({ value: 0.12, numberFormat: '0%', text: '12%' });
    expect(await write('2024-01-05')).toMatchObject({ value: 45296, type: 'Double', text: '2024-01-05' });
  });

  it.each([
    ['@home', '@home'],
    [' =1+1', ' =1+1'],
    ['\t=1+1', '\t=1+1'],
    ['-', '-'],
    ['plain', 'plain'],
  ])('keeps %j as text', async (input, stored) => {
    expect(await write(input)).toMatchObject({ value: stored, type: 'String', formula: null });
  });

  it('stores text after a leading apostrophe verbatim, without the apostrophe', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const range = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:C1');
    range.values = [["'=1+1", "'007", "''quoted"]];
    await ctx.sync();
    expect(fake.cell('Sheet1', 'A1')).toMatchObject({ value: '=1+1', formula: null, quotePrefix: true, text: '=1+1' });
    expect(fake.cell('Sheet1', 'B1').value).toBe('007');
    expect(fake.cell('Sheet1', 'C1').value).toBe("'quoted");
    const back = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:C1').load('values,formulas,text,valueTypes');
    await ctx.sync();
    expect(back.values).toEqual([['=1+1', '007', "'quoted"]]);
    expect(back.formulas).toEqual([['=1+1', '007', "'quoted"]]);
    expect(back.valueTypes).toEqual([['String', 'String', 'String']]);
  });

  it('stores everything as text in a cell formatted as Text ("@")', async () => {
    expect(await write('=1+1', { format: '@' })).toMatchObject({ value: '=1+1', formula: null });
    expect(await write('007', { format: '@' })).toMatchObject({ value: '007', type: 'String' });
  });

  it('leaves a cell unchanged for null and clears it for ""', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [['keep', 'drop']]);
    const ctx = fake.context();
    ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:B1').values = [[null, '']];
    await ctx.sync();
    expect(fake.sheetValues('Sheet1')).toEqual([['keep']]);
  });

  it('rejects values whose dimensions do not match the range, at sync', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('A1:B2').values = [['a', 'b']];
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
    sheet.getRange('A1:B2').values = [['a'], ['b']];
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
    expect(fake.sheetValues('Sheet1')).toEqual([]);
  });

  it('fills every cell from a single non-array value', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    (ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:B2') as unknown as { values: unknown }).values = 'x';
    await ctx.sync();
    expect(fake.sheetValues('Sheet1')).toEqual([
      ['x', 'x'],
      ['x', 'x'],
    ]);
  });

  it('refuses text longer than the 32 767 characters a cell holds', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    ctx.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [['x'.repeat(32_768)]];
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
  });

  it('writes formulas through Range.formulas too and reads formulas/values apart', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const r = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:B1');
    r.formulas = [['=2*3', 'text']];
    const back = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:B1').load('values,formulas');
    await ctx.sync();
    expect(back.values).toEqual([[6, 'text']]);
    expect(back.formulas).toEqual([['=2*3', 'text']]);
    expect(fake.formulaCells('Sheet1')).toEqual(['A1']);
  });
});

describe('payload accounting and limits', () => {
  it('counts round trips and their JSON bytes; an empty sync sends nothing', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    await ctx.sync();
    expect(fake.stats.syncs).toBe(0);
    expect(fake.stats.emptySyncs).toBe(1);
    expect(fake.stats.bytesPerSync).toEqual([]);
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('A1').values = [['x'.repeat(1000)]];
    await ctx.sync();
    sheet.getRange('A2').values = [['я'.repeat(1000)]];
    await ctx.sync();
    expect(fake.stats.syncs).toBe(2);
    expect(fake.stats.bytesPerSync[0]).toBeGreaterThan(1000);
    // Cyrillic costs two bytes a character in UTF-8.
    expect(fake.stats.bytesPerSync[1] - fake.stats.bytesPerSync[0]).toBeGreaterThanOrEqual(990);
    expect(fake.stats.maxSyncBytes).toBe(fake.stats.bytesPerSync[1]);
  });

  it('refuses a request over the payload limit and applies none of it', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('A1').values = [['small']];
    const big = Array.from({ length: 6_000 }, () => ['ж'.repeat(500)]);
    sheet.getRange('B1:B6000').values = big;
    expect(await rejectionCode(ctx.sync())).toBe('RequestPayloadSizeLimitExceeded');
    expect(fake.stats.maxSyncBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(fake.cell('Sheet1', 'A1').type).toBe('Empty');
  });

  it('refuses a response over the limit', async () => {
    const fake = new WorkbookFake({ responseLimitBytes: 10_000 });
    fake.setSheet(
      'Sheet1',
      Array.from({ length: 200 }, () => ['x'.repeat(100)]),
    );
    const ctx = fake.context();
    const r = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:A200').load('values');
    expect(await rejectionCode(ctx.sync())).toBe('ResponsePayloadSizeLimitExceeded');
    expect(thrownCode(() => r.values)).toBe('PropertyNotLoaded');
  });

  it('fails an injected sync without applying it, or after some operations', async () => {
    const fake = new WorkbookFake();
    fake.failAtSync(2, { code: 'GeneralException' });
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('A1').values = [[1]];
    await ctx.sync();
    sheet.getRange('A2').values = [[2]];
    expect(await rejectionCode(ctx.sync())).toBe('GeneralException');
    expect(fake.sheetValues('Sheet1')).toEqual([[1]]);
    fake.failNextSync({ code: 'InvalidOperationInCellEditMode', afterOps: 1 });
    sheet.getRange('A3').values = [[3]];
    sheet.getRange('A4').values = [[4]];
    expect(await rejectionCode(ctx.sync())).toBe('InvalidOperationInCellEditMode');
    expect(fake.sheetValues('Sheet1')).toEqual([[1], [''], [3]]);
    sheet.getRange('A5').values = [[5]];
    await ctx.sync();
    expect(fake.stats.syncs).toBe(4);
  });

  it('stops a failing batch at the failing operation, keeping what ran before it', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('A1').values = [['first']];
    ctx.workbook.worksheets.getItem('Missing').getRange('A1').values = [['x']];
    sheet.getRange('A2').values = [['never']];
    expect(await rejectionCode(ctx.sync())).toBe('ItemNotFound');
    expect(fake.sheetValues('Sheet1')).toEqual([['first']]);
  });
});

describe('worksheets', () => {
  it('adds, finds, lists and activates sheets', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const sheets = ctx.workbook.worksheets;
    const added = sheets.add('Results');
    added.load('name,position');
    sheets.load('items/name');
    const count = sheets.getCount();
    await ctx.sync();
    expect(added.name).toBe('Results');
    expect(added.position).toBe(1);
    expect(sheets.items.map((s) => s.name)).toEqual(['Sheet1', 'Results']);
    expect(count.value).toBe(2);
    expect(fake.activeSheetName()).toBe('Sheet1');
    added.activate();
    await ctx.sync();
    expect(fake.activeSheetName()).toBe('Results');
  });

  it('answers isNullObject after sync for getItemOrNullObject, and ItemNotFound for getItem', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const missing = ctx.workbook.worksheets.getItemOrNullObject('Nope');
    const present = ctx.workbook.worksheets.getItemOrNullObject('sheet1');
    expect(thrownCode(() => missing.isNullObject)).toBe('PropertyNotLoaded');
    await ctx.sync();
    expect(missing.isNullObject).toBe(true);
    expect(present.isNullObject).toBe(false);
    ctx.workbook.worksheets.getItem('Nope').load('name');
    expect(await rejectionCode(ctx.sync())).toBe('ItemNotFound');
  });

  it('keeps settings in the file as JSON, from ExcelApi 1.4', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    ctx.workbook.settings.add('CheckLists.x', '7');
    await ctx.sync();
    const kept = ctx.workbook.settings.getItemOrNullObject('CheckLists.x');
    const missing = ctx.workbook.settings.getItemOrNullObject('CheckLists.y');
    kept.load('value');
    missing.load('value');
    await ctx.sync();
    expect([kept.value, missing.isNullObject]).toEqual(['7', true]);
    const old = new WorkbookFake({ excelApi: '1.3' }).context();
    old.workbook.settings.add('k', 1);
    expect(await rejectionCode(old.sync())).toBe('ApiNotFound');
  });

  it('derives null objects from a null object: their loads answer nothing, their properties read undefined', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const table = ctx.workbook.tables.getItemOrNullObject('Gone_hits');
    const range = table.getRange();
    range.load('values,rowCount');
    const sheetRange = ctx.workbook.worksheets.getItemOrNullObject('Nope').getRangeByIndexes(0, 0, 2, 2);
    sheetRange.load('values');
    await ctx.sync();
    expect(table.isNullObject).toBe(true);
    expect(range.isNullObject).toBe(true);
    expect(range.values).toBeUndefined();
    expect(range.rowCount).toBeUndefined();
    expect(sheetRange.values).toBeUndefined();
    range.values = [['x']];
    expect(await rejectionCode(ctx.sync())).toBe('ItemNotFound');
  });

  it.each([
    ['a'.repeat(32), 'InvalidArgument'],
    ['bad/name', 'InvalidArgument'],
    ['x[1]', 'InvalidArgument'],
    ["'quoted'", 'InvalidArgument'],
    ['History', 'InvalidArgument'],
    ['SHEET1', 'ItemAlreadyExists'],
  ])('refuses the sheet name %j with %s', async (name, code) => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    ctx.workbook.worksheets.add(name);
    expect(await rejectionCode(ctx.sync())).toBe(code);
  });

  it('renames a sheet and keeps addressing it through the same proxy', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    sheet.name = 'Renamed';
    sheet.getRange('A1').values = [['ok']];
    await ctx.sync();
    expect(fake.sheetNames()).toEqual(['Renamed']);
    expect(fake.cell('Renamed', 'A1').value).toBe('ok');
  });

  it('hides sheets, keeping one visible and moving the active sheet off a hidden one', async () => {
    const fake = new WorkbookFake().setSheet('State', [['x']]);
    const ctx = fake.context();
    const state = ctx.workbook.worksheets.getItem('State');
    state.activate();
    state.visibility = 'VeryHidden';
    const visible = ctx.workbook.worksheets.getCount(true);
    await ctx.sync();
    expect(fake.sheetVisibility('State')).toBe('VeryHidden');
    expect(fake.activeSheetName()).toBe('Sheet1');
    expect(visible.value).toBe(1);
    const back = ctx.workbook.worksheets.getItem('State').load('visibility');
    await ctx.sync();
    expect(back.visibility).toBe('VeryHidden');
    ctx.workbook.worksheets.getItem('Sheet1').visibility = 'Hidden';
    expect(await rejectionCode(ctx.sync())).toBe('InvalidOperation');
    ctx.workbook.worksheets.getItem('State').activate();
    expect(await rejectionCode(ctx.sync())).toBe('InvalidOperation');
  });

  it('freezes rows and deletes sheets', async () => {
    const fake = new WorkbookFake().setSheet('Other', [['x']]);
    const ctx = fake.context();
    ctx.workbook.worksheets.getItem('Sheet1').freezePanes.freezeRows(3);
    ctx.workbook.worksheets.getItem('Other').delete();
    await ctx.sync();
    expect(fake.frozen('Sheet1')).toEqual({ rows: 3, columns: 0 });
    expect(fake.sheetNames()).toEqual(['Sheet1']);
  });
});

describe('page layout and outline groups, as documented', () => {
  it('sets orientation, fit to pages and print title rows; refuses a title range that is not whole rows', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    sheet.pageLayout.orientation = 'Landscape';
    sheet.pageLayout.zoom = { horizontalFitToPages: 1, verticalFitToPages: 0 };
    sheet.pageLayout.setPrintTitleRows('14:14');
    await ctx.sync();
    expect(fake.pageLayout('Sheet1')).toEqual({
      orientation: 'Landscape',
      zoom: { horizontalFitToPages: 1, verticalFitToPages: 0 },
      printTitleRows: '$14:$14',
    });
    sheet.pageLayout.setPrintTitleRows('A1:B2');
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
    sheet.pageLayout.zoom = { scale: 5 };
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
  });

  it('groups whole columns and hides their details; ByColumns on whole rows is InvalidArgument', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    const columns = sheet.getRange('C:E');
    columns.group('ByColumns');
    columns.hideGroupDetails('ByColumns');
    await ctx.sync();
    expect(fake.columnGroups('Sheet1')).toEqual({ grouped: ['C', 'D', 'E'], hidden: ['C', 'D', 'E'] });
    sheet.getRange('2:3').group('ByColumns');
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
  });

  it('an Excel below ExcelApi 1.9 / 1.10 has neither: ApiNotFound', async () => {
    const fake = new WorkbookFake({ excelApi: '1.8' });
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    sheet.pageLayout.orientation = 'Landscape';
    expect(await rejectionCode(ctx.sync())).toBe('ApiNotFound');
    sheet.getRange('C:D').group('ByColumns');
    expect(await rejectionCode(ctx.sync())).toBe('ApiNotFound');
    expect(fake.pageLayout('Sheet1').orientation).toBe('Portrait');
  });
});

describe('ranges and addresses', () => {
  it('reads sheet-qualified addresses, quoting names Excel quotes, with columns past Z', async () => {
    const fake = new WorkbookFake().setSheet('My Sheet', []).setSheet('Аркуш1', []);
    const ctx = fake.context();
    const a = ctx.workbook.worksheets
      .getItem('My Sheet')
      .getRange("'My Sheet'!AA10:ab11")
      .load('address,columnIndex,columnCount');
    const b = ctx.workbook.worksheets.getItem('Аркуш1').getRangeByIndexes(0, 701, 1, 2).load('address');
    const c = ctx.workbook.worksheets.getItem('Sheet1').getRange('C:D').load('address,rowCount');
    await ctx.sync();
    expect(a.address).toBe("'My Sheet'!AA10:AB11");
    expect([a.columnIndex, a.columnCount]).toEqual([26, 2]);
    expect(b.address).toBe('Аркуш1!ZZ1:AAA1');
    expect(c.address).toBe('Sheet1!C:D');
    expect(c.rowCount).toBe(1_048_576);
  });

  it('refuses an address naming another sheet, and indexes off the grid', async () => {
    const fake = new WorkbookFake().setSheet('Other', []);
    const ctx = fake.context();
    ctx.workbook.worksheets.getItem('Sheet1').getRange('Other!A1').load('address');
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
    ctx.workbook.worksheets.getItem('Sheet1').getRangeByIndexes(0, 16_384, 1, 1).load('address');
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
  });

  it('finds the used range (A1 on an empty sheet) and the surrounding region', async () => {
    const fake = new WorkbookFake().setSheet('Data', [
      [null, null, null, null, null],
      [null, 'h1', 'h2', null, null],
      [null, 'a', null, null, 'far'],
      [null, null, 'b', null, null],
    ]);
    const ctx = fake.context();
    const data = ctx.workbook.worksheets.getItem('Data');
    const used = data.getUsedRange().load('address');
    const region = data.getRange('B2').getSurroundingRegion().load('address');
    const far = data.getRange('E3').getSurroundingRegion().load('address');
    const emptyUsed = ctx.workbook.worksheets.getItem('Sheet1').getUsedRange().load('address');
    const emptyOrNull = ctx.workbook.worksheets.getItem('Sheet1').getUsedRangeOrNullObject();
    await ctx.sync();
    expect(used.address).toBe('Data!B2:E4');
    expect(region.address).toBe('Data!B2:C4');
    expect(far.address).toBe('Data!E3');
    expect(emptyUsed.address).toBe('Sheet1!A1');
    expect(emptyOrNull.isNullObject).toBe(true);
  });

  it('reports the selection set by the test', async () => {
    const fake = new WorkbookFake().setSheet('Data', [['x']]).select('Data', 'B2:C5');
    const ctx = fake.context();
    const sel = ctx.workbook.getSelectedRange().load('address');
    await ctx.sync();
    expect(sel.address).toBe('Data!B2:C5');
    expect(fake.selectedAddress()).toBe('Data!B2:C5');
  });

  it('formats cells, reads uniform formats and null for mixed ones, and records autofit', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [['short', 'a much longer piece of text']]);
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('A1').format.font.bold = true;
    sheet.getRange('A1:B1').format.fill.color = '#FFC7CE';
    sheet.getRange('A1:B1').format.autofitColumns();
    sheet.getRange('C1').numberFormat = [['0.00']];
    sheet.getRange('C1').values = [[3.14159]];
    const mixed = sheet.getRange('A1:B1').format.font.load('bold');
    const text = sheet.getRange('C1').load('text,numberFormat');
    await ctx.sync();
    expect(fake.cell('Sheet1', 'A1')).toMatchObject({ bold: true, fillColor: '#FFC7CE' });
    expect(fake.cell('Sheet1', 'B1').bold).toBe(false);
    expect(mixed.bold).toBeNull();
    expect(text.text).toEqual([['3.14']]);
    expect(text.numberFormat).toEqual([['0.00']]);
    expect(fake.autofitCalls('Sheet1')).toEqual(['A1:B1']);
    expect(fake.columnWidth('Sheet1', 'B')).toBeGreaterThan(fake.columnWidth('Sheet1', 'A'));
  });

  it('records custom-formula and text conditional formats', async () => {
    const fake = new WorkbookFake();
    const ctx = fake.context();
    const body = ctx.workbook.worksheets.getItem('Sheet1').getRange('A2:F10');
    const cf = body.conditionalFormats.add('Custom');
    cf.custom.rule.formula = '=$F2="High"';
    cf.custom.format.fill.color = '#FFC7CE';
    cf.custom.format.font.bold = true;
    const tc = body.conditionalFormats.add('ContainsText');
    tc.textComparison.rule = { operator: 'Contains', text: 'Low' };
    tc.textComparison.format.font.color = '#9C5700';
    await ctx.sync();
    expect(fake.conditionalFormats('Sheet1')).toEqual([
      expect.objectContaining({
        address: 'A2:F10',
        type: 'Custom',
        formula: '=$F2="High"',
        fillColor: '#FFC7CE',
        bold: true,
      }),
      expect.objectContaining({
        type: 'ContainsText',
        textRule: { operator: 'Contains', text: 'Low' },
        fontColor: '#9C5700',
      }),
    ]);
  });
});

describe('tables', () => {
  it('adds a table with Excel defaults and exposes its header and body ranges', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [
      ['Name', 'Name', null, 5],
      ['a', 'b', 'c', 'd'],
      ['e', 'f', 'g', 'h'],
    ]);
    const ctx = fake.context();
    const sheet = ctx.workbook.worksheets.getItem('Sheet1');
    const table = sheet.tables.add('A1:D3', true);
    table.load('name,style,showBandedRows,showFilterButton');
    const header = table.getHeaderRowRange().load('address,values');
    const body = table.getDataBodyRange().load('address');
    await ctx.sync();
    expect(table.name).toBe('Table1');
    expect(table.style).toBe('TableStyleMedium2');
    expect(table.showBandedRows).toBe(true);
    expect(table.showFilterButton).toBe(true);
    expect(header.address).toBe('Sheet1!A1:D1');
    // Excel keeps table headers as unique text.
    expect(header.values).toEqual([['Name', 'Name2', 'Column3', '5']]);
    expect(body.address).toBe('Sheet1!A2:D3');
  });

  it('names, restyles and finds tables; refuses duplicate names and overlaps', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [['h'], ['v']]);
    fake.addTable('Sheet1', 'C1:C2', 'Existing');
    const ctx = fake.context();
    const t = ctx.workbook.worksheets.getItem('Sheet1').tables.add('A1:A2', true);
    t.name = 'Results_2026';
    t.style = 'TableStyleLight9';
    t.showBandedRows = false;
    const found = ctx.workbook.tables.getItemOrNullObject('results_2026');
    await ctx.sync();
    expect(found.isNullObject).toBe(false);
    expect(fake.tables('Sheet1').map((v) => [v.name, v.style, v.showBandedRows])).toEqual([
      ['Existing', 'TableStyleMedium2', true],
      ['Results_2026', 'TableStyleLight9', false],
    ]);
    t.name = 'existing';
    expect(await rejectionCode(ctx.sync())).toBe('ItemAlreadyExists');
    t.name = 'A1';
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
    ctx.workbook.worksheets.getItem('Sheet1').tables.add('A2:C3', true);
    expect(await rejectionCode(ctx.sync())).toBe('InvalidArgument');
  });

  it('appends rows through table.rows.add, parsing values like any write', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [
      ['h1', 'h2'],
      ['a', 'b'],
    ]);
    fake.addTable('Sheet1', 'A1:B2');
    const ctx = fake.context();
    const t = ctx.workbook.tables.getItem('Table1');
    t.rows.add(undefined, [['=1+1', "'=1+1"]]);
    const range = t.getRange().load('address');
    await ctx.sync();
    expect(range.address).toBe('Sheet1!A1:B3');
    expect(fake.cell('Sheet1', 'A3').formula).toBe('=1+1');
    expect(fake.cell('Sheet1', 'B3')).toMatchObject({ value: '=1+1', formula: null });
  });

  it('finds the tables a range overlaps', async () => {
    const fake = new WorkbookFake().setSheet('Sheet1', [['h'], ['v']]);
    fake.addTable('Sheet1', 'A1:A2', 'People');
    const ctx = fake.context();
    const hit = ctx.workbook.worksheets.getItem('Sheet1').getRange('A2').getTables(false).getFirst();
    hit.load('name');
    const miss = ctx.workbook.worksheets.getItem('Sheet1').getRange('B2').getTables(false).getCount();
    await ctx.sync();
    expect(hit.name).toBe('People');
    expect(miss.value).toBe(0);
    ctx.workbook.worksheets.getItem('Sheet1').getRange('B2').getTables(false).getFirst().load('name');
    expect(await rejectionCode(ctx.sync())).toBe('ItemNotFound');
  });
});

describe('test set-up helpers', () => {
  it('stores set-up values raw by default and as typed input on request', () => {
    const fake = new WorkbookFake();
    fake.setSheet('Raw', [['=1+1', '007']]);
    fake.setSheet('Typed', [['=1+1', '007']], { typed: true });
    expect(fake.cell('Raw', 'A1')).toMatchObject({ value: '=1+1', formula: null });
    expect(fake.sheetValues('Raw')).toEqual([['=1+1', '007']]);
    expect(fake.sheetFormulas('Typed')).toEqual([['=1+1', 7]]);
  });

  it('places set-up rows at an address and reads sheets from A1', () => {
    const fake = new WorkbookFake().setSheet('S', [['x', 1]], { at: 'B2' });
    expect(fake.sheetValues('S')).toEqual([
      ['', '', ''],
      ['', 'x', 1],
    ]);
  });
});
