import { SettingsStore } from '../../src/core/settings/settings-store';
import { officeExcel, officeHost, pickStorage } from '../../src/taskpane/shell/office-services';
import { WorkbookFake } from '../support/workbook-fake';

describe('the Office excel facade on the workbook fake', () => {
  let fake: WorkbookFake;
  let uninstall: () => void;
  beforeEach(() => {
    fake = new WorkbookFake();
    uninstall = fake.install();
  });
  afterEach(() => uninstall());

  it('writes the rows at the active cell, service text as text, numbers as numbers', async () => {
    fake.setSheet('Sheet1', []).select('Sheet1', 'C3');
    const outcome = await officeExcel().insertAtActiveCell([
      ['Subject', '=HYPERLINK("http://evil.example","click")'],
      ['Best match, %', 92],
      ['Request id', '+380441234567'],
      ['Code', '0012345678'],
      ['Short row'],
    ]);
    expect(outcome).toEqual({ written: true, address: 'Sheet1!C3:D7' });
    const d3 = fake.cell('Sheet1', 'D3');
    expect(d3).toEqual(
      expect.objectContaining({ value: '=HYPERLINK("http://evil.example","click")', formula: null, type: 'String' }),
    );
    expect(fake.cell('Sheet1', 'D4')).toEqual(expect.objectContaining({ value: 92, type: 'Double' }));
    expect(fake.cell('Sheet1', 'D5').value).toBe('+380441234567');
    expect(fake.cell('Sheet1', 'D6').value).toBe('0012345678');
    expect(fake.cell('Sheet1', 'C3').value).toBe('Subject');
    expect(fake.formulaCells('Sheet1')).toEqual([]);
    expect(fake.stats.droppedOps).toBe(0);
  });
});

describe('"Insert into sheet" over cells in use (issue 31, item 7)', () => {
  let fake: WorkbookFake;
  let uninstall: () => void;
  beforeEach(() => {
    fake = new WorkbookFake();
    uninstall = fake.install();
  });
  afterEach(() => uninstall());

  it('writes nothing where a value or a formula would be replaced, and says how many cells; overwrites when told', async () => {
    fake
      .setSheet('Sheet1', [
        ['Клієнт', 'Дата'],
        ['Іваненко', ''],
        ['', ''],
      ])
      .select('Sheet1', 'B2');
    fake.typeValue('Sheet1', 'C3', '=1+1');
    const rows = [
      ['Суб’єкт', 'Іваненко'],
      ['Вердикт', 'Збігів немає'],
    ];
    const refused = await officeExcel().insertAtActiveCell(rows);
    expect(refused).toEqual({ written: false, address: 'Sheet1!B2:C3', inUse: 1 });
    expect(fake.cell('Sheet1', 'B2').value).toBe('');
    expect(fake.cell('Sheet1', 'C3').formula).toBe('=1+1');
    fake.select('Sheet1', 'A2');
    expect(await officeExcel().insertAtActiveCell(rows)).toEqual({ written: false, address: 'Sheet1!A2:B3', inUse: 1 });
    expect(fake.cell('Sheet1', 'A2').value).toBe('Іваненко');
    fake.select('Sheet1', 'B2');
    expect(await officeExcel().insertAtActiveCell(rows, { overwrite: true })).toEqual({
      written: true,
      address: 'Sheet1!B2:C3',
    });
    expect(fake.cell('Sheet1', 'C3').value).toBe('Збігів немає');
    expect(fake.formulaCells('Sheet1')).toEqual([]);
    // Empty cells take the rows at once.
    fake.select('Sheet1', 'E1');
    expect(await officeExcel().insertAtActiveCell(rows)).toEqual({ written: true, address: 'Sheet1!E1:F2' });
  });
});

describe('outside Office', () => {
  it('the host is detached: no Office theme, no forced colours, a harmless theme subscription', () => {
    const host = officeHost({ host: null });
    expect(host.inOffice).toBe(false);
    expect(host.officeTheme()).toBeNull();
    expect(host.forcedColors()).toBe(false);
    const off = host.onThemeChanged(() => undefined);
    expect(typeof off).toBe('function');
    off();
  });

  it('settings live in memory when the runtime offers no storage, tokken in its own slot', async () => {
    const store = new SettingsStore(pickStorage(false));
    await store.saveTokken('secret-x');
    const loaded = await store.load();
    expect(loaded.tokken).toBe('secret-x');
    expect(loaded.mode).toBe('sandbox');
  });
});
