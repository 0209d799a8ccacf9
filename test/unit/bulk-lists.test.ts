import { startRun, type BulkInput, type NewRunParams } from '../../src/bulk';
import { AnswerCache } from '../../src/core/cache/answer-cache';
import type { SearchResult } from '../../src/core/request/client';
import { ALL_LISTS, parseListdata, type Listdata } from '../../src/core/protocol/listdata';
import type { SearchQuery } from '../../src/core/query';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { RequestScheduler } from '../../src/core/request/scheduler';
import { memoryStorage } from '../../src/core/settings/storage';
import { memorySink } from '../support/memory-sink';

const EU = parseListdata('sanctions-eu');
/** Every subject whose name has "SANCT" is on these three sanctions lists. */
const ON_LISTS = ['sanctions-eu', 'sanctions-nsdc', 'sanctions-us'].map((n) => parseListdata(n));

/** Answers like the service: each asked sanctions list with its own entries, marked in p_listdata. */
function listService() {
  const calls: SearchQuery[] = [];
  const search = async (query: SearchQuery): Promise<SearchResult> => {
    const n = calls.push(query);
    const asked = query.listdata ?? ALL_LISTS;
    const name = query.name ?? '';
    const psanctions = name.includes('SANCT')
      ? ON_LISTS.filter((l) => asked === ALL_LISTS || (asked & l) !== 0n).map((l) => ({
          pid: `${name}/${l}`,
          p_fullname: name,
          p_percent: 88,
          p_level: 'Низький',
          p_listdata: Number(l),
        }))
      : [];
    const raw = {
      idrequest: `r${n}`,
      dateResponse: '2026-01-01 10:00:00',
      listdata: asked.toString(),
      result: { psanctions },
    };
    return {
      envelope: parseEnvelope(raw),
      servedBy: 'https://svc.test',
      attempts: [],
      durationMs: 1,
      method: 'POST',
      raw,
    };
  };
  return { search, calls };
}

const input: BulkInput = {
  headers: ['name'],
  rows: [['Ivan SANCT'], ['Petro'], ['Olha SANCT']],
  source: 'Clients!A1:A4',
  firstSourceRow: 2,
};

function params(listdata: Listdata): NewRunParams {
  return {
    input,
    mapping: { name: 0 },
    options: { listdata, search: 1, lowranklimit: 0 },
    lang: 'en',
    mode: 'sandbox',
    modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
  };
}

describe('bulk run through the scheduler: lists within one registry', () => {
  it('counts and lists only EU entries for an EU run answered from cached "all lists" answers', async () => {
    const svc = listService();
    const scheduler = new RequestScheduler({
      search: svc.search,
      cache: new AnswerCache({ storage: memoryStorage() }),
      batchWindowMs: 1,
    });
    const ask = (query: SearchQuery, options: { signal?: AbortSignal }) => scheduler.ask(query, options);

    const wide = memorySink();
    await (
      await startRun(params(ALL_LISTS), { ask, sink: wide }, { concurrency: 2 })
    ).done;
    await scheduler.idle();
    expect(svc.calls).toHaveLength(3);
    expect(wide.hits).toHaveLength(2 * ON_LISTS.length);

    const sink = memorySink();
    const report = await (await startRun(params(EU), { ask, sink }, { concurrency: 2 })).done;
    expect(report.status).toBe('completed');
    // Nothing new was paid for: the cached answers hold every list.
    expect(svc.calls).toHaveLength(3);
    expect(scheduler.stats.cacheHits).toBe(3);

    const sanctionsCol = sink.begins[0].columns.findIndex((c) => c.id === 'reg:psanctions');
    expect(sink.rows.map((r) => r[sanctionsCol])).toEqual([1, 0, 1]);
    const recordCol = sink.begins[0].hitsColumns.findIndex((c) => c.id === 'recordId');
    expect(sink.hits.map((h) => h[recordCol])).toEqual([`Ivan SANCT/${EU}`, `Olha SANCT/${EU}`]);
  });
});
