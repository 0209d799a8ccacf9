// `checklists relay audit --name` (and `checklists audit --name`) over many rows: how long the
// name filter takes per 300,000 rows (BENCH_NAME_ROWS), in Cyrillic and in Latin letters, and what
// the Latin filter's two ways of saving time buy, each against the plain form measured in the same run:
// - folding the name before transliterating it (small letters skip the rules for capitals);
// - transliterating each word once (a trail's names are made of far fewer words than rows).
// Two sets of names: every name distinct (a number in each, the word cache's worst case), and names
// drawn from a few hundred surnames, first names and patronymics, as a trail of re-screened clients is.
//   npx tsx bench/audit-name-filter.ts
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { foldedText } from '../src/core/query';
import { transliterate } from '../src/core/text/translit';
import { auditSubjectMatcher } from '../src/relay/audit-subject';
import type { StoredAuditRow } from '../src/relay/store/port';

const ROWS = Number(process.env.BENCH_NAME_ROWS ?? 300_000);
const SURNAMES = ['Гнатюк-О’Коннор', 'Коваленко', 'Шевчук', 'Бондаренко', 'Ткаченко', 'Кравчук', 'Олійник', 'Щербак'];
const FIRST = ['Тарас', 'Олена', 'Ілля', 'Юлія', 'Євген', 'Ганна', 'Йосип', 'Зоряна'];
const PATRONYMIC = ['Ілліч', 'Петрівна', 'Андрійович', 'Юріївна', 'Григорович', 'Олексіївна'];

function rowsOf(distinct: boolean): StoredAuditRow[] {
  return Array.from({ length: ROWS }, (_, i) => {
    // Sizes 8·8·6 with a varying stride: 384 names, or every one made distinct by its number.
    const name = `${SURNAMES[i % 8]}${distinct ? ` ${i}` : ''} ${FIRST[(i >> 3) % 8]} ${PATRONYMIC[(i >> 6) % 6]}`;
    return { query: { name } } as unknown as StoredAuditRow;
  });
}

const fold = (value: string) => foldedText(value.normalize('NFC')).replace(/[’ʼ'`‘]/g, "'");

/** The Latin filter without either saving: each name transliterated whole, then folded. */
function plainLatin(typed: string): (row: StoredAuditRow) => boolean {
  const latin = fold(typed);
  return (row) => fold(transliterate(String(row.query.name))).includes(latin);
}

/** Folded first, each name whole: the first saving alone. */
function foldedLatin(typed: string): (row: StoredAuditRow) => boolean {
  const latin = fold(typed);
  return (row) => transliterate(fold(String(row.query.name))).includes(latin);
}

function time(rows: StoredAuditRow[], match: (row: StoredAuditRow) => boolean): { ms: number; found: number } {
  const t = performance.now();
  let found = 0;
  for (const row of rows) if (match(row)) found++;
  return { ms: performance.now() - t, found };
}

console.log(`audit --name filter, ${ROWS.toLocaleString('en')} rows, load ${loadavg()[0].toFixed(2)}`);
for (const distinct of [true, false]) {
  const rows = rowsOf(distinct);
  console.log(distinct ? '\nevery name distinct (a number in each):' : '\n384 names, as re-screened clients repeat:');
  const figures: [string, (row: StoredAuditRow) => boolean][] = [
    ['Cyrillic "тарас" (as typed)', auditSubjectMatcher({ name: 'тарас' })!],
    ['Latin "taras", each name transliterated whole', plainLatin('taras')],
    ['Latin "taras", folded first', foldedLatin('taras')],
    ['Latin "taras", folded, each word once (the relay)', auditSubjectMatcher({ name: 'taras' })!],
  ];
  for (const [label, match] of figures) {
    // A warm-up pass, then the figure: the best of three.
    time(rows.slice(0, 20_000), match);
    const runs = [time(rows, match), time(rows, match), time(rows, match)];
    const best = Math.min(...runs.map((r) => r.ms));
    console.log(`  ${label.padEnd(52)} ${(best / 1000).toFixed(2)} s  (${runs[0].found.toLocaleString('en')} found)`);
  }
}
