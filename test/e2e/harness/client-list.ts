import { KNOWN } from '../../../src/sandbox';

/**
 * The client list the browser tests screen: 200 rows built so the tests know the truth about
 * each row without asking the code under test — which are invalid, which name subjects the
 * sandbox holds records for, which repeat an earlier row in another spelling, and which start
 * with characters a spreadsheet would evaluate. Pure data: the harness page and the Node tests
 * import the same list.
 */
export type ClientCell = string | number | null;
export type ClientRowKind = 'fresh' | 'known' | 'repeat' | 'invalid';

export interface ClientRow {
  cells: ClientCell[];
  kind: ClientRowKind;
  /** Index of the row this one repeats (kind "repeat"). */
  repeats?: number;
}

export const CLIENT_SHEET = 'Клієнти';
export const CLIENT_HEADERS = ['ПІБ', 'Дата народження', 'ІПН', 'Паспорт'] as const;
export const CLIENT_ROWS = 200;
/** The whole list with its header row, as a person selects it. */
export const CLIENT_RANGE = `A1:D${CLIENT_ROWS + 1}`;

const KNOWN_PEOPLE = [
  KNOWN.pepSanctioned,
  KNOWN.pepSpouse,
  KNOWN.manager,
  KNOWN.wanted,
  KNOWN.debtor,
  KNOWN.corrupt,
  KNOWN.notary,
  KNOWN.traitor,
];
const HOSTILE_PREFIXES = ['=', '+', '@', '-'] as const;

/** Excel's serial number of an ISO date: how a date cell reads through Range.values. */
export function excelSerial(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

function freshDate(i: number): string {
  const year = 1945 + ((i * 7) % 55);
  const month = 1 + ((i * 5) % 12);
  const day = 1 + ((i * 11) % 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function invalidRow(i: number): ClientCell[] {
  const name = `Недійсний Клієнт ${i}`;
  switch (Math.floor(i / 10) % 4) {
    case 0:
      return ['', '1980-01-01', '', '']; // a date alone names nobody
    case 1:
      return [name, '31.02.1990', '', ''];
    case 2:
      return [name, '1980-01-01', '12345', ''];
    default:
      return [name, '', '', 'XYZ'];
  }
}

export function clientList(count = CLIENT_ROWS): ClientRow[] {
  const rows: ClientRow[] = [];
  for (let i = 0; i < count; i++) {
    const slot = i % 10;
    if (slot === 9) {
      rows.push({ cells: invalidRow(i), kind: 'invalid' });
    } else if (slot === 3) {
      const person = KNOWN_PEOPLE[Math.floor(i / 10) % KNOWN_PEOPLE.length];
      rows.push({ cells: [person.name, i % 20 === 3 ? excelSerial(person.date) : person.date, '', ''], kind: 'known' });
    } else if (slot === 6 && i > 10) {
      // The row five above, typed differently: upper case, doubled spaces.
      const original = rows[i - 5];
      const [name, ...rest] = original.cells;
      const respelled =
        typeof name === 'string' ? (i % 20 === 6 ? name.toUpperCase() : ` ${name.replace(/ /g, '  ')} `) : name;
      rows.push({
        cells: [respelled, ...rest],
        kind: original.kind === 'invalid' ? 'invalid' : 'repeat',
        repeats: i - 5,
      });
    } else {
      const prefix = i % 17 === 0 ? HOSTILE_PREFIXES[(i / 17) % HOSTILE_PREFIXES.length] : '';
      const date = freshDate(i);
      rows.push({
        cells: [`${prefix}Клієнтенко Тест ${i}`, i % 5 === 0 ? excelSerial(date) : date, '', ''],
        kind: 'fresh',
      });
    }
  }
  return rows;
}

/** Header row then the data rows, ready for WorkbookFake.setSheet. */
export function clientSheetRows(rows: readonly ClientRow[] = clientList()): ClientCell[][] {
  return [[...CLIENT_HEADERS], ...rows.map((r) => r.cells)];
}
