import { decisionsForRelay, subjectsOfList } from '../../src/bulk/decisions-to-relay';
import { parseSuggestion } from '../../src/bulk/decisions';
import { historyLineText, pendingLineText, whyLines } from '../../src/core/answer/decision-history';
import type { PreviousHit, PreviousRun } from '../../src/bulk/previous-hits';
import { identityOfRecord } from '../../src/bulk/hit-identity';
import { recogniseColumns } from '../../src/bulk/columns';
import { checkRow } from '../../src/bulk/plan';
import { ALL_LISTS } from '../../src/core/protocol/listdata';
import { subjectKey } from '../../src/core/query';
import { recordDecision } from '../../src/taskpane/results/decision-client';
import { BODY_BUDGET_BYTES, batchesBySize } from '../../src/core/request/body-batches';

/** Save decisions (issue 29): which of a sheet's decided hits go to the relay, and as what. */
const options = { listdata: ALL_LISTS, search: 1 as const, lowranklimit: 0 };
const now = new Date('2026-11-25T12:00:00Z');
const rows = [['Петренко Петро Петрович', '1980-01-02']];
const mapping = recogniseColumns(['ПІБ', 'Дата народження']);
const checked = checkRow(rows[0], mapping, options, now);
if (!checked.ok) throw new Error('row');
const key = subjectKey(checked.query);

function hit(record: string, over: Partial<PreviousHit> = {}): PreviousHit {
  return {
    identity: identityOfRecord(key, record),
    decision: 'falsePositive',
    reason: 'other-person',
    comment: '',
    decidedBy: 'me',
    decidedAt: '2026-11-20',
    fingerprint: '0123456789abcdef',
    suggested: null,
    why: '',
    percent: 100,
    level: 'low',
    name: 'x',
    birth: '',
    cells: {},
    ...over,
  };
}

it('sends decided hits with their client found again in the list; says which cannot go, and why', () => {
  const previous: PreviousRun = {
    source: 'Hits',
    hits: new Map(
      [
        hit('justice:2-123|45/2024', { reason: 'a namesake, the client is younger', comment: 'seen the ID' }),
        hit('peps:7', { fingerprint: '' }),
        hit('peps:8', { decidedBy: 'olena (relay)' }),
        hit('peps:9', { decidedBy: 'olena (релей; погоджено: anna; на аркуші було «Хибний збіг»)' }),
        hit('peps:10', { decision: null }),
        hit('peps:12', {
          suggested: { decision: 'true-match', reason: 'name-and-birth-date' },
          why: 'ПІБ і дата народження збігаються',
          name: 'Петренко Петро Петрович',
          birth: '1980-01-02',
        }),
        { ...hit('peps:11'), identity: identityOfRecord('q1:[["name","інша особа"]]', 'peps:11') },
      ].map((h) => [h.identity, h]),
    ),
  };
  const out = decisionsForRelay(previous, subjectsOfList(rows, mapping, options, now));
  expect(out.items.map((i) => i.input)).toEqual([
    {
      subject: { name: 'Петренко Петро Петрович', date: '1980-01-02', search: 1, lowranklimit: 0 },
      registry: 'justice',
      record: 'justice:2-123|45/2024',
      fingerprint: '0123456789abcdef',
      decision: 'false-positive',
      // A free-text reason (a sheet from before the drop-down) travels in the comment.
      comment: 'a namesake, the client is younger — seen the ID',
      // An approver judges on what the sheet showed: here only the record's name.
      why: ['x'],
    },
    // Rows a re-screen took from the relay go with whose decision they showed, and when: the relay
    // records only an edit of it, and refuses a row its record has moved on from.
    ...['peps:8', 'peps:9'].map((record) => ({
      subject: { name: 'Петренко Петро Петрович', date: '1980-01-02', search: 1, lowranklimit: 0 },
      registry: 'peps',
      record,
      fingerprint: '0123456789abcdef',
      decision: 'false-positive',
      reason: 'other-person',
      why: ['x'],
      onRecord: { analyst: 'olena', at: '2026-11-20' },
    })),
    {
      subject: { name: 'Петренко Петро Петрович', date: '1980-01-02', search: 1, lowranklimit: 0 },
      registry: 'peps',
      record: 'peps:12',
      fingerprint: '0123456789abcdef',
      decision: 'false-positive',
      reason: 'other-person',
      // The Suggested column's words, read back as codes: an approver sees the decision went against it.
      suggested: { decision: 'true-match', reason: 'name-and-birth-date' },
      // The Why column's facts, and the record's name and birth date that line leaves out.
      why: ['ПІБ і дата народження збігаються', 'Петренко Петро Петрович · 1980-01-02'],
    },
  ]);
  expect(out.notSent.map((n) => n.why)).toEqual(['no-fingerprint', 'not-in-list']);
});

it('splits decisions into request bodies under the relay’s limit and its count cap, keeping their order', () => {
  const items = Array.from({ length: 1_000 }, (_, i) => ({ comment: `Коментар ${i} `.repeat(5) }));
  const batches = batchesBySize(items, 300);
  expect(batches.flat()).toEqual(items);
  for (const b of batches) {
    expect(b.length).toBeLessThanOrEqual(300);
    expect(new TextEncoder().encode(JSON.stringify(b)).length).toBeLessThanOrEqual(BODY_BUDGET_BYTES);
  }
  expect(batchesBySize(items.slice(0, 10), 3).map((b) => b.length)).toEqual([3, 3, 3, 1]);
});

it('a hit card recording the same decision again is told it is already recorded, not refused', async () => {
  const fake = (async () => ({
    ok: true,
    status: 200,
    text: async () =>
      JSON.stringify({
        analyst: 'olena',
        results: [{ status: 'unchanged', id: 41, index: 0, at: '2026-11-27T10:00:00.000Z' }],
      }),
  })) as unknown as typeof fetch;
  const outcome = await recordDecision(
    { url: 'https://relay.example', key: 'k' },
    {
      query: checked.query,
      registry: 'peps',
      record: 'peps:1',
      fingerprint: '0123456789abcdef',
      decision: 'false-positive',
      reason: 'other-person',
      comment: '',
    },
    fake,
  );
  expect(outcome).toEqual({ status: 'unchanged', id: 41, analyst: 'olena', at: '2026-11-27T10:00:00.000Z' });
});

it('a hit card’s facts go as the relay keeps them: a long one cut with "…", at most twelve, never refused for their length', async () => {
  let sent: Record<string, unknown> = {};
  const fake = (async (_url: string, init: { body: string }) => {
    sent = JSON.parse(init.body) as Record<string, unknown>;
    return { ok: true, status: 200, text: async () => JSON.stringify({ analyst: 'o', results: [] }) };
  }) as unknown as typeof fetch;
  const long = { uk: `Запис більше не чинний: ${'UA-NSDC; '.repeat(120)}`, en: 'The record is no longer in force.' };
  const many = Array.from({ length: 14 }, (_, i) => ({ uk: `Факт ${i}`, en: `Fact ${i}` }));
  await recordDecision(
    { url: 'https://relay.example', key: 'k' },
    {
      query: checked.query,
      registry: 'psanctions',
      record: 'psanctions:1',
      fingerprint: '0123456789abcdef',
      decision: 'true-match',
      reason: 'confirmed-by-code',
      comment: '',
      why: [long, { uk: 'NUL\u0000 прибрано', en: 'NUL\u0000 gone' }, ...many],
    },
    fake,
  );
  const why = sent.why as { uk: string; en: string }[];
  expect(why).toHaveLength(12);
  expect(why[0].uk).toHaveLength(600);
  expect(why[0].uk.endsWith('…')).toBe(true);
  expect(why[0].en).toBe(long.en);
  expect(why[1]).toEqual({ uk: 'NUL прибрано', en: 'NUL gone' });
});

it('reads the Suggested column back as codes in either language, and nothing from an edited cell', () => {
  expect(parseSuggestion('справжній збіг: ім’я та дата народження збігаються')).toEqual({
    decision: 'true-match',
    reason: 'name-and-birth-date',
  });
  expect(parseSuggestion(' False positive:  namesake (different birth date) ')).toEqual({
    decision: 'false-positive',
    reason: 'different-birth-date',
  });
  expect(parseSuggestion('I think it is him')).toBeNull();
  expect(parseSuggestion(null)).toBeNull();
});

it('a pending line and a history line say when the decision went against the suggestion', () => {
  const line = {
    id: 4,
    at: '2026-11-28T15:49:00Z',
    kind: 'decision' as const,
    analyst: 'o.koval',
    registry: 'peps' as const,
    record: 'peps:10002',
    decision: 'false-positive' as const,
    reason: 'different-birth-date',
    suggested: 'true-match:name-and-birth-date',
  };
  expect(historyLineText(line, 'uk')).toBe(
    '#4  2026-11-28 15:49 UTC  o.koval  peps:10002  хибний збіг — тезка (інша дата народження); ' +
      'запропоновано інше: справжній збіг — ім’я та дата народження збігаються',
  );
  expect(pendingLineText({ ...line, subject: { name: 'Кривоклен Мирослава Ігорівна' } }, 'en')).toMatch(
    /false positive — namesake \(different birth date\); the suggestion was otherwise: true match — name and birth date agree$/,
  );
  // Agreeing with it, or with nothing sent, says nothing more.
  expect(historyLineText({ ...line, suggested: 'false-positive:other-person' }, 'en')).toMatch(
    /\(different birth date\)$/,
  );
  expect(historyLineText({ ...line, suggested: null }, 'en')).toMatch(/\(different birth date\)$/);
  // An approver's return: what it sent back and why, not "needs review" against a suggestion.
  const back = { ...line, id: 6, analyst: 'anna', decision: 'needs-review' as const, reason: null, returns: 4 };
  expect(historyLineText({ ...back, comment: 'попросіть паспорт' }, 'uk')).toBe(
    '#6  2026-11-28 15:49 UTC  anna  peps:10002  повернення №4 на перевірку «попросіть паспорт»',
  );
  expect(historyLineText({ ...back, comment: 'ask for the passport' }, 'en')).toMatch(
    /anna {2}peps:10002 {2}returned #4 for review "ask for the passport"$/,
  );
});

it('the facts a decision was made on read in the reader’s language, a sheet’s line as it was written', () => {
  const why = [
    { uk: 'Дати народження різні: у запиті 1980-01-02, у записі 1980-02-01.', en: 'Birth dates differ.' },
    'ПІБ збігається',
  ];
  expect(whyLines({ why }, 'en')).toEqual(['Birth dates differ.', 'ПІБ збігається']);
  expect(whyLines({ why }, 'uk')).toEqual([
    'Дати народження різні: у запиті 1980-01-02, у записі 1980-02-01.',
    'ПІБ збігається',
  ]);
  // Relays and sheets from before it, and approvals, carry none.
  expect(whyLines({ why: null }, 'uk')).toEqual([]);
  expect(whyLines({}, 'uk')).toEqual([]);
});
