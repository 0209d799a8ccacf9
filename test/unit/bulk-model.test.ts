import { formatDuration, progressLines } from '../../src/bulk/progress-text';
import { failedOutcome, screenedOutcome, type ScreenedOutcome } from '../../src/bulk/outcome';
import {
  hitRows,
  resultColumns,
  resultRow,
  statusText,
  type RowResult,
  type TableContext,
} from '../../src/bulk/result-table';
import { leftHiddenRowsOut, runHeaderRows } from '../../src/bulk/run-header';
import { bulkMessages } from '../../src/bulk/messages';
import { inputWarnings } from '../../src/cli/input/input-warnings';
import type { CellValue } from '../../src/bulk/columns';
import {
  fingerprintRows,
  keyValueRunStateStore,
  parseOutcome,
  type RunMeta,
  type RunProgressState,
} from '../../src/bulk/state';
import { highlightFormula } from '../../src/excel/bulk/table-rules';
import { highlightRules } from '../../src/bulk/highlights';
import { AccountError, ServiceUnreachableError } from '../../src/core/protocol/errors';
import { LANGS, type Lang } from '../../src/core/text/i18n';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { memoryStorage } from '../../src/core/settings/storage';

const ctx = (lang: Lang): TableContext => ({
  lang,
  headers: ['ПІБ', 'Дата народження', 'Стан', null],
  mapping: { name: 0, date: 1 },
  registries: ['peps', 'psanctions'],
  firstSourceRow: 5,
});

function answer(result: Record<string, unknown>) {
  return {
    envelope: parseEnvelope({ idrequest: 'R-1', dateResponse: '2026-11-22 10:00:00', listdata: '513', result }),
  };
}

const screened = (result: Record<string, unknown>): ScreenedOutcome =>
  screenedOutcome('k', answer(result), ['peps', 'psanctions']);

describe('result table model', () => {
  it('lays out row number, input columns, level, best %, one count per registry, errors, status, idrequest, time', () => {
    const cols = resultColumns(ctx('en'));
    expect(cols.map((c) => c.header)).toEqual([
      'Row',
      'ПІБ',
      'Дата народження',
      'Стан',
      'D',
      'Overall level',
      'Best %',
      'PEP',
      'Sanctions',
      'Registry errors',
      'Status',
      'Level of undecided hits',
      'Muted by relay',
      'Request id',
      'Response time',
      'Relay audit no.',
    ]);
    expect(cols.map((c) => c.id)).toEqual([
      'row',
      'in:0',
      'in:1',
      'in:2',
      'in:3',
      'level',
      'bestPercent',
      'reg:peps',
      'reg:psanctions',
      'registryErrors',
      'status',
      'openLevel',
      'muted',
      'idrequest',
      'dateResponse',
      'relayAudit',
    ]);
    expect(cols.find((c) => c.id === 'in:1')?.kind).toBe('date');
    // Excel tables need distinct headers: the input's "Стан" and ours must not collide.
    const uk = resultColumns(ctx('uk')).map((c) => c.header);
    expect(uk).toContain('Стан');
    expect(uk).toContain('Стан (2)');
    expect(new Set(uk.map((h) => h.toLowerCase())).size).toBe(uk.length);
  });

  it('renders each kind of row', () => {
    const input = ['=Іваненко', 29000, true, null];
    const hit = screened({
      peps: [{ idpep: 7, name: 'Іваненко', percent: 100, level: 'Високий', dateb: '1979-05-26' }],
      psanctions: [{ pid: 'S1', p_fullname: '@Іваненко', p_percent: 80, p_level: 'Низький' }],
    });
    const row = (r: RowResult) => resultRow(ctx('en'), 0, input, r);
    expect(row({ kind: 'outcome', outcome: hit })).toEqual([
      5,
      '=Іваненко',
      29000,
      'TRUE',
      null,
      'High',
      100,
      1,
      1,
      null,
      'ok: 2 hits',
      'High',
      null,
      'R-1',
      '2026-11-22 10:00:00',
      null,
    ]);
    // Screened with no hits says so; only a row nothing was asked for stays blank.
    expect(row({ kind: 'outcome', outcome: screened({ peps: [], psanctions: [] }) }).slice(5)).toEqual([
      'No hits',
      null,
      0,
      0,
      null,
      'no hits',
      null,
      null,
      'R-1',
      '2026-11-22 10:00:00',
      null,
    ]);
    expect(
      resultRow(ctx('uk'), 0, input, { kind: 'outcome', outcome: screened({ peps: [], psanctions: [] }) })[5],
    ).toBe('Збігів немає');
    const incomplete = row({ kind: 'outcome', outcome: screened({ peps: '9000.Немає зв’язку', psanctions: [] }) });
    expect(incomplete[5]).toBe('Incomplete: a registry failed');
    expect(incomplete.slice(7, 11)).toEqual([
      null,
      0,
      'PEP: No connection to this registry.',
      'incomplete: PEP: No connection to this registry.',
    ]);
    const failed = row({ kind: 'outcome', outcome: failedOutcome('k', new AccountError(11, 403, 'x')) });
    expect(failed[10]).toBe('failed: The request quota is used up: further requests will fail until it is raised.');
    expect(failed.slice(5, 10)).toEqual([null, null, null, null, null]);
    const invalid = row({
      kind: 'invalid',
      errors: [
        { field: 'date', code: 'field.date.impossible', message: { uk: 'Такої дати не існує.', en: 'No such date.' } },
      ],
    });
    expect(invalid[10]).toBe('invalid input: Дата народження: No such date.');
    expect(row({ kind: 'pending' })[10]).toBe('not screened yet');
  });

  it('gives a row answered through the relay its audit no., the key to its certificate, and keeps it across a resume', () => {
    const through = {
      envelope: parseEnvelope({
        idrequest: 'R-2',
        dateResponse: '2026-11-22 10:00:00',
        listdata: '513',
        relay_audit_id: 4127,
        result: { peps: [], psanctions: [] },
      }),
    };
    const outcome = screenedOutcome('k', through, ['peps', 'psanctions']);
    const columns = resultColumns(ctx('uk'));
    const at = columns.findIndex((c) => c.id === 'relayAudit');
    expect(columns[at]).toEqual({ id: 'relayAudit', header: '№ у журналі релея', kind: 'integer' });
    expect(resultRow(ctx('uk'), 0, ['Іваненко'], { kind: 'outcome', outcome })[at]).toBe(4127);
    // A resumed run reads its outcomes back from the workbook's state.
    expect(parseOutcome(JSON.parse(JSON.stringify(outcome)))).toMatchObject({ relayAuditId: 4127 });
    // Directly connected (or an id no relay gives): blank.
    const direct = screened({ peps: [], psanctions: [] });
    expect(direct.relayAuditId).toBeUndefined();
    expect(resultRow(ctx('uk'), 0, ['Іваненко'], { kind: 'outcome', outcome: direct })[at]).toBeNull();
    const odd = screenedOutcome('k', { envelope: parseEnvelope({ relay_audit_id: '7', result: {} }) }, []);
    expect(odd.relayAuditId).toBeUndefined();
  });

  it('names the columns a refused document or name was joined from', () => {
    const split: TableContext = {
      ...ctx('en'),
      headers: ['Прізвище', 'Ім’я', 'Серія паспорта', 'Номер паспорта'],
      mapping: { surname: 0, givenName: 1, docSeries: 2, docNumber: 3 },
    };
    const refused = (field: string) =>
      resultRow(split, 0, ['Іваненко', 'Іван', 'КМ', null], {
        kind: 'invalid',
        errors: [{ field, code: 'x', message: { uk: 'Помилка.', en: 'Wrong.' } }],
      })[10];
    expect(refused('doc')).toBe('invalid input: Серія паспорта + Номер паспорта: Wrong.');
    expect(refused('name')).toBe('invalid input: Прізвище + Ім’я: Wrong.');
  });

  it('says which name words mixed Latin and Cyrillic letters, after what the row found (en, uk)', () => {
    // "Cеверин" with a Latin C, "Богданoвич" with a Latin o: screened as Cyrillic, and to correct at the source.
    const mixed = ['Кривоклен Cеверин Богданoвич', 24574, null, null];
    const hit = screened({ psanctions: [{ pid: 'S1', p_fullname: 'Кривоклен', p_percent: 100, p_level: 'Високий' }] });
    const status = (lang: Lang, input: readonly CellValue[], outcome = hit) =>
      resultRow(ctx(lang), 0, input, { kind: 'outcome', outcome })[10];
    expect(status('en', mixed)).toBe(
      'ok: 1 hit; Latin and Cyrillic letters mixed in “Cеверин”, “Богданoвич”: each word screened in its own alphabet, correct the source record',
    );
    expect(status('uk', mixed)).toBe(
      'перевірено: збігів — 1; латинські й кириличні літери впереміш у «Cеверин», «Богданoвич»: кожне слово перевірено його абеткою, виправте запис у джерелі',
    );
    // The failure highlight reads the status's start: a note at its end leaves it as it was.
    expect(status('en', mixed, screened({ peps: '9000.x', psanctions: [] }))).toMatch(/^incomplete: /);
    expect(status('en', ['Кривоклен Северин Богданович', 24574, null, null])).toBe('ok: 1 hit');
    // A name in its Latin column too.
    const latin: TableContext = { ...ctx('en'), mapping: { namelat: 0 } };
    const latinRow = resultRow(latin, 0, ['Ivanenkо'], { kind: 'outcome', outcome: hit });
    expect(latinRow[resultColumns(latin).findIndex((c) => c.id === 'status')]).toMatch(/mixed in “Ivanenkо”:/);
  });

  it('says a row named with initials can have missed its person, after what it found (en, uk)', () => {
    const status = (lang: Lang) =>
      resultRow(ctx(lang), 0, ['Кривоклен С.Б.', 24574, null, null], {
        kind: 'outcome',
        outcome: screened({ peps: [], psanctions: [] }),
      })[10];
    expect(status('en')).toBe('no hits; initials in the name (“С.Б.”): a person can be missed, screen the full name');
    expect(status('uk')).toMatch(/; ініціали в імені \(«С\.Б\.»\): особу можна пропустити, перевірте повне ім’я$/);
  });

  it('says a row asked by a code that fails its check digit proves nothing by "no hits" (en, uk)', () => {
    const coded: TableContext = { ...ctx('en'), headers: ['ПІБ', 'ІПН'], mapping: { name: 0, ipn: 1 } };
    const status = (lang: Lang, code: string | number) =>
      resultRow({ ...coded, lang }, 0, ['Петренко Петро Петрович', code], {
        kind: 'outcome',
        outcome: screened({ peps: [], psanctions: [] }),
      })[resultColumns(coded).findIndex((c) => c.id === 'status')];
    expect(status('en', '2234567890')).toBe(
      'no hits; the code 2234567890 fails its check digit: mistyped? A wrong code finds no one, or someone else',
    );
    expect(status('uk', '2234567890')).toMatch(
      /^збігів немає; код 2234567890 не проходить перевірку контрольної цифри/,
    );
    // A valid code, one a number cell lost its zeros from, and a passport in the code column: nothing to say.
    expect(status('en', '2234567898')).toBe('no hits');
    expect(status('en', 32129)).toBe('no hits');
    expect(status('en', 'КМ 417305')).toBe('no hits');
  });

  it.each<Lang>(['en', 'uk'])(
    'highlights exactly the failed, invalid and incomplete rows and the high ones (%s)',
    (lang) => {
      const c = ctx(lang);
      const rules = highlightRules(lang, resultColumns(c));
      const rule = (style: string) => rules.find((r) => r.style === style)!;
      const [high, low, failure] = [rule('high'), rule('low'), rule('failure')];
      const cases: [RowResult, boolean][] = [
        [{ kind: 'outcome', outcome: failedOutcome('k', new ServiceUnreachableError([])) }, true],
        [{ kind: 'invalid', errors: [] }, true],
        [{ kind: 'outcome', outcome: screened({ peps: '9000.x', psanctions: [] }) }, true],
        [{ kind: 'outcome', outcome: screened({ peps: [], psanctions: [] }) }, false],
        [
          { kind: 'outcome', outcome: screened({ peps: [{ idpep: 1, name: 'x', percent: 50, level: 'Низький' }] }) },
          false,
        ],
        [{ kind: 'pending' }, false],
      ];
      for (const [result, flagged] of cases) {
        const text = statusText(result, c);
        expect(failure.startsWith!.some((p) => text.startsWith(p))).toBe(flagged);
      }
      const highRow = resultRow(c, 0, [], {
        kind: 'outcome',
        outcome: screened({ peps: [{ idpep: 1, name: 'x', percent: 100, level: 'Високий' }] }),
      });
      const levelIndex = resultColumns(c).findIndex((col) => col.id === 'level');
      expect(high.equals).toContain(highRow[levelIndex]);
      const formula = highlightFormula(failure, resultColumns(c), 15);
      expect(formula).toMatch(/^=OR\(LEFT\(\$K15,\d+\)=".*",LEFT\(\$K15,\d+\)=".*",LEFT\(\$K15,\d+\)=".*"\)$/);
      // Low rows and every registry that found something are coloured too, not only High.
      const lowRow = resultRow(c, 0, [], {
        kind: 'outcome',
        outcome: screened({ peps: [{ idpep: 1, name: 'x', percent: 50, level: 'Низький' }] }),
      });
      expect(low.equals).toContain(lowRow[levelIndex]);
      expect(low.equals).not.toContain(highRow[levelIndex]);
      const registryColumns = resultColumns(c).filter((col) => col.id.startsWith('reg:'));
      const counted = rules.filter((r) => r.style === 'counted');
      expect(counted.map((r) => r.columnId)).toEqual(registryColumns.map((col) => col.id));
      const pepColumn = resultColumns(c).findIndex((col) => col.id === 'reg:peps');
      expect(lowRow[pepColumn]).toBe(1);
      expect(highlightFormula(counted[0], resultColumns(c), 15)).toMatch(
        /^=AND\(ISNUMBER\(\$[A-Z]+15\),\$[A-Z]+15>0\)$/,
      );
    },
  );

  it('lists hit lines with the source row and a note when a subject had more hits than listed', () => {
    const items = Array.from({ length: 205 }, (_, i) => ({
      idpep: i,
      name: `P${i}`,
      percent: 60,
      level: 'Низький',
      job: '=cmd',
    }));
    const o = screened({ peps: items, psanctions: [] });
    expect(o.hits).toHaveLength(200);
    expect(o.hitsOmitted).toBe(5);
    const lines = hitRows(ctx('en'), 3, ['Іваненко', null], { kind: 'outcome', outcome: o });
    expect(lines).toHaveLength(201);
    // A first run: no change mark, no decision yet, and the hit's identity for the next run.
    expect(lines[0]).toEqual([
      8,
      'Іваненко',
      'PEP',
      '0',
      'P0',
      60,
      'Low',
      null,
      '=cmd',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      expect.stringMatching(/^h1\|peps:0\|[0-9a-f]{16}$/),
      expect.stringMatching(/^[0-9a-f]{16}$/),
    ]);
    expect(lines[200][8]).toBe('5 more hits not listed; see the hit counts in the results table.');
    expect(hitRows(ctx('en'), 0, [], { kind: 'invalid', errors: [] })).toEqual([]);
  });

  it('writes a run header naming when, who, what and where', () => {
    const rows = runHeaderRows(
      {
        runId: 'r1',
        startedAt: new Date(2026, 10, 22, 9, 5, 7),
        updatedAt: new Date(2026, 10, 22, 9, 6, 0),
        idUserPC: 'PC-7',
        registries: 'all',
        listdata: '-1',
        search: 2,
        modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
        source: 'Clients!A1:D10',
        rows: 9,
        state: 'running',
      },
      'en',
    );
    expect(Object.fromEntries(rows.map(([k, v]) => [k, v]))).toMatchObject({
      Started: '2026-11-22 09:05:07',
      IDuserPC: 'PC-7',
      Registries: 'every list the account allows (-1)',
      listdata: '-1',
      'Search method': 'tolerant of spelling errors (2)',
      Service: 'SANDBOX',
      Input: 'Clients!A1:D10',
      Rows: 9,
    });
  });

  it.each(LANGS)(
    'reads back, in %s, whether a run left its hidden rows out, as the pane or the command line wrote it',
    (lang) => {
      const header = (note: string) =>
        runHeaderRows(
          {
            runId: 'r1',
            startedAt: new Date(2026, 10, 22, 9, 5, 7),
            updatedAt: new Date(2026, 10, 22, 9, 6, 0),
            idUserPC: '',
            registries: 'all',
            listdata: '-1',
            search: 1,
            modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
            source: 'clients.xlsx [Клієнти]',
            rows: 9,
            state: 'running',
            notes: [{ uk: note, en: note }],
          },
          lang,
        );
      const pane = bulkMessages.t(lang, 'input.rowsHiddenLeftOut', { hidden: 3 });
      const commandLine = inputWarnings.t(lang, 'input.rowsHiddenLeftOut', { path: 'clients.xlsx', count: 3 });
      expect(leftHiddenRowsOut(header(pane))).toBe(true);
      expect(leftHiddenRowsOut(header(commandLine))).toBe(true);
      // Hidden rows screened too, said by either surface: the choice was to screen them.
      expect(leftHiddenRowsOut(header(bulkMessages.t(lang, 'input.rowsHidden')))).toBe(false);
      expect(
        leftHiddenRowsOut(header(inputWarnings.t(lang, 'input.rowsHidden', { path: 'clients.xlsx', count: 3 }))),
      ).toBe(false);
      // The words alone, not under the header's "Note" label, are no run's choice.
      expect(leftHiddenRowsOut([['', pane]])).toBe(false);
    },
  );
});

describe('run state', () => {
  const meta = (runId: string, createdAt: string): RunMeta => ({
    version: 1,
    runId,
    createdAt,
    lang: 'uk',
    options: { listdata: '513', search: 1, lowranklimit: 0, idUserPC: '' },
    registries: ['peps', 'psanctions'],
    allRegistries: false,
    mapping: { name: 0 },
    headers: ['ПІБ'],
    input: { source: 'A!A1:A3', rowCount: 2, firstSourceRow: 2, fingerprint: 'f' },
    mode: 'sandbox',
    modeLabel: { uk: 'П', en: 'S' },
    output: { resultsSheet: 'CheckLists x' },
  });
  const progress = (written: number): RunProgressState => ({
    written,
    hitsWritten: 0,
    counters: { rowsWithHits: 0, highRows: 0, failedRows: 0, invalidRows: 0 },
    status: 'running',
    updatedAt: '2026-11-22T10:00:00.000Z',
  });

  it('keeps answers across checkpoints and drops what does not read back', async () => {
    const storage = memoryStorage();
    const store = keyValueRunStateStore(storage);
    await store.begin(meta('a', '2026-11-22T09:00:00.000Z'), progress(0));
    await store.begin(meta('b', '2026-11-22T10:00:00.000Z'), progress(0));
    const one = screened({ peps: [{ idpep: 1, name: 'x', percent: 90, level: 'Низький' }] });
    await store.checkpoint('a', progress(1), [one]);
    await store.checkpoint('a', { ...progress(2), status: 'cancelled' }, [failedOutcome('k2', new Error('boom'))]);
    // A damaged batch, as a crash mid-write could leave one.
    await storage.setItem('checklists.bulk.v1.a.o.7', '[{"kind":"screened"');

    const fresh = keyValueRunStateStore(storage);
    expect((await fresh.list()).map((l) => [l.runId, l.status, l.written])).toEqual([
      ['b', 'running', 0],
      ['a', 'cancelled', 2],
    ]);
    const state = await fresh.load('a');
    expect(state?.outcomes).toEqual([
      one,
      { kind: 'failed', key: 'k2', errorKind: 'unknown', error: { uk: 'boom', en: 'boom' } },
    ]);
    await fresh.checkpoint('a', progress(2), [one]);
    expect((await fresh.load('a'))?.outcomes).toHaveLength(3);
    await fresh.remove('a');
    expect((await storage.keys()).filter((k) => k.includes('.a.'))).toEqual([]);
    expect(parseOutcome({ kind: 'screened', key: 'x' })).toBeNull();
  });

  it('fingerprints cell values and types, so a resume notices edited rows', () => {
    const base = fingerprintRows(['a', 'b'], [['x', 1]]);
    expect(fingerprintRows(['a', 'b'], [['x', 1]])).toBe(base);
    expect(fingerprintRows(['a', 'b'], [['x', '1']])).not.toBe(base);
    expect(fingerprintRows(['a', 'b'], [['y', 1]])).not.toBe(base);
    expect(fingerprintRows(['a', 'c'], [['x', 1]])).not.toBe(base);
  });
});

describe('progress text', () => {
  it.each<[number, Lang, string]>([
    [4_000, 'en', '4 s'],
    [185_000, 'en', '3 min 05 s'],
    [4_330_000, 'uk', '1 год 12 хв'],
  ])('formats %d ms in %s', (ms, lang, text) => {
    expect(formatDuration(ms, lang)).toBe(text);
  });

  it('shows rows, hits, failures, invalid rows and time left; empty rows only when there are some', () => {
    const progress = {
      runId: 'r',
      phase: 'screening',
      rowsTotal: 10,
      rowsDone: 4,
      rowsWritten: 2,
      rowsWithHits: 1,
      highRows: 1,
      failedRows: 0,
      invalidRows: 2,
      emptyRows: 0,
      hiddenRows: 0,
      noHitsInDoubt: 0,
      hitsToDecide: { 'true-match': 0, 'needs-review': 0, 'false-positive': 0 },
      subjectsTotal: 6,
      subjectsDone: 2,
      requests: 3,
      answersFromCache: 0,
      answersFromRelayCache: 0,
      etaMs: null,
      elapsedMs: 5,
    } as const;
    expect(progressLines(progress, 'en')).toEqual([
      '4 of 10 rows',
      'Rows with hits: 1',
      'Failed: 0',
      'Invalid rows: 2',
      'Time left: estimating…',
    ]);
    expect(progressLines({ ...progress, emptyRows: 3 }, 'uk')).toContain('Порожніх рядків (перевіряти нічого): 3');
    expect(progressLines({ ...progress, hiddenRows: 7 }, 'en')).toContain('Hidden rows left out (not screened): 7');
    expect(progressLines({ ...progress, hiddenRows: 7 }, 'uk')).toContain('Прихованих рядків не перевірено: 7');
    // Every row done: no time left to tell.
    expect(progressLines({ ...progress, rowsDone: 10, etaMs: 0 }, 'en').at(-1)).toBe('Invalid rows: 2');
  });
});
