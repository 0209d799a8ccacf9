import type { BulkRunReport } from '../../src/bulk/ports';
import { reportLines, seconds } from '../../src/cli/output/screen-report';

const report = {
  status: 'completed',
  rowsWritten: 1,
  rowsTotal: 1,
  subjectsTotal: 1,
  requests: 1,
  elapsedMs: 2_140,
  rowsWithHits: 1,
  highRows: 0,
  failedRows: 0,
  invalidRows: 0,
  emptyRows: 0,
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
