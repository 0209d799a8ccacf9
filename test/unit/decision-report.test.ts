import { decisionJsonLines, decisionRowOfJsonLine } from '../../src/relay/decision-export';
import { decisionReportColumns, decisionReportHeading, decisionReportRow } from '../../src/relay/decision-report';
import type { DecisionRow } from '../../src/relay/store/port';

/** The decision record in an inspector's words: a decision, an approval and a return, in Ukrainian and English. */

function line(over: Partial<DecisionRow> = {}): DecisionRow {
  return {
    id: 12,
    at: new Date('2026-01-15T08:05:00.000Z'),
    kind: 'decision',
    analyst: 'olena.k',
    subjectKey: 'k',
    subject: { name: 'Кривоклен Северин', date: '1967-04-12', ipn: '2457304172' },
    registry: 'peps',
    record: 'pep-17',
    fingerprint: 'f',
    decision: 'false-positive',
    reason: 'different-birth-date',
    comment: '=HYPERLINK("http://x")',
    suggested: 'true-match:name-and-birth-date',
    why: [
      { uk: 'ім’я збігається', en: 'the name agrees' },
      { uk: 'дата народження інша', en: 'the birth date differs' },
    ],
    needsApproval: true,
    approves: null,
    returns: null,
    instance: 'r',
    ...over,
  };
}

function byColumn(values: unknown[], lang: 'uk' | 'en'): Record<string, unknown> {
  const columns = decisionReportColumns(lang);
  expect(values).toHaveLength(columns.length);
  return Object.fromEntries(columns.map((c, i) => [c.id, values[i]]));
}

test('a decision against the suggestion reads as who decided what on which record, why, and that it went against it', () => {
  expect(byColumn(decisionReportRow(line(), 'uk'), 'uk')).toEqual({
    id: 12,
    // Kyiv is UTC+2 in winter.
    at: new Date('2026-01-15T10:05:00.000Z'),
    analyst: 'olena.k',
    what: 'рішення',
    name: 'Кривоклен Северин',
    date: '1967-04-12',
    code: '2457304172',
    doc: null,
    registry: 'ПЕП',
    record: 'pep-17',
    decision: 'хибний збіг',
    reason: 'тезка (інша дата народження)',
    comment: '=HYPERLINK("http://x")',
    fourEyes: 'потрібна',
    suggested: 'справжній збіг — ім’я та дата народження збігаються',
    against: 'так',
    why: 'ім’я збігається; дата народження інша',
  });
  expect(byColumn(decisionReportRow(line(), 'en'), 'en')).toMatchObject({
    what: 'decision',
    decision: 'false positive',
    reason: 'namesake (different birth date)',
    suggested: 'true match — name and birth date agree',
    against: 'yes',
    why: 'the name agrees; the birth date differs',
  });
});

test('an approval and a return name the line they act on and go against nothing; a reason of the analyst’s own stays as typed', () => {
  const approval = byColumn(
    decisionReportRow(
      line({ id: 13, kind: 'approval', approves: 12, comment: '', needsApproval: false, why: null }),
      'en',
    ),
    'en',
  );
  expect(approval).toMatchObject({
    what: 'approval of no. 12',
    comment: null,
    fourEyes: null,
    against: null,
    why: null,
  });
  const returned = byColumn(
    decisionReportRow(line({ id: 14, decision: 'needs-review', returns: 12, reason: 'ask the client' }), 'uk'),
    'uk',
  );
  expect(returned).toMatchObject({
    what: 'повернення № 12 на перевірку',
    decision: 'потребує перевірки',
    reason: 'ask the client',
    against: null,
  });
  const agreed = byColumn(
    decisionReportRow(line({ decision: 'true-match', suggested: 'true-match:name-and-birth-date' }), 'en'),
    'en',
  );
  expect(agreed.against).toBeNull();
});

test('the heading says where the record came from, when, and since when; a JSON line reads back as the row', () => {
  const heading = { source: 'https://relay.bank.ua', exportedAt: new Date('2026-07-01T09:00:00Z') };
  expect(decisionReportHeading({ ...heading, since: '2026-06-01' }, 'uk')).toEqual([
    ['Джерело', 'https://relay.bank.ua'],
    ['Вивантажено (Київ)', '2026-07-01 12:00:00'],
    ['Записано від', '2026-06-01 (з 2026-06-01 00:00:00 за Києвом)'],
  ]);
  expect(decisionReportHeading(heading, 'en')[2]).toEqual(['Recorded since', 'the whole record']);
  const row = line();
  expect(decisionRowOfJsonLine(decisionJsonLines([row]).trim())).toEqual(row);
  expect(decisionRowOfJsonLine('{"id":1}')).toBeNull();
});
