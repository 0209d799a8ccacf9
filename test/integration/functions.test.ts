import { listdataForRegistries } from '../../src/core/protocol/listdata';
import { RATE_LIMIT_WAITS_MS } from '../../src/core/request/retry';
import { coreMessages } from '../../src/core/text/messages';
import { DEFAULT_SETTINGS, type Settings } from '../../src/core/settings/settings';
import { memoryStorage, type KeyValueStorage } from '../../src/core/settings/storage';
import { Refusal } from '../../src/relay/refusal';
import { DEMO_CREDENTIALS, KNOWN, sandboxData } from '../../src/sandbox';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/server';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server';
import {
  StubCellError,
  invocation,
  officeGlobals,
  saveSettings,
  startAddinRuntime,
  type FunctionsModule,
} from '../support/addin-runtime';
import { WorkbookFake } from '../support/workbook-fake';

/*
 * The CHECKLISTS.* functions as Excel runs them: Office globals stubbed (CustomFunctions,
 * OfficeRuntime.storage over memory, Office.context.displayLanguage), the functions module loaded
 * the way the add-in loads it, and the service being the sandbox over real HTTP on 127.0.0.1.
 */

/** Every promise a function returned, and whether it has settled. */
class PromiseTracker {
  private readonly entries: { settled: boolean }[] = [];
  track<T>(promise: Promise<T>): Promise<T> {
    const entry = { settled: false };
    this.entries.push(entry);
    const done = () => {
      entry.settled = true;
    };
    promise.then(done, done);
    return promise;
  }
  get count(): number {
    return this.entries.length;
  }
  pending(): number {
    return this.entries.filter((e) => !e.settled).length;
  }
  /** Waits until everything settled or `ms` passed; returns how many are still pending. */
  async pendingAfter(ms: number): Promise<number> {
    const deadline = Date.now() + ms;
    while (this.pending() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.pending();
  }
}

async function outcome<T>(promise: Promise<T>): Promise<{ value?: T; error?: StubCellError }> {
  try {
    return { value: await promise };
  } catch (error) {
    if (error instanceof StubCellError) return { error };
    throw error;
  }
}

interface Row {
  name: string;
  date: string | number | null;
}

/** 400 distinct subjects: the sandbox's documented people, generated PEPs and sanctioned people, and clean names. */
function distinctSubjects(): Row[] {
  const rows: Row[] = [
    { name: KNOWN.pepSanctioned.name, date: KNOWN.pepSanctioned.date },
    { name: KNOWN.pepSanctioned.name, date: null },
    { name: KNOWN.pepSpouse.name, date: KNOWN.pepSpouse.date },
    { name: KNOWN.manager.name, date: KNOWN.manager.date },
    { name: KNOWN.wanted.name, date: KNOWN.wanted.date },
  ];
  const seen = new Set(rows.map((r) => `${r.name.toLowerCase()}|${r.date}`));
  const data = sandboxData();
  for (const registry of ['peps', 'psanctions'] as const) {
    let taken = 0;
    for (const record of data.byRegistry.get(registry) ?? []) {
      if (taken >= 60 || record.subject !== 'person') continue;
      const row = { name: record.names[0], date: record.birthDate ?? null };
      const key = `${row.name.toLowerCase()}|${row.date}`;
      if (seen.has(key) || !/^[\p{Script=Cyrillic}' -]+$/u.test(row.name)) continue;
      seen.add(key);
      rows.push(row);
      taken++;
    }
  }
  for (let i = 0; rows.length < 400; i++) {
    rows.push({
      name: `Неіснуючий Клієнт${String.fromCharCode(0x430 + (i % 32))} Номер${i}`,
      date: i % 3 === 0 ? 30000 + i : null,
    });
  }
  return rows;
}

let modeNotices: jest.SpyInstance;
beforeEach(() => {
  modeNotices = jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  modeNotices.mockRestore();
});

describe('CHECKLISTS functions over the sandbox on real HTTP', () => {
  let server: SandboxServer;
  const received: string[] = [];

  beforeAll(async () => {
    server = await startSandboxServer({ log: (line) => received.push(line) });
  });
  afterAll(async () => {
    await server.close();
  });

  async function liveStorage(extra: Partial<Settings> = {}): Promise<KeyValueStorage> {
    const storage = memoryStorage();
    await saveSettings(
      storage,
      { primaryUrl: server.url, idSubjectFM: DEMO_CREDENTIALS.idSubjectFM, ...extra },
      DEMO_CREDENTIALS.tokken,
    );
    return storage;
  }

  it('1,000 evaluations (PEP and SANCTIONS on 500 rows, 400 subjects) send 400 requests; after a restart, none', async () => {
    const subjects = distinctSubjects();
    expect(new Set(subjects.map((s) => `${s.name.toLowerCase()}|${s.date}`)).size).toBe(400);
    const rows = Array.from({ length: 500 }, (_, i) => subjects[(i * 7) % 400]);
    const storage = await liveStorage();

    const recalc = async (fns: FunctionsModule, tracker: PromiseTracker) => {
      const calls = rows.flatMap((r) => [
        tracker.track(fns.pep(r.name, r.date, null, invocation())),
        tracker.track(fns.sanctions(r.name, r.date, null, invocation())),
      ]);
      return Promise.all(calls);
    };

    const before = received.length;
    const first = startAddinRuntime(storage);
    const tracker = new PromiseTracker();
    const results = await recalc(first.fns, tracker);
    expect(tracker.count).toBe(1000);
    expect(tracker.pending()).toBe(0);
    expect(received.length - before).toBe(400);

    // Every result is one spilled row: level, percent, hits; and a repeated row gets the same answer.
    for (const r of results) {
      expect(r).toHaveLength(1);
      expect(r[0]).toHaveLength(3);
    }
    const byRow = new Map<string, unknown>();
    rows.forEach((row, i) => {
      const key = `${row.name}|${row.date}`;
      const pair = [results[2 * i], results[2 * i + 1]];
      if (byRow.has(key)) expect(pair).toEqual(byRow.get(key));
      else byRow.set(key, pair);
    });
    const known = rows.findIndex((r) => r.name === KNOWN.pepSanctioned.name && r.date === KNOWN.pepSanctioned.date);
    expect(results[2 * known]).toEqual([['High', 100, expect.any(Number)]]);
    expect(results[2 * known + 1]).toEqual([['High', 100, expect.any(Number)]]);
    const undated = rows.findIndex((r) => r.name === KNOWN.pepSanctioned.name && r.date === null);
    expect(results[2 * undated][0][0]).toBe('Low');
    const clean = rows.findIndex((r) => r.name.startsWith('Неіснуючий'));
    expect(results[2 * clean]).toEqual([['No hits', 0, 0]]);
    const pepHits = results.filter((_, i) => i % 2 === 0).filter((r) => r[0][2] !== 0).length;
    expect(pepHits).toBeGreaterThan(50);

    await first.runtime.sharedRuntime().idle();
    const afterFirst = received.length;
    const second = startAddinRuntime(storage);
    expect(second.runtime.sharedRuntime()).not.toBe(first.runtime.sharedRuntime());
    const tracker2 = new PromiseTracker();
    const again = await recalc(second.fns, tracker2);
    expect(received.length).toBe(afterFirst);
    expect(again).toEqual(results);
    expect(tracker2.pending()).toBe(0);
  }, 60_000);

  it('merges PEP, SANCTIONS, SCREEN and LEVEL for one subject into one request and splits the answer', async () => {
    const { fns } = startAddinRuntime(await liveStorage());
    const before = received.length;
    const { name, date } = KNOWN.pepSanctioned;
    const both = [['peps, psanctions']];
    const [pep, sanctions, screen, level, labels] = await Promise.all([
      fns.pep(name, date, null, invocation()),
      fns.sanctions(name, date, null, invocation()),
      fns.screen(name, date, null, null, both, invocation()),
      fns.level(name, date, null, [['peps'], ['psanctions']], invocation()),
      fns.registries(both),
    ]);
    expect(received.length - before).toBe(1);
    expect(labels).toEqual([['PEP', 'Sanctions']]);
    expect(screen).toEqual([[pep[0][2], sanctions[0][2]]]);
    expect(level).toBe('High');
  });

  it('answers LOSTDOC, LISTDATA and the no-hit values', async () => {
    const { fns } = startAddinRuntime(await liveStorage());
    expect(await fns.lostdoc(KNOWN.stolenPassport.doc, null, invocation())).toBeGreaterThan(0);
    expect(await fns.lostdoc(KNOWN.lostForeignPassport.doc, 2, invocation())).toBeGreaterThan(0);
    expect(await fns.lostdoc('КМ 999999', null, invocation())).toBe(0);
    // A foreign passport under "national passport" is refused by the validator, not sent.
    expect((await outcome(fns.lostdoc(KNOWN.lostForeignPassport.doc, 1, invocation()))).error?.code).toBe('#VALUE!');
    expect(fns.listdata([['peps, psanctions']])).toBe(String(listdataForRegistries(['peps', 'psanctions'])));
    expect(fns.listdata([['peps'], ['lost-passports'], [null]])).toBe(
      String(listdataForRegistries(['peps', 'lostdocs'])),
    );
    expect(fns.listdata([[512]])).toBe('512');
    expect(fns.listdata([['all']])).toBe('-1');
    // Every sanctions list: 13 digits, which a number cell would show as 1.09951E+12. As text every
    // digit stays, and SCREEN reads the text back as the same registries.
    const sanctions = fns.listdata([['psanctions']]);
    expect(sanctions).toBe(String(listdataForRegistries(['psanctions'])));
    expect(sanctions).toMatch(/^\d{12,}$/);
    expect(await fns.registries([[sanctions]])).toEqual(await fns.registries([['psanctions']]));
    expect(() => fns.listdata([['no-such-registry']])).toThrow(StubCellError);
    expect(await fns.level('Неіснуючий Клієнт Жоден', null, null, [['peps, psanctions']], invocation())).toBe(
      'No hits',
    );
  });

  it('answers "no hits" for a name with initials with #N/A and why, since initials can miss the person', async () => {
    const { fns } = startAddinRuntime(await liveStorage());
    const { pepSanctioned: known } = KNOWN;
    const [surname] = known.name.split(' ');
    const initialled = `${surname} С.Б.`;
    // The service looks for whole words: the sanctioned PEP, asked by initials, comes back with none.
    for (const result of [
      await outcome(fns.pep(initialled, known.date, null, invocation())),
      await outcome(fns.sanctions(initialled, known.date, null, invocation())),
      await outcome(fns.level(initialled, known.date, null, [['peps, psanctions']], invocation())),
      await outcome(fns.screen(initialled, known.date, null, null, [['peps, psanctions']], invocation())),
    ]) {
      expect(result.error?.code).toBe('#N/A');
      expect(result.error?.message).toContain(`No hits for “${initialled}”, but that clears no one`);
      expect(result.error?.message).toContain('initials (С.Б.)');
    }
    // With the tax number the person is found by it, and a code that finds no one is a plain "no hits".
    expect((await fns.sanctions(initialled, known.date, known.rnokpp, invocation()))[0]?.[2]).toBeGreaterThan(0);
    expect(await fns.pep('Неіснуючий Н.К.', null, '1234567899', invocation())).toEqual([['No hits', 0, 0]]);
  });

  it('answers "no hits" for a code alone that fails its check digit with #N/A and why: it was likely mistyped', async () => {
    const { fns } = startAddinRuntime(await liveStorage());
    // The sandbox's company 41703173 with its last digit mistyped.
    for (const result of [
      await outcome(fns.level('', null, '41703172', [['edr, psanctions']], invocation())),
      await outcome(fns.sanctions('', null, '41703172', invocation())),
    ]) {
      expect(result.error?.code).toBe('#N/A');
      expect(result.error?.message).toContain('No hits for the code 41703172, but that clears no one');
    }
    // A valid code that finds no one, and a mistyped one beside a name, are a plain "no hits".
    expect(await fns.sanctions('', null, '43602159', invocation())).toEqual([['No hits', 0, 0]]);
    expect(await fns.pep('Неіснуючий Клієнт Жоден', null, '41703172', invocation())).toEqual([['No hits', 0, 0]]);
  });

  it('gives an empty result for an empty subject and sends nothing', async () => {
    const { fns } = startAddinRuntime(await liveStorage());
    const before = received.length;
    expect(await fns.pep('', null, null, invocation())).toEqual([['', '', '']]);
    expect(await fns.sanctions('  ', 0, 0, invocation())).toEqual([['', '', '']]);
    // A list of formulas past its last client: the name cell shows 0 and arrives as text.
    expect(await fns.pep('0', 0, 0, invocation())).toEqual([['', '', '']]);
    expect(await fns.screen('', null, null, null, [['peps, lostdocs']], invocation())).toEqual([['', '']]);
    expect(await fns.level('', null, null, [[null]], invocation())).toBe('');
    expect(await fns.lostdoc('', null, invocation())).toBe('');
    expect(received.length).toBe(before);
  });

  it('answers a row that names nobody (a date, no name, code or document) with #VALUE! and why, sending nothing', async () => {
    const { fns } = startAddinRuntime(await liveStorage());
    const before = received.length;
    const pep = await outcome(fns.pep('', '1980-01-01', null, invocation()));
    // A date cell (a serial) and Excel's 0 for the empty code and document cells.
    const screen = await outcome(fns.screen(' ', 29221, 0, 0, [['peps']], invocation()));
    for (const { error } of [pep, screen]) {
      expect(error?.code).toBe('#VALUE!');
      expect([coreMessages.en['field.required.subject'], coreMessages.uk['field.required.subject']]).toContain(
        error?.message,
      );
    }
    expect(received.length).toBe(before);
  });

  it('answers invalid input with #VALUE! and the validator message, sending nothing', async () => {
    const { fns } = startAddinRuntime(await liveStorage());
    const before = received.length;
    const tracker = new PromiseTracker();
    const impossible = await outcome(tracker.track(fns.pep('Іваненко Іван', '31.02.1980', null, invocation())));
    const future = await outcome(tracker.track(fns.sanctions('Іваненко Іван', '2999-01-01', null, invocation())));
    const serial = await outcome(tracker.track(fns.pep('Іваненко Іван', -5, null, invocation())));
    const ipn = await outcome(tracker.track(fns.pep('Іваненко Іван', null, '12345', invocation())));
    const registries = await outcome(
      tracker.track(fns.screen('Іваненко Іван', null, null, null, [['nonsense']], invocation())),
    );
    expect(impossible.error).toMatchObject({ code: '#VALUE!', message: expect.stringMatching(/date/i) });
    expect(future.error).toMatchObject({ code: '#VALUE!', message: expect.stringMatching(/future/i) });
    expect(serial.error?.code).toBe('#VALUE!');
    expect(ipn.error).toMatchObject({ code: '#VALUE!', message: expect.stringMatching(/^Tax or company code: /) });
    expect(registries.error).toMatchObject({ code: '#VALUE!', message: expect.stringMatching(/nonsense/) });
    expect(tracker.pending()).toBe(0);
    expect(received.length).toBe(before);
  });

  it('10,000 cells at concurrency 4 all answer: a cell’s time limit counts from its request leaving, not from the queue (issue 32)', async () => {
    // 2,500 subjects, each in PEP, SANCTIONS, SCREEN and LEVEL: 2,500 requests of 20 ms, four at a
    // time, about 13 s in all; each cell's limit is 6 s (timeoutSeconds 1 gives a 5 s request bound).
    const slow = await startSandboxServer({ engine: server.engine, faults: { latencyMs: 20 } });
    try {
      const storage = memoryStorage();
      await saveSettings(
        storage,
        { primaryUrl: slow.url, idSubjectFM: DEMO_CREDENTIALS.idSubjectFM, timeoutSeconds: 1, concurrency: 4 },
        DEMO_CREDENTIALS.tokken,
      );
      const { fns, runtime } = startAddinRuntime(storage);
      runtime.startSharedRuntime({ storage, displayLanguage: () => 'en-US', maxEvaluationMs: 1 });
      expect((await runtime.sharedRuntime().context()).evaluationTimeoutMs).toBe(6_000);
      const started = performance.now();
      const cells = Array.from({ length: 2_500 }, (_, i) => `Черговий Клієнт ${i}`).flatMap((name) => [
        outcome(fns.pep(name, null, null, invocation())),
        outcome(fns.sanctions(name, null, null, invocation())),
        outcome(fns.screen(name, null, null, null, [['peps', 'psanctions']], invocation())),
        outcome(fns.level(name, null, null, [['peps']], invocation())),
      ]);
      const results = await Promise.all(cells);
      const seconds = (performance.now() - started) / 1000;
      expect(results).toHaveLength(10_000);
      expect(results.filter((r) => r.error).map((r) => r.error?.message)).toEqual([]);
      // The run took longer than one cell's limit: the queue's wait did not count against it.
      expect(seconds).toBeGreaterThan(6);
    } finally {
      await slow.close();
    }
  }, 120_000);

  it('accepts Excel date cells (serial numbers) as dates', async () => {
    const { fns } = startAddinRuntime(await liveStorage());
    // 1967-04-12 is Excel serial 24574.
    const bySerial = await fns.pep(KNOWN.pepSanctioned.name, 24574, null, invocation());
    const byText = await fns.pep(KNOWN.pepSanctioned.name, KNOWN.pepSanctioned.date, null, invocation());
    expect(bySerial).toEqual(byText);
    expect(bySerial[0][0]).toBe('High');
  });

  it('reads a date cell of a workbook in the 1904 date system as the day it shows (issue 32)', async () => {
    const fake = new WorkbookFake({ dateSystem: 1904 });
    const restore = fake.install();
    try {
      const { fns } = startAddinRuntime(await liveStorage());
      // 1967-04-12 is serial 24574 in the 1900 system and 23112 in the 1904 one.
      fake.setSheet('Clients', [['1967-04-12']], { typed: true });
      const serial = fake.cell('Clients', 'A1').value;
      expect(serial).toBe(23112);
      const bySerial = await fns.pep(KNOWN.pepSanctioned.name, serial as number, null, invocation());
      expect(bySerial[0][0]).toBe('High');
      expect(bySerial).toEqual(await fns.pep(KNOWN.pepSanctioned.name, KNOWN.pepSanctioned.date, null, invocation()));
    } finally {
      restore();
    }
  });

  it('writes levels and labels in the Office display language', async () => {
    officeGlobals.Office.context.displayLanguage = 'uk-UA';
    try {
      const { fns } = startAddinRuntime(await liveStorage());
      expect((await fns.pep(KNOWN.pepSanctioned.name, KNOWN.pepSanctioned.date, null, invocation()))[0][0]).toBe(
        'Високий',
      );
      expect((await fns.pep(KNOWN.pepSanctioned.name, null, null, invocation()))[0][0]).toBe('Низький');
      expect(await fns.registries([['peps, psanctions']])).toEqual([['ПЕП', 'Санкції']]);
      const invalid = await outcome(fns.pep('Іваненко Іван', '31.02.1980', null, invocation()));
      expect(invalid.error?.message).toMatch(/[А-Яа-яІіЇїЄє]/);
    } finally {
      officeGlobals.Office.context.displayLanguage = 'en-US';
    }
  });

  it('turns a registry that failed into #N/A in its own cell, the rest of the row intact', async () => {
    const faulty = await startSandboxServer({
      engine: server.engine,
      faults: { registryErrors: { psanctions: 9000 } },
    });
    try {
      const storage = memoryStorage();
      await saveSettings(
        storage,
        { primaryUrl: faulty.url, idSubjectFM: DEMO_CREDENTIALS.idSubjectFM },
        DEMO_CREDENTIALS.tokken,
      );
      const { fns } = startAddinRuntime(storage);
      const { name, date } = KNOWN.pepSanctioned;
      const row = await fns.screen(name, date, null, null, [['peps, psanctions']], invocation());
      expect(row[0][0]).toBeGreaterThan(0);
      expect(row[0][1]).toMatchObject({ code: '#N/A', message: expect.stringMatching(/Sanctions/) });
      const sanctions = await outcome(fns.sanctions(name, date, null, invocation()));
      expect(sanctions.error).toMatchObject({ code: '#N/A', message: expect.stringMatching(/no connection/i) });
      const level = await fns.level(name, date, null, [['peps, psanctions']], invocation());
      expect(level).toBe('High');
    } finally {
      await faulty.close();
    }
  });

  it('runs on the in-process sandbox until credentials are saved, says so, and sends no HTTP', async () => {
    const storage = memoryStorage();
    const { fns, runtime } = startAddinRuntime(storage);
    const before = received.length;
    const result = await fns.pep(KNOWN.pepSanctioned.name, KNOWN.pepSanctioned.date, null, invocation());
    expect(result[0][0]).toBe('High');
    const context = await runtime.sharedRuntime().context();
    expect(context.mode).toBe('sandbox');
    expect(context.connection.label.en).toMatch(/sandbox/i);
    expect(modeNotices).toHaveBeenCalledWith(expect.stringMatching(/sandbox mode: fictional data/));
    expect(received.length).toBe(before);

    // Saving credentials switches the next evaluation to the service.
    await saveSettings(
      storage,
      { primaryUrl: server.url, idSubjectFM: DEMO_CREDENTIALS.idSubjectFM },
      DEMO_CREDENTIALS.tokken,
    );
    runtime.reloadSharedSettings();
    await fns.pep(KNOWN.pepSpouse.name, KNOWN.pepSpouse.date, null, invocation());
    expect((await runtime.sharedRuntime().context()).mode).toBe('live');
    expect(received.length).toBe(before + 1);
  });
});

describe('CHECKLISTS functions when the service fails', () => {
  const scripted: ScriptedServer[] = [];
  afterAll(async () => {
    await Promise.all(scripted.map((s) => s.close()));
  });

  async function runtimeAgainst(url: string, extra: Partial<Settings> = {}, tokken: string = DEMO_CREDENTIALS.tokken) {
    const storage = memoryStorage();
    await saveSettings(
      storage,
      { primaryUrl: url, idSubjectFM: DEMO_CREDENTIALS.idSubjectFM, timeoutSeconds: 1, ...extra },
      tokken,
    );
    return startAddinRuntime(storage);
  }

  function evaluateMany(fns: FunctionsModule, tracker: PromiseTracker) {
    const names = ['Іваненко Іван Іванович', 'Петренко Петро', 'Сидоренко Ольга'];
    return names.flatMap((name) => [
      outcome(tracker.track(fns.pep(name, null, null, invocation()))),
      outcome(tracker.track(fns.sanctions(name, null, null, invocation()))),
      outcome(tracker.track(fns.level(name, null, null, [[null]], invocation()))),
    ]);
  }

  it.each([
    ['answers 503', { kind: 'json', status: 503, body: { message: 'down' } } as const],
    ['never answers', { kind: 'hang' } as const],
    ['drops the connection', { kind: 'drop' } as const],
  ])(
    'gives #N/A with a reason, in bounded time, when the service %s; no promise left pending',
    async (_label, reply) => {
      const s = await startScriptedServer(reply);
      scripted.push(s);
      const { fns, runtime } = await runtimeAgainst(s.url);
      const tracker = new PromiseTracker();
      const started = Date.now();
      const results = evaluateMany(fns, tracker);
      // One request per subject (merged), at most two attempts of 1 s each plus backoff.
      expect(await tracker.pendingAfter(10_000)).toBe(0);
      const elapsed = Date.now() - started;
      for (const r of await Promise.all(results)) {
        expect(r.error).toMatchObject({
          code: '#N/A',
          message: expect.stringMatching(/could not be reached|No answer/),
        });
      }
      expect(elapsed).toBeLessThan(runtime.requestBoundMs({ ...DEFAULT_SETTINGS, timeoutSeconds: 1 }) + 2000);
      expect(s.received.length).toBeLessThanOrEqual(3 * 2);
    },
    20_000,
  );

  it('LEVEL gives #N/A, not "no hits", when a registry it asked for is missing from the answer', async () => {
    const s = await startScriptedServer({
      kind: 'json',
      status: 200,
      body: { idrequest: '1', listdata: '-1', search: '1', result: { peps: [] } },
    });
    scripted.push(s);
    const { fns } = await runtimeAgainst(s.url);
    const name = 'Іваненко Іван Іванович';
    const screen = await fns.screen(name, null, null, null, [['peps, psanctions']], invocation());
    expect(screen[0][0]).toBe(0);
    expect(screen[0][1]).toMatchObject({ code: '#N/A' });
    const level = await outcome(fns.level(name, null, null, [['peps, psanctions']], invocation()));
    expect(level.error).toMatchObject({ code: '#N/A', message: expect.stringMatching(/Sanctions/) });
    expect(await fns.level(name, null, null, [['peps']], invocation())).toBe('No hits');
  });

  it("waits out the relay's limit per analyst (429): the cell fills once the relay lets the request through", async () => {
    // The relay's own refusal, as its /api sends it past --rate-per-minute.
    const limit = Refusal.rateLimited(1);
    const s = await startScriptedServer((req) =>
      req.method === 'POST' && s.received.length === 1
        ? { kind: 'json', status: limit.status, body: { error: limit.code, message: limit.text } }
        : { kind: 'json', status: 200, body: { idrequest: '1', listdata: '512', search: '1', result: { peps: [] } } },
    );
    scripted.push(s);
    const { fns } = await runtimeAgainst(s.url);
    const row = await fns.pep('Іваненко Іван Іванович', null, null, invocation());
    expect(row).toEqual([['No hits', 0, 0]]);
    expect(s.received).toHaveLength(2);
    // Not at once, which would only add to the relay's count: after the first of RATE_LIMIT_WAITS_MS.
    expect(s.received[1].at - s.received[0].at).toBeGreaterThanOrEqual(RATE_LIMIT_WAITS_MS[0] - 50);
  }, 20_000);

  it('gives #N/A when nothing listens at the address', async () => {
    const s = await startScriptedServer({ kind: 'json', status: 200, body: {} });
    const url = s.url;
    await s.close();
    const { fns } = await runtimeAgainst(url);
    const tracker = new PromiseTracker();
    const r = await outcome(tracker.track(fns.pep('Іваненко Іван', null, null, invocation())));
    expect(r.error).toMatchObject({ code: '#N/A', message: expect.stringMatching(/could not be reached/) });
    expect(tracker.pending()).toBe(0);
  }, 20_000);

  it('gives #N/A with the account reason, and stops asking after an account error', async () => {
    const requests: string[] = [];
    const server = await startSandboxServer({ log: (line) => requests.push(line) });
    try {
      const { fns } = await runtimeAgainst(server.url, {}, 'wrong-tokken');
      const tracker = new PromiseTracker();
      const first = await Promise.all(evaluateMany(fns, tracker));
      for (const r of first) {
        expect(r.error).toMatchObject({ code: '#N/A', message: expect.stringMatching(/User not found/) });
      }
      expect(await tracker.pendingAfter(5000)).toBe(0);
      // Every further request would fail too: after the first answer nothing more is sent.
      expect(requests.length).toBeGreaterThanOrEqual(1);
      expect(requests.length).toBeLessThanOrEqual(3);
      const sentBefore = requests.length;
      const again = await outcome(fns.pep('Новий Клієнт', null, null, invocation()));
      expect(again.error).toMatchObject({ code: '#N/A', message: expect.stringMatching(/User not found/) });
      expect(requests.length).toBe(sentBefore);
    } finally {
      await server.close();
    }
  }, 20_000);
});
