import {
  resumeRun,
  startRun,
  type AskFn,
  type BulkInput,
  type BulkProgress,
  type NewRunParams,
  type StreamedInput,
} from '../../src/bulk';
import { InvalidInputError, RequestRejectedError } from '../../src/core/protocol/errors';
import { progressLines } from '../../src/bulk/progress-text';
import { keyValueRunStateStore, parseMeta } from '../../src/bulk/state';
import { bulkMessages } from '../../src/bulk/messages';
import { memoryStorage } from '../../src/core/settings/storage';
import { subjectKey } from '../../src/core/query';
import { fakeService } from '../support/fake-service';
import { memorySink } from '../support/memory-sink';
import type { TableCell } from '../../src/bulk/result-table';

/** A list with every kind of row: hits, low hits, clear, registry errors, invalid, repeats. */
function makeInput(count: number): BulkInput {
  const rows: (string | number | null)[][] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 3) {
      rows.push(['', '', null]);
    } // no subject at all
    else if (i % 10 === 7) rows.push([`Person ${i % 50}`, 'not a date', null]);
    else if (i % 5 === 4) rows.push([`Person ${(i * 7) % 40} ${i % 3 === 0 ? 'HIT' : ''}`.trim(), '1980-01-02', null]);
    else {
      const tag = i % 13 === 0 ? ' HIT' : i % 17 === 0 ? ' LOW' : i % 19 === 0 ? ' ERR' : '';
      rows.push([`=Person ${i}${tag}`, '1980-01-02', i % 2 ? 1234567899 : null]);
    }
  }
  return { headers: ['ПІБ', 'Дата народження', 'ІПН'], rows, source: 'Clients!A1:C' + (count + 1), firstSourceRow: 2 };
}

function params(input: BulkInput): NewRunParams {
  return {
    input,
    mapping: { name: 0, date: 1, ipn: 2 },
    options: { listdata: 512n + 1n, search: 1, lowranklimit: 0, idUserPC: 'PC-7' },
    lang: 'en',
    mode: 'sandbox',
    modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' },
  };
}

const tuning = { concurrency: 4, chunkRows: 37, flushIntervalMs: 5 };

const statusCol = (sink: { begins: { columns: readonly { id: string }[] }[] }) =>
  sink.begins[0].columns.findIndex((c) => c.id === 'status');

describe('bulk engine', () => {
  it('names a relay of a sandbox in the run header and the report, once an answer says it is fictional', async () => {
    const input = makeInput(20);
    const service = fakeService();
    // A relay whose upstream is a sandbox marks every answer (core/answer/relay-sandbox.ts).
    const ask: AskFn = async (query, options) => {
      const answer = await service.ask(query, options);
      return { ...answer, envelope: { ...answer.envelope, extraHeader: { relay_sandbox: true } } };
    };
    const live = { ...params(input), mode: 'live' as const, modeLabel: { uk: 'Робочий сервіс', en: 'Live service' } };
    const sink = memorySink();
    const report = await (await startRun(live, { ask, sink }, tuning)).done;
    expect(report.status).toBe('completed');
    expect(report.fictional).toBe(true);
    expect(sink.ends[0].header.modeLabel.en).toBe('SANDBOX SERVER — fictional data');
    // Answers of the live service (no mark): the header keeps its label.
    const plain = memorySink();
    const direct = await (await startRun(live, { ask: service.ask, sink: plain }, tuning)).done;
    expect(direct.fictional).toBeUndefined();
    expect(plain.ends[0].header.modeLabel.en).toBe('Live service');
  });

  it('counts what the run cost at the service: answers the add-in already had and the relay’s cached answers are not requests sent', async () => {
    const input = makeInput(40);
    const service = fakeService();
    let asks = 0;
    // Every third ask answered from the add-in's own cache, every third from the relay's shared cache.
    const ask: AskFn = async (query, options) => {
      const answer = await service.ask(query, options);
      const n = asks++;
      if (n % 3 === 1) return { ...answer, fromCache: true };
      if (n % 3 === 2) {
        return {
          ...answer,
          envelope: { ...answer.envelope, extraHeader: { relay_cached_at: '2026-11-20T09:00:00Z' } },
        };
      }
      return answer;
    };
    const report = await (await startRun(params(input), { ask, sink: memorySink() }, tuning)).done;
    expect(report.status).toBe('completed');
    expect(report.requests).toBe(asks);
    expect(report.answersFromCache).toBe(Math.floor((asks + 1) / 3));
    expect(report.answersFromRelayCache).toBe(Math.floor(asks / 3));
    expect(asks).toBeGreaterThan(10);
  });

  it('starts the next request the moment an answer has arrived, before it is read, never with more than C at the service', async () => {
    const input = makeInput(60);
    const service = fakeService();
    let atService = 0;
    let maxAtService = 0;
    let unsettled = 0;
    let maxUnsettled = 0;
    const ask: AskFn = (query, options) => {
      atService++;
      unsettled++;
      maxAtService = Math.max(maxAtService, atService);
      maxUnsettled = Math.max(maxUnsettled, unsettled);
      // The bytes are in when the service has answered; the answer is read a few ms later.
      return service.ask(query, options).then(async (a) => {
        atService--;
        options.onAnswerArrived?.();
        await new Promise((resolve) => setTimeout(resolve, 3));
        unsettled--;
        return a;
      });
    };
    const sink = memorySink();
    const report = await (await startRun(params(input), { ask, sink }, { ...tuning, concurrency: 2 })).done;
    expect(report.status).toBe('completed');
    expect(sink.rows.map((r) => r[0])).toEqual(input.rows.map((_, i) => i + 2));
    expect(new Set(service.asked).size).toBe(report.subjectsTotal);
    expect(maxAtService).toBe(2);
    // A request started while another's answer was still being read: more than C not yet settled.
    expect(maxUnsettled).toBeGreaterThan(2);
  });

  it('gives every row exactly one result, in input order, asking each distinct subject once', async () => {
    const input = makeInput(400);
    const service = fakeService();
    const sink = memorySink();
    const phases = new Set<string>();
    const run = await startRun(
      params(input),
      { ask: service.ask, sink, onProgress: (p) => phases.add(p.phase) },
      tuning,
    );
    const report = await run.done;

    expect(report.status).toBe('completed');
    expect(sink.rows).toHaveLength(400);
    expect(sink.rows.map((r) => r[0])).toEqual(input.rows.map((_, i) => i + 2));
    // Input cells come back as they were, "=..." included (the writer, not the model, makes it safe).
    sink.rows.forEach((r, i) => expect(r.slice(1, 4)).toEqual(input.rows[i].map((v) => v ?? null)));

    const keys = service.asked;
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(report.subjectsTotal);
    expect(service.maxInFlight).toBeLessThanOrEqual(4);

    const status = statusCol(sink);
    const texts = sink.rows.map((r) => String(r[status]));
    // A blank row is accounted for as such: nothing to correct in it.
    expect(texts.filter((t) => t.startsWith('invalid input:'))).toHaveLength(40);
    expect(texts.filter((t) => t === 'empty row: nothing to screen')).toHaveLength(40);
    expect(texts.some((t) => t === 'not screened yet')).toBe(false);
    texts.forEach((t, i) => {
      const name = String(input.rows[i][0]);
      if (i % 10 === 3) expect(t).toBe('empty row: nothing to screen');
      else if (i % 10 === 7) expect(t).toMatch(/^invalid input: /);
      else if (name.includes('HIT') || name.includes('LOW')) expect(t).toMatch(/^ok: \d+ hits?$/);
      else if (name.includes('ERR')) expect(t).toMatch(/^incomplete: PEP: /);
      else expect(t).toBe('no hits');
    });
    expect([report.invalidRows, report.emptyRows]).toEqual([40, 40]);
    expect(report.rowsWithHits).toBe(texts.filter((t) => t.startsWith('ok:')).length);
    expect(['preparing', 'screening', 'finishing', 'done'].every((p) => phases.has(p))).toBe(true);
  });

  it('lists one hits-sheet line per hit, repeated for every row that asked the subject', async () => {
    const input: BulkInput = {
      headers: ['name'],
      rows: [['A HIT'], ['B'], ['A HIT'], ['C LOW']],
      source: 'x',
      firstSourceRow: 10,
    };
    const sink = memorySink();
    const service = fakeService();
    await (
      await startRun({ ...params(input), mapping: { name: 0 } }, { ask: service.ask, sink }, tuning)
    ).done;
    expect(service.asked).toHaveLength(3);
    expect(sink.hits.map((h) => [h[0], h[1], h[2]])).toEqual([
      [10, 'A HIT', 'PEP'],
      [12, 'A HIT', 'PEP'],
      [13, 'C LOW', 'Sanctions'],
    ]);
    expect(sink.hits[2][4]).toBe('+C LOW');
    expect(sink.hits[2][5]).toBe(71);
    expect(sink.hits[0][6]).toBe('High');
  });

  it('cancel keeps what is in flight; resume finishes without asking anyone twice and matches an uninterrupted run', async () => {
    const input = makeInput(600);
    const reference = memorySink();
    const whole = await (
      await startRun(params(input), { ask: fakeService({ seed: 3 }).ask, sink: reference }, tuning)
    ).done;

    const storage = memoryStorage();
    const store = keyValueRunStateStore(storage);
    const service = fakeService({ seed: 3 });
    const sink = memorySink();
    let cancelled = false;
    const onProgress = (p: BulkProgress) => {
      if (!cancelled && p.rowsDone >= 300) {
        cancelled = true;
        run.cancel();
      }
    };
    const run = await startRun(
      params(input),
      { ask: service.ask, sink, store, onProgress },
      { ...tuning, progressIntervalMs: 0 },
    );
    const first = await run.done;
    expect(first.status).toBe('cancelled');
    expect(first.rowsWritten).toBeLessThan(600);
    const [listing] = await store.list();
    expect(listing).toMatchObject({ runId: run.runId, status: 'cancelled', rowCount: 600 });

    const askedBefore = service.asked.length;
    const state = await store.load(run.runId);
    expect(state).not.toBeNull();
    const resumed = await resumeRun(state!, input, { ask: service.ask, sink, store }, tuning);
    const second = await resumed.done;
    expect(second.status).toBe('completed');
    expect(sink.begins[1].resume).toBe(true);
    expect(sink.begins[1].output).toEqual({ sheet: `results-${run.runId}` });

    expect(new Set(service.asked).size).toBe(service.asked.length);
    expect(service.asked.length).toBe(first.subjectsTotal);
    expect(service.asked.length).toBeGreaterThan(askedBefore);
    // Request id, response time and relay audit no. (blank here) are each run's own.
    const stable = (rows: TableCell[][]) => rows.map((r) => r.slice(0, -3));
    expect(stable(sink.rows)).toEqual(stable(reference.rows));
    expect(sink.hits.map((h) => h.slice(0, 3))).toEqual(reference.hits.map((h) => h.slice(0, 3)));
    // The counts come out the same across the stop: blank rows written before it and after it alike.
    const counts = (r: typeof whole) => [r.invalidRows, r.emptyRows, r.rowsWithHits, r.failedRows];
    expect(counts(second)).toEqual(counts(whole));
    expect(whole.emptyRows).toBe(60);
    // A finished run leaves no state behind.
    expect(await store.list()).toEqual([]);
  });

  it('leaves out the rows hidden when the run began: counted apart across a stop, kept in the state a resume reads', async () => {
    const input = makeInput(200);
    const hiddenRows = [
      [0, 20],
      [150, 5],
    ] as const;
    const reference = memorySink();
    const whole = await (
      await startRun({ ...params(input), hiddenRows }, { ask: fakeService({ seed: 5 }).ask, sink: reference }, tuning)
    ).done;
    expect(whole.hiddenRows).toBe(25);
    const status = statusCol(reference);
    const leftOut = reference.rows.flatMap((r, i) => (r[status] === bulkMessages.t('en', 'status.hidden') ? [i] : []));
    expect(leftOut).toEqual([...Array.from({ length: 20 }, (_, i) => i), 150, 151, 152, 153, 154]);

    const store = keyValueRunStateStore(memoryStorage());
    const service = fakeService({ seed: 5 });
    const sink = memorySink();
    let cancelled = false;
    const onProgress = (p: BulkProgress) => {
      if (!cancelled && p.rowsDone >= 100) {
        cancelled = true;
        run.cancel();
      }
    };
    const run = await startRun(
      { ...params(input), hiddenRows },
      { ask: service.ask, sink, store, onProgress },
      { ...tuning, progressIntervalMs: 0 },
    );
    expect((await run.done).status).toBe('cancelled');
    const state = (await store.load(run.runId))!;
    expect(state.meta.input.hiddenRows).toEqual([
      [0, 20],
      [150, 5],
    ]);
    // A state whose runs are not [first, count] pairs is no state to resume from.
    expect(parseMeta({ ...state.meta, input: { ...state.meta.input, hiddenRows: [[3]] } })).toBeNull();
    expect(parseMeta({ ...state.meta, input: { ...state.meta.input, hiddenRows: [[3, 0]] } })).toBeNull();

    const second = await (await resumeRun(state, input, { ask: service.ask, sink, store }, tuning)).done;
    expect(second.status).toBe('completed');
    const counts = (r: typeof whole) => [r.hiddenRows, r.invalidRows, r.emptyRows, r.rowsWithHits, r.failedRows];
    expect(counts(second)).toEqual(counts(whole));
    // Only the subjects of rows shown were asked, each once: fewer than the whole list has.
    expect(service.asked.length).toBe(whole.subjectsTotal);
    const everyRow = await (await startRun(params(input), { ask: fakeService().ask, sink: memorySink() }, tuning)).done;
    expect(whole.subjectsTotal).toBeLessThan(everyRow.subjectsTotal);
    expect(new Set(service.asked).size).toBe(service.asked.length);
  });

  it('stops on a quota error within the requests in flight, and a resume finishes the run', async () => {
    const input = makeInput(500);
    const service = fakeService({ seed: 5 });
    service.quotaAfter = 120;
    const sink = memorySink();
    const store = keyValueRunStateStore(memoryStorage());
    const run = await startRun(params(input), { ask: service.ask, sink, store }, tuning);
    const report = await run.done;
    expect(report.status).toBe('stopped-account');
    expect(report.stop).toMatchObject({ kind: 'account', accountCode: 11, quota: true });
    expect(report.stop?.text.en).toMatch(/quota/i);
    // Nothing new after the first refusal: at most the ones already in flight.
    expect(service.asked.length).toBeLessThanOrEqual(120 + tuning.concurrency - 1);
    expect(sink.ends[0].status).toBe('stopped-account');
    const status = statusCol(sink);
    expect(sink.rows.filter((r) => r[status] === 'not screened yet').length).toBeGreaterThan(0);

    const answered = new Set(service.asked.slice(0, 119));
    service.quotaAfter = null;
    const askedAt = service.asked.length;
    const state = await store.load(run.runId);
    const final = await (await resumeRun(state!, input, { ask: service.ask, sink, store }, tuning)).done;
    expect(final.status).toBe('completed');
    for (const key of service.asked.slice(askedAt)) expect(answered.has(key)).toBe(false);
    expect(sink.rows.filter((r) => r[status] === 'not screened yet')).toHaveLength(0);
    expect(new Set(service.asked.slice(askedAt)).size + answered.size).toBe(final.subjectsTotal);
  });

  it('fails isolated unreachable subjects but stops the run when the service stays away', async () => {
    const input: BulkInput = {
      headers: ['name'],
      rows: Array.from({ length: 60 }, (_, i) => [`P${i}`]),
      source: 'x',
      firstSourceRow: 2,
    };
    const isolated = fakeService();
    isolated.unreachable = (q) => q.name === 'P5';
    const sink = memorySink();
    const report = await (
      await startRun(
        { ...params(input), mapping: { name: 0 } },
        { ask: isolated.ask, sink },
        { ...tuning, unreachableStreak: 3 },
      )
    ).done;
    expect(report.status).toBe('completed');
    expect(String(sink.rows[5][statusCol(sink)])).toMatch(/^failed: The CheckLists service could not be reached/);
    expect(report.failedRows).toBe(1);

    const down = fakeService();
    down.unreachable = (q) => Number(q.name?.slice(1)) >= 20;
    const sink2 = memorySink();
    const store = keyValueRunStateStore(memoryStorage());
    const stopped = await (
      await startRun(
        { ...params(input), mapping: { name: 0 } },
        { ask: down.ask, sink: sink2, store },
        { ...tuning, concurrency: 2, unreachableStreak: 3 },
      )
    ).done;
    expect(stopped.status).toBe('stopped-unreachable');
    expect(down.asked.length).toBeLessThan(30);
    // The failures that revealed the outage are not final: a resume asks them again.
    expect(sink2.rows.slice(20).every((r) => r[statusCol(sink2)] === 'not screened yet')).toBe(true);
  });

  it('waits out the relay’s limit (429) and asks again, failing no row; still limited after every wait, it stops resumably and says why', async () => {
    const input: BulkInput = {
      headers: ['name'],
      rows: Array.from({ length: 40 }, (_, i) => [`P${i}`]),
      source: 'x',
      firstSourceRow: 2,
    };
    const limit = () =>
      new RequestRejectedError(
        429,
        429,
        'Забагато запитів… / Too many requests from your key: wait 3 s and try again.',
      );
    // The relay lets 10 requests through, then refuses the next 6 (across the run's slots).
    const service = fakeService();
    let calls = 0;
    const limited: AskFn = (query, options) =>
      ++calls > 10 && calls <= 16 ? Promise.reject(limit()) : service.ask(query, options);
    const progress: BulkProgress[] = [];
    const sink = memorySink();
    const report = await (
      await startRun(
        { ...params(input), mapping: { name: 0 } },
        { ask: limited, sink, onProgress: (p) => progress.push(p) },
        { ...tuning, rateLimitWaitsMs: [30, 30, 30, 30], progressIntervalMs: 0 },
      )
    ).done;
    expect(report.status).toBe('completed');
    expect(report.failedRows).toBe(0);
    expect(sink.rows.filter((r) => String(r[statusCol(sink)]).startsWith('failed'))).toHaveLength(0);
    expect(new Set(service.asked).size).toBe(40);
    // Progress said it was waiting, and for how long.
    const waiting = progress.filter((p) => p.rateLimitedMs !== undefined);
    expect(waiting.length).toBeGreaterThan(0);
    expect(Math.max(...waiting.map((p) => p.rateLimitedMs!))).toBeLessThanOrEqual(30);
    expect(progressLines(waiting[0], 'en').at(-1)).toMatch(
      /^The relay is limiting your requests for now: asking again in \d+ s; nothing is lost\.$/,
    );

    // Refused after every wait: the run stops as it does when the service is away, with the relay's words.
    const store = keyValueRunStateStore(memoryStorage());
    const sink2 = memorySink();
    const stopped = await (
      await startRun(
        { ...params(input), mapping: { name: 0 } },
        {
          ask: (query, options) =>
            Number(query.name?.slice(1)) >= 5 ? Promise.reject(limit()) : service.ask(query, options),
          sink: sink2,
          store,
        },
        { ...tuning, concurrency: 2, rateLimitWaitsMs: [5, 5] },
      )
    ).done;
    expect(stopped.status).toBe('stopped-unreachable');
    expect(stopped.stop?.text.en).toBe(limit().text.en);
    expect(stopped.failedRows).toBe(0);
    expect(sink2.rows.slice(5).every((r) => r[statusCol(sink2)] === 'not screened yet')).toBe(true);
  });

  it('survives a crash of the writer: a resume reuses every answer already checkpointed', async () => {
    const input = makeInput(300);
    const service = fakeService({ seed: 9 });
    const sink = memorySink();
    sink.failOnWrite = 4;
    const storage = memoryStorage();
    const store = keyValueRunStateStore(storage);
    const run = await startRun(params(input), { ask: service.ask, sink, store }, tuning);
    await expect(run.done).rejects.toThrow('sheet write failed');
    const [listing] = await store.list();
    expect(listing.status).toBe('running');
    const state = await store.load(run.runId);
    const persisted = new Set(state!.outcomes.map((o) => o.key));
    expect(persisted.size).toBeGreaterThan(0);

    sink.failOnWrite = null;
    const askedAt = service.asked.length;
    const report = await (await resumeRun(state!, input, { ask: service.ask, sink, store }, tuning)).done;
    expect(report.status).toBe('completed');
    for (const key of service.asked.slice(askedAt)) expect(persisted.has(key)).toBe(false);
    expect(sink.rows).toHaveLength(300);
    expect(sink.rows.every((r) => r[statusCol(sink)] !== 'not screened yet')).toBe(true);
  });

  it('refuses to resume over changed input', async () => {
    const input = makeInput(50);
    const store = keyValueRunStateStore(memoryStorage());
    const service = fakeService();
    service.quotaAfter = 5;
    const run = await startRun(params(input), { ask: service.ask, sink: memorySink(), store }, tuning);
    await run.done;
    const state = (await store.load(run.runId))!;
    const changed = { ...input, rows: input.rows.map((r, i) => (i === 10 ? ['Someone else', r[1], r[2]] : r)) };
    await expect(resumeRun(state, changed, { ask: service.ask, sink: memorySink(), store }, tuning)).rejects.toThrow(
      /input range changed/,
    );
    await expect(
      resumeRun(
        state,
        { ...input, rows: input.rows.slice(1) },
        { ask: service.ask, sink: memorySink(), store },
        tuning,
      ),
    ).rejects.toThrow(/rows: 50 then, 49 now/);
  });

  it('refuses a hits list given as a client list, asking nothing: its dates and codes are the registries’', async () => {
    const service = fakeService();
    const headers = ['Source row', 'Input name', 'Registry', 'Name in registry', 'Birth date', 'Decision', 'Hit ID'];
    const hitsList: BulkInput = {
      headers,
      rows: [[2, 'Person 1', 'PEP', 'Person 1', '1967-04-12', '', 'h1|peps:10001|30f23294f8c9f722']],
      source: 'CheckLists hits!A1:G2',
      firstSourceRow: 2,
    };
    const refused = startRun(
      { ...params(hitsList), mapping: { name: 1, date: 4 } },
      { ask: service.ask, sink: memorySink(), store: keyValueRunStateStore(memoryStorage()) },
      tuning,
    );
    await expect(refused).rejects.toThrow(InvalidInputError);
    await expect(refused).rejects.toThrow(/hits list of an earlier CheckLists run/);
    expect(service.calls).toHaveLength(0);
  });

  it('does not run ahead of the written rows further than the window allows', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`P${i}`]);
    const input: BulkInput = { headers: ['name'], rows, source: 'x', firstSourceRow: 2 };
    const release: (() => void)[] = [];
    const asked: string[] = [];
    let maxAhead = 0;
    const ask = (q: { name?: string }) => {
      asked.push(q.name ?? '');
      maxAhead = Math.max(maxAhead, Number(q.name?.slice(1)));
      // The very first subject hangs until released; the rest answer at once.
      return new Promise<never>((resolve) => {
        if (q.name === 'P0') release.push(() => resolve(undefined as never));
        else setTimeout(() => resolve(undefined as never), 0);
      }).then(() => ({
        envelope: {
          header: {},
          registries: {},
          extraHeader: {},
          unknownResultKeys: {},
          problems: [],
          resultIntact: true,
        },
      }));
    };
    const run = await startRun(
      { ...params(input), mapping: { name: 0 } },
      { ask, sink: memorySink() },
      { concurrency: 4, chunkRows: 100, maxAheadRows: 500 },
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(maxAhead).toBeLessThanOrEqual(500);
    release.forEach((r) => r());
    const report = await run.done;
    expect(report.status).toBe('completed');
    expect(asked).toHaveLength(3000);
  });

  it('uses one subject key per distinct question', () => {
    expect(subjectKey({ name: 'A B' })).toBe(subjectKey({ name: ' a  b ', listdata: 5n, IDinternal: 'x' }));
  });
});

describe('bulk engine over a streamed input', () => {
  /** Rows handed out one pass at a time, as the CLI reads a CSV file: no random access. */
  type Row = (string | number | null)[];
  function streamed(input: BulkInput, edit?: (pass: number, r: number, row: Row) => Row | Promise<Row>) {
    let passes = 0;
    const rows = input.rows as Row[];
    const stream: StreamedInput = {
      headers: input.headers,
      source: input.source,
      firstSourceRow: input.firstSourceRow,
      rows: {
        count: rows.length,
        async *read(from: number) {
          const pass = passes++;
          for (let r = from; r < rows.length; r++) yield edit ? await edit(pass, r, rows[r]) : rows[r];
        },
      },
    };
    return { stream, passes: () => passes };
  }

  it('writes the same rows and hits as the in-memory run, asking each distinct subject once', async () => {
    const input = makeInput(400);
    const memory = memorySink();
    await (
      await startRun(params(input), { ask: fakeService().ask, sink: memory }, tuning)
    ).done;

    const { stream, passes } = streamed(input);
    const service = fakeService();
    const sink = memorySink();
    const run = await startRun({ ...params(input), input: stream }, { ask: service.ask, sink }, tuning);
    const report = await run.done;
    expect(report.status).toBe('completed');
    expect(new Set(service.asked).size).toBe(service.asked.length);
    expect(service.asked.length).toBe(report.subjectsTotal);
    // Run id and dates differ between the runs; every other cell is the same.
    const strip = (rows: TableCell[][]) => rows.map((r) => r.slice(0, -3));
    expect(strip(sink.rows)).toEqual(strip(memory.rows));
    expect(sink.hits.length).toBe(memory.hits.length);
    // Plan, subjects to ask, rows to write, placeholders: each a pass of its own, never the rows held.
    expect(passes()).toBeGreaterThanOrEqual(3);
  });

  it('sends nothing before the checks that refuse a run', async () => {
    const input = makeInput(50);
    const service = fakeService();
    const { stream } = streamed(input);
    await expect(
      startRun(
        { ...params(input), input: stream, mapping: { date: 1 } },
        { ask: service.ask, sink: memorySink() },
        tuning,
      ),
    ).rejects.toThrow(InvalidInputError);
    const empty: StreamedInput = { ...stream, rows: { count: 0, read: stream.rows.read } };
    await expect(
      startRun({ ...params(input), input: empty }, { ask: service.ask, sink: memorySink() }, tuning),
    ).rejects.toThrow(InvalidInputError);
    expect(service.calls).toHaveLength(0);
  });

  it('sends nothing when planning fails: every subject is asked only once the whole input is read', async () => {
    const input = makeInput(100);
    const service = fakeService({ gated: true });
    const { stream } = streamed(input, (pass, r, row) => {
      if (pass === 0 && r === 60) throw new Error('disk gone');
      return row;
    });
    await expect(
      startRun({ ...params(input), input: stream }, { ask: service.ask, sink: memorySink() }, tuning),
    ).rejects.toThrow('disk gone');
    expect(service.calls).toHaveLength(0);
  });

  it('stops, naming the input as changed, when a row differs on a later pass', async () => {
    const input = makeInput(200);
    // The first pass to reach row 150 (the plan's) reads it as it was; every later one reads another person.
    let planned = -1;
    const { stream } = streamed(input, (pass, r, row) => {
      if (r !== 150) return row;
      if (planned < 0) planned = pass;
      return pass === planned ? row : ['Someone Else', '1970-01-01', null];
    });
    const run = await startRun(
      { ...params(input), input: stream },
      { ask: fakeService().ask, sink: memorySink() },
      tuning,
    );
    await expect(run.done).rejects.toThrow(InvalidInputError);
    await expect(run.done).rejects.toMatchObject({ errors: [{ code: 'input.changed' }] });
  });
});
