import { columnLetter } from '../../src/bulk/columns';
import {
  EXCEL_MAX_COLUMNS,
  EXCEL_MAX_ROWS,
  cellAddress,
  columnIndexOf,
  intersectRects,
  parseAddress,
  qualifiedAddress,
  quoteSheetName,
  rectAddress,
} from '../../src/excel/a1';

describe('column letters', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
    [16_383, 'XFD'],
  ])('%i is %s and back', (index, letters) => {
    expect(columnLetter(index)).toBe(letters);
    expect(columnIndexOf(letters)).toBe(index);
    expect(columnIndexOf(letters.toLowerCase())).toBe(index);
  });

  it('refuses columns outside the grid', () => {
    expect(() => cellAddress(0, EXCEL_MAX_COLUMNS)).toThrow(RangeError);
    expect(() => cellAddress(0, -1)).toThrow(RangeError);
    expect(columnIndexOf('XFE')).toBe(-1);
    expect(columnIndexOf('A1')).toBe(-1);
  });
});

describe('parseAddress', () => {
  it.each([
    ['A1', null, 0, 0, 1, 1],
    ['$B$2:$D$5', null, 1, 1, 4, 3],
    ['D5:B2', null, 1, 1, 4, 3],
    ['Sheet1!AA10:AB11', 'Sheet1', 9, 26, 2, 2],
    ["'My Sheet'!C3", 'My Sheet', 2, 2, 1, 1],
    ["'It''s'!A1:B1", "It's", 0, 0, 1, 2],
    ['Аркуш1!A1', 'Аркуш1', 0, 0, 1, 1],
    ['C:E', null, 0, 2, EXCEL_MAX_ROWS, 3],
    ['3:4', null, 2, 0, 2, EXCEL_MAX_COLUMNS],
  ])('%s', (address, sheetName, rowIndex, columnIndex, rowCount, columnCount) => {
    expect(parseAddress(address)).toEqual({ sheetName, rowIndex, columnIndex, rowCount, columnCount });
  });

  it.each(['', 'A', '1', 'A0', 'XFE1', 'A1048577', 'A1:B', "'unterminated!A1", '!A1', 'A1:B2:C3'])(
    'refuses %j',
    (address) => {
      expect(parseAddress(address)).toBeNull();
    },
  );
});

describe('formatting addresses', () => {
  it('writes single cells, blocks, whole columns and whole rows as Excel does', () => {
    expect(rectAddress({ rowIndex: 0, columnIndex: 0, rowCount: 1, columnCount: 1 })).toBe('A1');
    expect(rectAddress({ rowIndex: 9, columnIndex: 26, rowCount: 2, columnCount: 2 })).toBe('AA10:AB11');
    expect(rectAddress({ rowIndex: 0, columnIndex: 2, rowCount: EXCEL_MAX_ROWS, columnCount: 1 })).toBe('C:C');
    expect(rectAddress({ rowIndex: 4, columnIndex: 0, rowCount: 1, columnCount: EXCEL_MAX_COLUMNS })).toBe('5:5');
  });

  it.each([
    ['Sheet1', 'Sheet1'],
    ['Аркуш1', 'Аркуш1'],
    ['My Sheet', "'My Sheet'"],
    ["It's", "'It''s'"],
    ['2024', "'2024'"],
    ['A1', "'A1'"],
    ['R1C1', "'R1C1'"],
    ['CheckLists 2026-11-22 14-05', "'CheckLists 2026-11-22 14-05'"],
  ])('quotes %j as %j', (name, quoted) => {
    expect(quoteSheetName(name)).toBe(quoted);
    expect(parseAddress(`${quoted}!B2`)?.sheetName).toBe(name);
  });

  it('round-trips qualified addresses', () => {
    const rect = { rowIndex: 4, columnIndex: 700, rowCount: 3, columnCount: 5 };
    const address = qualifiedAddress('Результати (2)', rect);
    expect(address).toBe("'Результати (2)'!ZY5:AAC7");
    expect(parseAddress(address)).toEqual({ sheetName: 'Результати (2)', ...rect });
  });

  it('intersects rectangles', () => {
    const a = { rowIndex: 0, columnIndex: 0, rowCount: 10, columnCount: 2 };
    expect(intersectRects(a, { rowIndex: 5, columnIndex: 1, rowCount: 10, columnCount: 10 })).toEqual({
      rowIndex: 5,
      columnIndex: 1,
      rowCount: 5,
      columnCount: 1,
    });
    expect(intersectRects(a, { rowIndex: 0, columnIndex: 2, rowCount: 1, columnCount: 1 })).toBeNull();
  });
});
