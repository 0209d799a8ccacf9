/**
 * Builds examples/clients.xlsx: a fictional client list for `npx checklists screen
 * examples/clients.xlsx` and for trying the add-in's bulk run. It holds the sandbox's known
 * subjects (docs/sandbox.md), so a first run shows real-looking hits at once, plus clear
 * clients, invalid rows, duplicates and names that start like formulas (= + - @) to show
 * they come back as text.
 *
 * Run: npx tsx scripts/make-examples.ts   (the generated file is committed)
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { KNOWN } from '../src/sandbox';

type Row = [name: string | null, birth: Date | string | null, ipn: string | null, passport: string | null];

/** A birth date as Excel stores it: the date at UTC midnight, which exceljs turns into a serial. */
function d(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

const k = KNOWN;

export const EXAMPLE_ROWS: readonly Row[] = [
  // Known subjects of the sandbox: each lights up one or more registries.
  [k.pepSanctioned.name, d(k.pepSanctioned.date), k.pepSanctioned.rnokpp, k.pepSanctioned.passport],
  [k.pepSpouse.name, d(k.pepSpouse.date), k.pepSpouse.rnokpp, null],
  [k.manager.name, d(k.manager.date), k.manager.rnokpp, null],
  [k.company.shortName, null, k.company.edrpou, null],
  [k.taxDebtor.shortName, null, k.taxDebtor.edrpou, null],
  [k.sanctionedCompany.name, null, k.sanctionedCompany.edrpou, null],
  [null, null, null, k.stolenPassport.doc],
  [null, null, null, k.lostForeignPassport.doc],
  [null, null, null, k.invalidIdCard.doc],
  [k.wanted.name, d(k.wanted.date), k.wanted.rnokpp, null],
  [k.debtor.name, d(k.debtor.date), k.debtor.rnokpp, null],
  [k.corrupt.name, d(k.corrupt.date), k.corrupt.rnokpp, null],
  [k.notary.name, d(k.notary.date), k.notary.rnokpp, null],
  [k.traitor.name, d(k.traitor.date), k.traitor.rnokpp, null],
  [k.occupier.name, d(k.occupier.date), null, null],
  [k.nonResident.name, null, null, null],
  // Clear: no registry holds them.
  [k.clearPerson.name, d(k.clearPerson.date), null, null],
  [null, null, k.clearCompanyCode, null],
  ['Задорожня-Вітрець Олеся Маркіянівна', '03.03.1985', null, null],
  ['Голубничий Остап Тарасович', d('1992-10-19'), null, null],
  ['Ясенева Дарина Олексіївна', d('2001-06-07'), null, null],
  ['ТОВ "ТИХА ГАВАНЬ ЛОГІСТИК"', null, null, null],
  // Dates written as text, the way they arrive from other systems.
  ['Мірошниченко-Зоряний Ігор Вікторович', '1979-12-24', null, null],
  // Duplicates: asked once, answered for every row.
  [k.pepSanctioned.name, d(k.pepSanctioned.date), k.pepSanctioned.rnokpp, k.pepSanctioned.passport],
  [k.clearPerson.name, d(k.clearPerson.date), null, null],
  // Invalid: the result table says why, nothing is sent.
  ['Неіснуюча Дата Петрівна', '31.02.1980', null, null],
  ['Короткий Код Іванович', null, '12345', null],
  [null, null, null, null],
  // Text that starts like a formula must stay text in every output.
  ['=HYPERLINK("https://example.invalid/","click me")', null, null, null],
  ['+380 50 000 0000', null, null, null],
  ['-2+3 Мінусенко Ілля', null, null, null],
  ['@SUM(A1:A2) Собачкін', null, null, null],
];

export const EXAMPLE_HEADER = ['ПІБ', 'Дата народження', 'ІПН', 'Паспорт'] as const;

export async function writeExamples(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  // Fixed, so regenerating does not change the document properties for nothing.
  wb.creator = 'CheckLists examples';
  wb.created = new Date('2026-01-01T00:00:00Z');
  wb.modified = new Date('2026-01-01T00:00:00Z');
  const ws = wb.addWorksheet('Клієнти');
  ws.addRow([...EXAMPLE_HEADER]).font = { bold: true };
  for (const row of EXAMPLE_ROWS) ws.addRow(row.map((v) => (v === null ? undefined : v)));
  ws.getColumn(1).width = 62;
  ws.getColumn(2).width = 16;
  ws.getColumn(2).numFmt = 'dd.mm.yyyy';
  ws.getColumn(3).width = 14;
  ws.getColumn(4).width = 14;
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  mkdirSync(dirname(path), { recursive: true });
  await wb.xlsx.writeFile(path);
}

if (require.main === module) {
  const target = join(__dirname, '..', 'examples', 'clients.xlsx');
  writeExamples(target).then(
    () => console.log(`wrote ${target} (${EXAMPLE_ROWS.length} clients)`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
