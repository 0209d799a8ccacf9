import { parseEnvelope, parsePostAnswer } from '../../src/core/protocol/schema';
import { levelText, registryErrorText, summarize, verdictText } from '../../src/core/answer/summary';

const envelope = (result: Record<string, unknown>) =>
  parseEnvelope({ idrequest: '77', dateResponse: '2026-11-22 10:00:00', listdata: '-1', search: '1', result });

describe('summarize', () => {
  it('counts hits, best percent and best level per registry, and a high verdict', () => {
    const s = summarize(
      envelope({
        peps: [
          { name: 'А', percent: 80, level: 'Низький' },
          { name: 'Б', percent: '100', level: 'Високий' },
        ],
        psanctions: [
          { p_fullname: 'В', p_percent: 90, p_level: 'Низький', sanction: [{ percent: 95, level: 'Низький' }] },
        ],
        lostdocs: [],
      }),
      ['peps', 'psanctions', 'lostdocs'],
    );
    expect(s.registries).toEqual([
      { key: 'peps', status: 'ok', hits: 2, bestPercent: 100, bestLevel: 'high' },
      { key: 'psanctions', status: 'ok', hits: 1, bestPercent: 95, bestLevel: 'low' },
      { key: 'lostdocs', status: 'ok', hits: 0, bestPercent: null, bestLevel: null },
    ]);
    expect(s.totalHits).toBe(3);
    expect(s.bestPercent).toBe(100);
    expect(s.bestLevel).toBe('high');
    expect(s.verdict).toBe('high');
    expect(s.complete).toBe(true);
    expect(s.idrequest).toBe('77');
  });

  it('a registry error keeps the rest and makes a hitless answer incomplete, not clear', () => {
    const s = summarize(envelope({ peps: '9003.Час очікування вичерпано', psanctions: [] }), ['peps', 'psanctions']);
    expect(s.registries[0]).toMatchObject({ key: 'peps', status: 'error', hits: 0, error: { code: 9003 } });
    expect(s.registries[1]).toMatchObject({ key: 'psanctions', status: 'ok', hits: 0 });
    expect(s.verdict).toBe('incomplete');
    expect(s.complete).toBe(false);
    expect(registryErrorText(s.registries[0].error!, 'en')).toMatch(/timed out/);
    expect(registryErrorText(s.registries[0].error!, 'uk')).toMatch(/вчасно/);
  });

  it('low hits without a high one give a low verdict; no hits anywhere give clear', () => {
    expect(summarize(envelope({ edr: [{ name: 'ТОВ', level: 'Низький' }] })).verdict).toBe('low');
    expect(summarize(envelope({ peps: [], edr: [] })).verdict).toBe('clear');
  });

  it('lists registries asked but absent from the answer as absent', () => {
    const s = summarize(envelope({ peps: [] }), ['peps', 'wanted']);
    expect(s.registries[1]).toEqual({ key: 'wanted', status: 'absent', hits: 0, bestPercent: null, bestLevel: null });
  });

  it('a registry asked by explicit lists but missing from the answer makes a hitless answer incomplete', () => {
    const explicit = parseEnvelope({ idrequest: '1', listdata: '8589934592', search: '1', result: { peps: [] } });
    expect(summarize(explicit, ['peps', 'wanted'])).toMatchObject({ verdict: 'incomplete', complete: false });
    // Under -1 the service decides which registries the account gets: absence is not a failure.
    expect(summarize(envelope({ peps: [] }), ['peps', 'wanted'])).toMatchObject({ verdict: 'clear', complete: true });
  });

  it.each([
    ['result is not an object', { idrequest: '1', listdata: '512', result: 'oops' }],
    [
      'a second spelling of a registry carries the hits',
      { idrequest: '1', listdata: '512', result: { peps: [], PEPS: [{ name: 'X', percent: 90 }] } },
    ],
    [
      'a second spelling of result',
      { idrequest: '1', listdata: '512', result: { peps: [] }, Result: { peps: [{ name: 'X' }] } },
    ],
  ])('never calls an answer clear when %s', (_why, raw) => {
    const parsed = parseEnvelope(raw);
    expect(parsed.resultIntact).toBe(false);
    expect(summarize(parsed, ['peps'])).toMatchObject({ verdict: 'incomplete', complete: false });
  });

  it('never calls a POST answer with several envelopes clear', () => {
    const one = { idrequest: '1', listdata: '512', result: { peps: [] } };
    const parsed = parsePostAnswer([one, { ...one, result: { peps: [{ name: 'X' }] } }]);
    expect(summarize(parsed, ['peps']).verdict).toBe('incomplete');
  });

  it('defaults to the registries present, in catalogue order', () => {
    const s = summarize(envelope({ wanted: [], peps: [], taxdebtor: [{ dname: 'X' }] }));
    expect(s.registries.map((r) => r.key)).toEqual(['peps', 'taxdebtor', 'wanted']);
    expect(s.registries[1]).toMatchObject({ hits: 1, bestPercent: null, bestLevel: null });
  });

  it('a lost document hit is an exact, high match', () => {
    const s = summarize(envelope({ lostdocs: [{ d_SERIES: 'АА', d_NUMBER: '123456' }] }));
    expect(s.registries[0]).toMatchObject({ hits: 1, bestPercent: 100, bestLevel: 'high' });
  });

  it('names levels and verdicts in both languages', () => {
    expect(levelText('high', 'uk')).toBe('Високий');
    expect(levelText('low', 'en')).toBe('Low');
    expect(levelText(null, 'en')).toBe('No hits');
    expect(verdictText('incomplete', 'uk')).toMatch(/Неповно/);
  });
});
