import type { BulkRunReport } from '../../src/bulk/ports';
import { reportLines, seconds } from '../../src/cli/output/screen-report';
import { cliMessages } from '../../src/cli/messages';

const report = {
  status: 'completed',
  rowsWritten: 1,
  rowsTotal: 1,
  subjectsTotal: 1,
  requests: 1,
  answersFromCache: 0,
  answersFromRelayCache: 0,
  elapsedMs: 2_140,
  rowsWithHits: 1,
  highRows: 0,
  failedRows: 0,
  invalidRows: 0,
  emptyRows: 0,
  noHitsInDoubt: 0,
  hitsToDecide: { 'true-match': 0, 'needs-review': 0, 'false-positive': 0 },
} as BulkRunReport;

it('says the run’s time with the language’s decimal mark, and its counts with the word’s form', () => {
  expect(seconds(2_140, 'en')).toBe('2.1');
  expect(seconds(2_140, 'uk')).toBe('2,1');
  expect(reportLines(report, 'uk', [], '/')[0]).toBe(
    'Готово: 1 з 1 рядка (різних суб’єктів: 1, запитів цього разу: 1) за 2,1 с.',
  );
  expect(reportLines(report, 'en', [], '/')[0]).toBe(
    'Done: 1 of 1 row (1 distinct subject, 1 request this time) in 2.1 s.',
  );
});

it('says the hits the relay muted with the words agreeing with their count', () => {
  const muted = (count: number) => cliMessages.t('uk', 'search.muted', { count });
  expect(muted(1)).toContain('на релеї: 1 збіг, знятий раніше (');
  expect(muted(3)).toContain('на релеї: 3 збіги, зняті раніше (');
  expect(muted(5)).toContain('на релеї: 5 збігів, знятих раніше (');
});

it("says a resumed state's written rows with the participle agreeing", () => {
  const incomplete = (written: number) => cliMessages.t('uk', 'state.incomplete', { written, missing: 1 });
  expect(incomplete(1)).toContain('1 рядок позначено записаним,');
  expect(incomplete(2)).toContain('2 рядки позначено записаними,');
});

it('counts the rows whose "no hits" their input puts in doubt after the counts, only when there are some', () => {
  const doubted = { ...report, rowsWithHits: 0, noHitsInDoubt: 3 };
  expect(reportLines(doubted, 'en', [], '/')[2]).toBe(
    "No hits, but the search could have missed: 3 rows (initials or a mistyped code; each row's Status says which)",
  );
  expect(reportLines({ ...doubted, noHitsInDoubt: 1 }, 'uk', [], '/')[2]).toBe(
    'Збігів немає, але пошук міг пропустити: 1 рядок (ініціали або помилковий код; що саме — у стовпці «Стан» рядка)',
  );
  expect(reportLines({ ...report, noHitsInDoubt: 0 }, 'en', [], '/')).toHaveLength(2);
});

it('sizes the work after a first run: the hits to decide by suggestion; a re-screen says its own', () => {
  const first = { ...report, hitsToDecide: { 'true-match': 1, 'needs-review': 2, 'false-positive': 0 } };
  expect(reportLines(first, 'en', [], '/')[2]).toBe(
    "Hits to decide: 3; why this hit suggests true match for 1, needs review for 2, false positive for 0 (the hits sheet's Suggested column)",
  );
  const rescreen = {
    newHits: 0,
    changedHits: 0,
    goneHits: 0,
    rowsToReview: 0,
    undecidedHits: 3,
    previousSource: 'x',
  } as BulkRunReport['rescreen'];
  expect(reportLines({ ...first, rescreen }, 'en', [], '/')).toHaveLength(2);
});
