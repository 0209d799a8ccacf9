import { recogniseColumns } from '../../src/bulk/columns';
import { decisionValidation, parseDecision, parseReason, reasonValidation } from '../../src/bulk/decisions';
import { readPreviousHits, type PreviousRun } from '../../src/bulk/previous-hits';
import { REASON_CODES, reasonLabel } from '../../src/core/answer/explain';
import { LANGS } from '../../src/core/text/i18n';
import { reviewCells, serviceShiftOf } from '../../src/bulk/rescreen';
import { serviceKindOfLabel } from '../../src/shared-runtime/messages';
import { startRun, type AskFn, type BulkSink, type ResultChunk, type SinkBegin, type SinkEnd } from '../../src/bulk';
import { hitIdentity } from '../../src/bulk/hit-identity';
import type { HitLine } from '../../src/bulk/hits';
import { decisionInForce, openLevel, reviewHit } from '../../src/bulk/rescreen';
import { rescreenExit, rescreenLines } from '../../src/cli/commands/rescreen';
import { runHeaderRows } from '../../src/bulk/run-header';
import { hitRows, hitsColumns, type TableCell, type TableContext } from '../../src/bulk/result-table';
import type { ScreenedOutcome } from '../../src/bulk/outcome';
import { CheckListsClient } from '../../src/core/request/client';
import { ALL_LISTS } from '../../src/core/protocol/listdata';
import { DEMO_CREDENTIALS, MAX_DATA_REVISION, createSandboxEngine, sandboxTransport } from '../../src/sandbox';
import { parseCommandLine } from '../../src/cli/args/command-line';
import { EXIT, UsageError } from '../../src/cli/exit-codes';
import { documentedCounts, editedList, exampleList, hitsIndex, resultsIndex } from '../support/rescreen-scenario';
import { KNOWN } from '../../src/sandbox';

const hit = (over: Partial<HitLine> = {}): HitLine => ({
  registry: 'peps',
  id: '10001',
  name: 'Кривоклен Северин Богданович',
  percent: 100,
  level: 'high',
  birth: '1967-04-12',
  details: 'MP',
  ...over,
});

function outcome(key: string, hits: HitLine[]): ScreenedOutcome {
  return {
    kind: 'screened',
    key,
    verdict: 'high',
    level: 'high',
    bestPercent: 100,
    totalHits: hits.length,
    counts: [hits.length],
    failures: [],
    idrequest: '',
    dateResponse: '',
    hits,
    hitsOmitted: 0,
  };
}

const ctx = (previous: PreviousRun | null = null): TableContext => ({
  lang: 'en',
  headers: ['ПІБ'],
  mapping: { name: 0 },
  registries: ['peps'],
  firstSourceRow: 2,
  previous,
});

describe('hit identity', () => {
  it('is registry + record id + subject key, never the row number', () => {
    const HIT_ID = hitsColumns('en').findIndex((c) => c.id === 'hitId');
    const o = outcome('q1:[["name","кривоклен северин богданович"]]', [hit()]);
    const at3 = hitRows(ctx(), 1, ['Кривоклен Северин Богданович'], { kind: 'outcome', outcome: o });
    const at40 = hitRows(ctx(), 38, ['Кривоклен Северин Богданович'], { kind: 'outcome', outcome: o });
    expect(at3[0][0]).not.toBe(at40[0][0]);
    expect(at3[0][HIT_ID]).toBe(at40[0][HIT_ID]);
    expect(at3[0][HIT_ID]).toMatch(/^h1\|peps:10001\|[0-9a-f]{16}$/);
    expect(hitIdentity('q1:other subject', hit())).not.toBe(at3[0][HIT_ID]);
    expect(hitIdentity(o.key, hit({ id: '10002' }))).not.toBe(at3[0][HIT_ID]);
  });

  it('hashes the defining fields for a registry without a stable record id', () => {
    const a = hitIdentity('k', hit({ registry: 'edrchanges', id: '41703173', name: 'ТОВ "А"' }));
    expect(a).toMatch(/^h1\|edrchanges#[0-9a-f]{16}\|/);
    expect(hitIdentity('k', hit({ registry: 'edrchanges', id: '41703173', name: 'ТОВ  "а" ' }))).toBe(a);
    expect(hitIdentity('k', hit({ registry: 'edrchanges', id: '41703173', name: 'ТОВ "Б"' }))).not.toBe(a);
    expect(hitIdentity('k', hit({ id: '' }))).toMatch(/^h1\|peps#/);
  });
});

describe('decisions', () => {
  it('reads the four values in either language, whatever the case and spacing, and nothing else', () => {
    expect(parseDecision(null)).toBeNull();
    expect(parseDecision('  ')).toBeNull();
    expect(parseDecision('false  POSITIVE')).toBe('falsePositive');
    expect(parseDecision('Хибний збіг')).toBe('falsePositive');
    expect(parseDecision('Підтверджено')).toBe('trueMatch');
    expect(parseDecision('Потребує перевірки')).toBe('needsReview');
    // The words of the Suggested column and the pane's buttons, where the drop-down says "Підтверджено".
    expect(parseDecision('Справжній збіг')).toBe('trueMatch');
    expect(parseDecision('true-match')).toBe('trueMatch');
    expect(parseDecision('Flase positive')).toBeUndefined();
    expect(parseDecision(1)).toBeUndefined();
  });

  const header = hitsColumns('en').map((c) => c.header);
  const id = hitIdentity('k', hit());
  const row = (decision: string | null, hitId: string | null = id) => [
    '2',
    'x',
    'PEP',
    '10001',
    hit().name,
    100,
    'High',
    '1967-04-12',
    'MP',
    'full name agrees → needs review: not enough to tell',
    'needs review: not enough to tell',
    null,
    decision,
    'why',
    'checked the passport',
    'me',
    '2026-10-01',
    hitId,
  ];

  // The "more hits not listed" line: no identity, nothing decided, nothing to carry.
  const note = [
    '2',
    'x',
    null,
    null,
    null,
    null,
    null,
    null,
    '5 more hits not listed',
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
  ];

  it('names the sheet and cell of a typo, of a missing column, and of a decided row without its Hit ID', () => {
    const grid = {
      sheet: 'Hits',
      headerRow: 1,
      firstColumn: 0,
      header,
      rows: [row('True match'), row('Flase positive'), note, row('Needs review', 'edited')],
    };
    const { problems, hits } = readPreviousHits(grid);
    expect(problems.map((p) => `${p.sheet}!${p.cell}`)).toEqual(['Hits!M3', 'Hits!R5']);
    expect(problems[0].message.en).toBe(
      'Sheet "Hits", cell M3: "Flase positive" is not a decision. Use one of: "False positive", "True match", "Needs review", or leave it blank.',
    );
    expect(problems[0].message.uk).toContain('Аркуш «Hits», клітинка M3');
    expect(hits.get(id)?.decision).toBe('trueMatch');

    const without = readPreviousHits({ ...grid, header: header.filter((h) => h !== 'Reason'), rows: [] });
    expect(without.problems.map((p) => p.message.en)).toEqual([
      'Sheet "Hits", header row A1:R1: the column "Reason" is missing. Restore it (undo the deletion) and run again.',
    ]);
  });

  it('reads the Why the analyst saw from a sheet of older rules, in either language, for the relay', () => {
    const why = header.findIndex((h) => String(h).startsWith('Why (rules v'));
    const grid = (title: string) => ({
      sheet: 'Hits',
      headerRow: 1,
      firstColumn: 0,
      header: header.map((h, i) => (i === why ? title : h)),
      rows: [row('False positive')],
    });
    const said = 'full name agrees → needs review: not enough to tell';
    expect(readPreviousHits(grid('Why (rules v1)')).hits.get(id)?.why).toBe(said);
    expect(readPreviousHits(grid('чому (правила v1)')).hits.get(id)?.why).toBe(said);
    expect(readPreviousHits(grid(header[why] as string)).hits.get(id)?.why).toBe(said);
    expect(readPreviousHits(grid('Why not')).hits.get(id)?.why).toBe('');
  });

  it('keeps the first decision made when one client is on two rows', () => {
    const { hits } = readPreviousHits({
      sheet: 'H',
      headerRow: 1,
      firstColumn: 0,
      header,
      rows: [row(null), row('False positive'), row('True match')],
    });
    expect(hits.get(id)?.decision).toBe('falsePositive');
  });
});

describe('reason and comment (issue 27)', () => {
  it('reads a reason in either language, or as its code; keeps any other text as typed', () => {
    expect(parseReason('namesake (different birth date)')).toBe('different-birth-date');
    expect(parseReason('  Тезка (інша дата народження) ')).toBe('different-birth-date');
    expect(parseReason('other-person')).toBe('other-person');
    expect(parseReason('бачив паспорт')).toBe('бачив паспорт');
    expect(parseReason(null)).toBe('');
  });

  it('writes a carried reason in the output language and the comment as it was', () => {
    const review = {
      identity: 'h1|peps:1|0000000000000000',
      change: 'same' as const,
      decision: 'falsePositive' as const,
      reason: 'different-code',
      comment: 'РНОКПП 1234567890 у клієнта',
      decidedBy: 'me',
      decidedAt: '2026-10-01',
    };
    expect(reviewCells(review, 'uk').slice(2, 4)).toEqual(['інший код', 'РНОКПП 1234567890 у клієнта']);
    expect(reviewCells(review, 'en').slice(2, 4)).toEqual(['different code', 'РНОКПП 1234567890 у клієнта']);
    expect(reviewCells({ ...review, reason: 'free words' }, 'en')[2]).toBe('free words');
  });

  it('offers every reason code in the drop-down, in a list Excel takes (no comma in a value, at most 255 characters)', () => {
    for (const lang of LANGS) {
      const spec = reasonValidation(lang);
      expect(spec.values).toEqual(REASON_CODES.map((c) => reasonLabel(c, lang)));
      for (const list of [spec.values, decisionValidation(lang).values]) {
        for (const v of list) expect(v).not.toMatch(/[,"]/);
        expect(list.join(',').length).toBeLessThanOrEqual(255);
      }
      expect(spec.prompt.length).toBeLessThanOrEqual(255);
      expect(spec.error.length).toBeLessThanOrEqual(255);
    }
  });

  it('reads a Decided at serial as its date, with the time when it has one, in either date system', () => {
    const header = hitsColumns('en').map((c) => c.header);
    const id = hitIdentity('k', hit());
    const cells = () => [2, 'x', 'PEP', '10001', hit().name, 100, 'High', '', '', null, null, null];
    const read = (decidedAt: number, dateSystem?: 1900 | 1904) =>
      readPreviousHits({
        sheet: 'H',
        headerRow: 1,
        firstColumn: 0,
        header,
        rows: [[...cells(), 'True match', '', '', 'me', decidedAt, id, null]],
        ...(dateSystem ? { dateSystem } : {}),
      }).hits.get(id)?.decidedAt;
    expect(read(46296)).toBe('2026-10-01');
    expect(read(46296.5)).toBe('2026-10-01 12:00');
    expect(read(46296 - 1462, 1904)).toBe('2026-10-01');
  });

  it('re-screens a sheet written before the Comment column, losing nothing', () => {
    const header = hitsColumns('en')
      .filter((c) => c.id !== 'comment')
      .map((c) => c.header);
    const id = hitIdentity('k', hit());
    const cells = [2, 'x', 'PEP', '10001', hit().name, 100, 'High', '1967-04-12', 'MP', null, null, null];
    const { hits, problems } = readPreviousHits({
      sheet: 'Old',
      headerRow: 1,
      firstColumn: 0,
      header,
      rows: [[...cells, 'False positive', 'a namesake, the client is 1985', 'me', '2026-10-01', id]],
    });
    expect(problems).toEqual([]);
    expect(hits.get(id)).toMatchObject({
      decision: 'falsePositive',
      reason: 'a namesake, the client is 1985',
      comment: '',
    });
  });
});

describe('merge', () => {
  const previous = (over: Partial<HitLine> = {}, fingerprint: string | null = null): PreviousRun => {
    const { hits } = readPreviousHits({
      sheet: 'H',
      headerRow: 1,
      firstColumn: 0,
      header: hitsColumns('uk').map((c) => c.header),
      rows: [
        [
          '2',
          'x',
          'ПЕП',
          '10001',
          over.name ?? hit().name,
          over.percent ?? 100,
          'Високий',
          '1967-04-12',
          'old words',
          null,
          null,
          null,
          'Хибний збіг',
          'namesake',
          'бачив паспорт',
          'me',
          '2026-10-01',
          hitIdentity('k', hit()),
          fingerprint,
        ],
      ],
    });
    return { source: 'H', hits };
  };

  it('marks New, Changed (percent, level, defining fields; decision kept) and Same (details may change)', () => {
    expect(reviewHit(null, 'k', hit()).change).toBeNull();
    expect(reviewHit(previous(), 'k2', hit())).toMatchObject({ change: 'new', decision: null });
    expect(reviewHit(previous(), 'k', hit({ details: 'new words' }))).toMatchObject({
      change: 'same',
      decision: 'falsePositive',
      reason: 'namesake',
      comment: 'бачив паспорт',
      decidedBy: 'me',
      decidedAt: '2026-10-01',
    });
    expect(reviewHit(previous(), 'k', hit({ percent: 90 }))).toMatchObject({
      change: 'changed',
      decision: 'falsePositive',
    });
    expect(reviewHit(previous(), 'k', hit({ level: 'low' })).change).toBe('changed');
    expect(reviewHit(previous(), 'k', hit({ birth: '1967-04-13' })).change).toBe('changed');
  });

  it('marks Changed when the record’s fingerprint moved, says what changed, and opens a false positive of the record before', () => {
    const [was, now] = ['0123456789abcdef', 'fedcba9876543210'];
    const moved = reviewHit(previous({}, was), 'k', hit({ fingerprint: now, details: 'new words' }));
    // The sheet's false positive was of the record before the edit: the hit is open, its reason and comment kept.
    expect(moved).toMatchObject({
      change: 'changed',
      decision: null,
      reason: 'namesake',
      comment: 'бачив паспорт',
      decidedBy: '',
      decidedAt: '',
      changes: [{ field: 'record' }],
      clearedBefore: { decidedBy: 'me', decidedAt: '2026-10-01' },
    });
    expect(reviewCells(moved, 'en')[0]).toBe(
      'Changed: the record’s other fields (status, lists, documents, codes or details); the false positive decided before (me, 2026-10-01) was of the record before this change: decide again',
    );
    expect(reviewCells(moved, 'uk')[0]).toBe(
      'Змінено: інші поля запису (статус, списки, документи, коди чи подробиці); попереднє рішення «хибний збіг» (me, 2026-10-01) стосувалося запису до цієї зміни: вирішіть знову',
    );
    expect(reviewCells(moved, 'en').slice(1, 6)).toEqual([null, 'namesake', 'бачив паспорт', null, null]);
    // The same record, or a side whose fingerprint is unknown or mangled by a round trip: no change.
    expect(reviewHit(previous({}, was), 'k', hit({ fingerprint: was })).change).toBe('same');
    expect(reviewHit(previous({}, null), 'k', hit({ fingerprint: now })).change).toBe('same');
    expect(reviewHit(previous({}, '1.23457E+15'), 'k', hit({ fingerprint: now })).change).toBe('same');
    expect(reviewHit(previous({}, was), 'k', hit()).change).toBe('same');
    // A new birth date moves the fingerprint too: the cell names the date, not "other fields".
    const born = reviewHit(previous({}, was), 'k', hit({ birth: '1967-04-13', fingerprint: now, percent: 90 }));
    expect(reviewCells(born, 'en')[0]).toBe(
      'Changed: percent 100 → 90; birth date 1967-04-12 → 1967-04-13; the false positive decided before (me, 2026-10-01) was of the record before this change: decide again',
    );
    // A new percent or level is how well the record matches, not the record: the false positive stands.
    expect(reviewHit(previous({}, was), 'k', hit({ fingerprint: was, percent: 90 }))).toMatchObject({
      decision: 'falsePositive',
      decidedBy: 'me',
    });
    expect(reviewCells(reviewHit(previous(), 'k', hit({ level: 'low' })), 'uk')[0]).toBe(
      'Змінено: рівень Високий → Низький',
    );
    expect(reviewCells(reviewHit(previous(), 'k', hit()), 'en')[0]).toBe('Same');
  });

  it('through a relay, its decision on the unchanged record wins over the sheet, and the row says so', () => {
    const relayDecided = [
      {
        record: 'peps:10001',
        decision: 'true-match' as const,
        reason: 'confirmed-by-code',
        comment: 'РНОКПП звірено',
        analyst: 'olena',
        at: '2026-11-20T09:15:00.000Z',
      },
    ];
    const review = reviewHit(previous(), 'k', hit(), relayDecided);
    expect(review).toMatchObject({ change: 'same', decision: 'trueMatch', byRelay: { sheetSaid: 'falsePositive' } });
    expect(reviewCells(review, 'en').slice(1, 6)).toEqual([
      'True match',
      'confirmed by code',
      'РНОКПП звірено',
      'olena (relay; the sheet said "False positive")',
      '2026-11-20 09:15 UTC',
    ]);
    // A first run has no sheet to disagree with; another record is not this decision's.
    expect(reviewCells(reviewHit(null, 'k', hit(), relayDecided), 'uk')[4]).toBe('olena (релей)');
    expect(reviewHit(previous(), 'k', hit({ id: '10002' }), relayDecided).byRelay).toBeUndefined();
  });

  it('a relay decision the record has moved on from is named in the Change cell and decides nothing', () => {
    const earlier = {
      record: 'peps:10001',
      decision: 'false-positive' as const,
      reason: 'other-person',
      comment: '',
      analyst: 'olena',
      at: '2026-09-20T09:15:00.000Z',
      earlier: true as const,
    };
    const first = reviewHit(null, 'k', hit(), [earlier]);
    expect(first).toMatchObject({
      change: null,
      decision: null,
      earlier: { analyst: 'olena', decision: 'falsePositive' },
    });
    expect(first.byRelay).toBeUndefined();
    expect(reviewCells(first, 'en').slice(0, 6)).toEqual([
      'Decided on the relay by olena (False positive) before the record changed: decide again',
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(reviewCells(first, 'uk')[0]).toBe(
      'Рішення olena на релеї (Хибний збіг) ухвалено до того, як запис змінився: вирішіть знову',
    );
    // A re-screen: the sheet's own decision carries, the mark comes first.
    const again = reviewHit(previous(), 'k', hit({ percent: 90 }), [earlier]);
    expect(again).toMatchObject({ change: 'changed', decision: 'falsePositive', decidedBy: 'me' });
    expect(reviewCells(again, 'en')[0]).toBe(
      'Changed: percent 100 → 90; decided on the relay by olena (False positive) before the record changed',
    );
    // Another record's note is not this hit's; a decision in force on the record wins.
    expect(reviewHit(null, 'k', hit({ id: '10002' }), [earlier]).earlier).toBeUndefined();
    const inForce = { ...earlier, earlier: undefined, decision: 'true-match' as const, analyst: 'anna' };
    expect(reviewHit(null, 'k', hit(), [earlier, inForce])).toMatchObject({ decision: 'trueMatch', decidedBy: 'anna' });
  });

  it('a relay decision awaiting approval is shown as such, and leaves its hit open', () => {
    const pending = [
      {
        record: 'peps:10001',
        decision: 'false-positive' as const,
        reason: 'different-birth-date',
        comment: '',
        analyst: 'olena',
        at: '2026-11-20T09:15:00.000Z',
        pending: true as const,
      },
    ];
    const review = reviewHit(null, 'k', hit(), pending);
    expect(review).toMatchObject({ decision: 'falsePositive', byRelay: { sheetSaid: null, pending: true } });
    expect(reviewCells(review, 'uk')[4]).toBe('olena (релей; чекає на погодження)');
    expect(reviewCells(reviewHit(previous(), 'k', hit(), [{ ...pending[0]!, decision: 'true-match' }]), 'en')[4]).toBe(
      'olena (relay; awaiting approval; the sheet said "False positive")',
    );
  });

  it('an approver’s return for review is said as such: the hit is open, and why it came back is its comment', () => {
    const returned = [
      {
        record: 'peps:10001',
        decision: 'needs-review' as const,
        reason: '',
        comment: 'попросіть паспорт',
        analyst: 'anna',
        at: '2026-11-21T10:00:00.000Z',
        returned: true as const,
      },
    ];
    const review = reviewHit(previous(), 'k', hit(), returned);
    expect(reviewCells(review, 'uk').slice(1, 5)).toEqual([
      'Потребує перевірки',
      null,
      'попросіть паспорт',
      'anna (релей; повернуто на перевірку; на аркуші було «Хибний збіг»)',
    ]);
    expect(reviewCells(reviewHit(null, 'k', hit(), returned), 'en')[4]).toBe('anna (relay; returned for review)');
  });

  it('a four-eyes decision names its approver beside the analyst, for the inspector reading the sheet', () => {
    const approved = [
      {
        record: 'peps:10001',
        decision: 'true-match' as const,
        reason: 'name-and-birth-date-agree',
        comment: '',
        analyst: 'olena',
        at: '2026-11-20T09:15:00.000Z',
        approvedBy: 'petro',
      },
    ];
    expect(reviewCells(reviewHit(null, 'k', hit(), approved), 'uk')[4]).toBe('olena (релей; погоджено: petro)');
    expect(reviewCells(reviewHit(previous(), 'k', hit(), approved), 'en')[4]).toBe(
      'olena (relay; approved by petro; the sheet said "False positive")',
    );
  });

  it('open level: false positives left out, a confirmed true match counts as high', () => {
    expect(
      openLevel([
        { level: 'high', decision: 'falsePositive' },
        { level: 'low', decision: null },
      ]),
    ).toBe('low');
    expect(openLevel([{ level: 'high', decision: 'falsePositive' }])).toBeNull();
    expect(openLevel([{ level: 'low', decision: 'trueMatch' }])).toBe('high');
    expect(openLevel([{ level: 'high', decision: 'needsReview' }])).toBe('high');
  });

  it('a false positive counts as decided unless the registry edited its record since; one awaiting approval never', () => {
    const was = '0123456789abcdef';
    const fp = previous({}, was);
    expect(decisionInForce(reviewHit(fp, 'k', hit({ fingerprint: was, percent: 90, level: 'low' })))).toBe(
      'falsePositive',
    );
    expect(decisionInForce(reviewHit(fp, 'k', hit({ fingerprint: 'fedcba9876543210' })))).toBeNull();
    expect(decisionInForce(reviewHit(fp, 'k', hit({ birth: '1967-04-13' })))).toBeNull();
    expect(decisionInForce(reviewHit(fp, 'k', hit({ name: 'Кривоклен Северин' })))).toBeNull();
    const pending = { record: 'peps:10001', decision: 'true-match' as const, reason: '', comment: '' };
    const waiting = reviewHit(fp, 'k', hit(), [
      { ...pending, analyst: 'o', at: '2026-11-20T09:15:00Z', pending: true },
    ]);
    expect(decisionInForce(waiting)).toBeNull();
    // A colleague's decision on the relay is on the record as it is now, whatever the sheet saw before.
    const relayed = [{ ...pending, decision: 'false-positive' as const, analyst: 'o', at: '2026-11-20T09:15:00Z' }];
    const redecided = reviewHit(fp, 'k', hit({ fingerprint: 'fedcba9876543210' }), relayed);
    expect([redecided.change, decisionInForce(redecided)]).toEqual(['changed', 'falsePositive']);
  });
});

/** A sink that keeps the hits sheet as rows: enough to feed the next run. */
function memorySink(): BulkSink & {
  rows: TableCell[][];
  hits: TableCell[][];
  begun: SinkBegin | null;
  ended: SinkEnd | null;
} {
  const sink = {
    ended: null as SinkEnd | null,
    rows: [] as TableCell[][],
    hits: [] as TableCell[][],
    begun: null as SinkBegin | null,
    begin: async (b: SinkBegin) => {
      sink.begun = b;
      return { output: {} };
    },
    write: async (c: ResultChunk) => {
      c.rows.forEach((r, i) => (sink.rows[c.start + i] = r));
      c.hits.forEach((h, i) => (sink.hits[c.hitsStart + i] = h));
    },
    end: async (e: SinkEnd) => {
      sink.ended = e;
    },
  };
  return sink;
}

/** `fresh`: each ask's option, in order, when given. */
function ask(dataRevision: number, fresh?: boolean[]): AskFn {
  const client = new CheckListsClient({
    addresses: ['https://sandbox.checklists.invalid'],
    credentials: DEMO_CREDENTIALS,
    transport: sandboxTransport(createSandboxEngine({ dataRevision })),
  });
  return (q, o) => {
    fresh?.push(o.fresh === true);
    return client.search(q, o);
  };
}

async function screen(
  list: (string | number | null)[][],
  revision: number,
  previous: PreviousRun | null,
  fresh?: boolean[],
) {
  const [headers, ...rows] = list;
  const sink = memorySink();
  const report = await (
    await startRun(
      {
        input: { headers, rows, source: 'clients', firstSourceRow: 2 },
        mapping: recogniseColumns(headers),
        options: { listdata: ALL_LISTS, search: 1, lowranklimit: 0 },
        lang: 'en',
        mode: 'sandbox',
        modeLabel: { uk: 's', en: 's' },
        previous,
      },
      { ask: ask(revision, fresh), sink },
      { concurrency: 4 },
    )
  ).done;
  const { hits, problems } = readPreviousHits({
    sheet: 'hits',
    headerRow: 1,
    firstColumn: 0,
    header: sink.begun!.hitsColumns.map((c) => c.header),
    rows: sink.hits,
  });
  expect(problems).toEqual([]);
  return { report, next: { source: `rev ${revision}`, hits } as PreviousRun };
}

describe('sandbox data revisions', () => {
  it('a re-screen asks past every answer cache, whichever surface runs it; a first run may take a kept answer', async () => {
    const list = exampleList('iso');
    const first: boolean[] = [];
    const r0 = await screen(list, 0, null, first);
    const again: boolean[] = [];
    await screen(list, 0, r0.next, again);
    expect(first.length).toBeGreaterThan(10);
    expect(first.every((f) => !f)).toBe(true);
    expect(again).toEqual(first.map(() => true));
  });

  it('re-screens of examples/clients.xlsx count exactly what docs/sandbox.md documents, edited list or not', async () => {
    const list = exampleList('iso');
    const r0 = await screen(list, 0, null);
    const r1 = await screen(editedList(list, 'iso'), 1, r0.next);
    expect(r1.report.rescreen).toMatchObject(documentedCounts(0, 1));
    const r2 = await screen(list, 2, r1.next);
    expect(r2.report.rescreen).toMatchObject(documentedCounts(1, 2));
    const direct = await screen(list, 2, r0.next);
    expect(direct.report.rescreen).toMatchObject(documentedCounts(0, 2));
    const same = await screen(list, 0, r0.next);
    expect(same.report.rescreen).toMatchObject({ newHits: 0, changedHits: 0, goneHits: 0, rowsToReview: 0 });
    // Nothing new, yet none of last month's hits has a decision: the summary says so.
    expect(r0.next.hits.size).toBeGreaterThan(10);
    expect(same.report.rescreen?.undecidedHits).toBe(r0.next.hits.size);
  });

  it('a record the registry edited keeps its percent, is marked Changed, and its cleared namesake is open again', async () => {
    const list = exampleList('iso');
    const r1 = await screen(list, 1, null);
    // The manager's only hit, the company he manages, was cleared as another person last month.
    const cleared = [...r1.next.hits.values()].find(
      (h) => h.identity.includes('|edr:41703173|') && h.cells.input === KNOWN.manager.name,
    )!;
    // And confirmed the second wanted notice, which the registry ends in revision 2.
    const notice = [...r1.next.hits.values()].find((h) => h.identity.includes('|wanted:900002|'))!;
    const previous: PreviousRun = {
      ...r1.next,
      hits: new Map([
        ...r1.next.hits,
        [cleared.identity, { ...cleared, decision: 'falsePositive' }],
        [notice.identity, { ...notice, decision: 'trueMatch' }],
      ]),
    };
    const sink = memorySink();
    const [headers, ...rows] = list;
    const report = await (
      await startRun(
        {
          input: { headers, rows, source: 'clients', firstSourceRow: 2 },
          mapping: recogniseColumns(headers),
          options: { listdata: ALL_LISTS, search: 1, lowranklimit: 0 },
          lang: 'en',
          mode: 'sandbox',
          modeLabel: { uk: 's', en: 's' },
          previous,
        },
        { ask: ask(2), sink },
        { concurrency: 4 },
      )
    ).done;
    const at = hitsIndex(
      sink.begun!.hitsColumns.map((c) => c.header),
      'en',
    );
    const edited = sink.hits.filter((r) => String(r[at.hitId]).includes('|edr:41703173|'));
    // The founder is on two rows of the list: three subjects, four rows.
    expect([...new Set(edited.map((r) => r[at.input]))].sort()).toEqual(
      [KNOWN.company.shortName, KNOWN.manager.name, KNOWN.pepSanctioned.name].sort(),
    );
    const otherFields = 'Changed: the record’s other fields (status, lists, documents, codes or details)';
    for (const row of edited.filter((r) => r[at.hitId] !== cleared.identity)) {
      expect(row[at.change]).toBe(otherFields);
      expect(r1.next.hits.get(String(row[at.hitId]))?.percent).toBe(row[at.percent]);
    }
    // The clearance was of the record before the edit: the hit is open again, and the row's level with it.
    const reopened = edited.find((r) => r[at.hitId] === cleared.identity)!;
    expect([reopened[at.change], reopened[at.decision]]).toEqual([
      `${otherFields}; the false positive decided before was of the record before this change: decide again`,
      null,
    ]);
    const rat = resultsIndex(
      sink.begun!.columns.map((c) => c.header),
      'en',
    );
    const managerRow = sink.rows.find((r) => r.includes(KNOWN.manager.name))!;
    expect([managerRow[rat.level], managerRow[rat.openLevel]]).toEqual(['Low', 'Low']);
    expect(report.rescreen).toMatchObject({ changedHits: 4, goneHits: 1, reopenedClearances: 1, goneTrueMatches: 1 });
    expect(rescreenLines(report, 'en').slice(1)).toEqual([
      'Cleared as false positives, but the registry has edited the record since: 1 hit to look at again (the Level of undecided hits column counts it as open).',
      'No longer found, though confirmed as true matches: 1 hit (on the Gone sheet): the client’s risk may need a new look.',
    ]);
    expect(rescreenLines(report, 'uk')[1]).toBe(
      'Знято як хибні збіги, але реєстр відтоді змінив запис: 1 збіг переглянути знову (стовпець «Рівень невирішених збігів» рахує його відкритим).',
    );
    // A scheduler is told to look: a confirmed match gone alone is reason enough.
    expect(rescreenExit(report, EXIT.ok)).toBe(EXIT.reviewNeeded);
    const quiet = { newHits: 0, changedHits: 0, goneTrueMatches: 0 };
    expect(rescreenExit({ ...report, rescreen: { ...report.rescreen!, ...quiet } }, EXIT.ok)).toBe(EXIT.ok);
    const goneOnly = { ...report, rescreen: { ...report.rescreen!, ...quiet, goneTrueMatches: 1 } };
    expect(rescreenExit(goneOnly, EXIT.ok)).toBe(EXIT.reviewNeeded);
    const state = runHeaderRows(sink.ended!.header, 'uk').find((r) => r[0] === 'Стан перевірки')?.[1];
    expect(String(state)).toMatch(/\); знятих збігів переглянути знову 1; підтверджених збігів зникло 1$/);
  });

  it("--save-decisions records an earlier results file's decisions: it needs --previous", () => {
    expect(parseCommandLine(['screen', 'c.csv', '--previous', 'r.xlsx', '--save-decisions'])).toMatchObject({
      args: { previous: 'r.xlsx', saveDecisions: true },
    });
    expect(parseCommandLine(['screen', 'c.csv'])).toMatchObject({ args: { saveDecisions: false } });
    expect(() => parseCommandLine(['screen', 'c.csv', '--save-decisions'])).toThrow(
      '--save-decisions records the decisions of an earlier results file: give it with --previous FILE.',
    );
  });

  it('--data-revision is a whole number within the known revisions', () => {
    expect(parseCommandLine(['sandbox', '--data-revision', '1'])).toMatchObject({ args: { dataRevision: 1 } });
    expect(() => parseCommandLine(['sandbox', '--data-revision', String(MAX_DATA_REVISION + 1)])).toThrow(UsageError);
    expect(() => createSandboxEngine({ dataRevision: -1 })).toThrow(RangeError);
  });
});

describe('the previous run and this one, fictional or live', () => {
  it('tells a sandbox line of either language and kind from the live service, and only a change of kind is a shift', () => {
    expect(serviceKindOfLabel('SANDBOX — fictional data')).toBe('fictional');
    expect(serviceKindOfLabel(' СЕРВЕР-ПІСОЧНИЦЯ — вигадані дані ')).toBe('fictional');
    expect(serviceKindOfLabel('Live CheckLists service')).toBe('live');
    expect(serviceKindOfLabel('Робочий сервіс CheckLists')).toBe('live');
    expect(serviceKindOfLabel('edited by hand')).toBeNull();
    expect(serviceShiftOf('ПІСОЧНИЦЯ — вигадані дані', false)).toBe('fictional-to-live');
    expect(serviceShiftOf('Live CheckLists service', true)).toBe('live-to-fictional');
    expect(serviceShiftOf('SANDBOX SERVER — fictional data', true)).toBeNull();
    expect(serviceShiftOf('Робочий сервіс CheckLists', false)).toBeNull();
    // Results whose header says nothing of their service, or something else: no claim either way.
    expect(serviceShiftOf(undefined, true)).toBeNull();
    expect(serviceShiftOf('edited by hand', false)).toBeNull();
  });
});
