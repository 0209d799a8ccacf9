import { recordOf } from '../../src/core/answer/record-identity';
import { relayDecisionsOf } from '../../src/core/answer/relay-decisions';
import { summarize } from '../../src/core/answer/summary';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { parse as parseCsv } from 'csv-parse/sync';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRelay } from '../../src/cli/commands/relay-command';
import { runRelayConnectionTest } from '../../src/taskpane/settings/relay-connection';
import { runCli } from '../../src/cli/main';
import { cliEnv, readWorkbook } from './cli-support';
import ExcelJS from 'exceljs';
import type { CliIo } from '../../src/cli/io';
import { createKey } from '../../src/relay/keys';
import type { RelayRole } from '../../src/relay/roles';
import { KNOWN } from '../../src/sandbox';
import { invocation, saveSettings, startAddinRuntime } from '../support/addin-runtime';
import { memoryStorage } from '../../src/core/settings/storage';
import { SettingsStore } from '../../src/core/settings/settings-store';
import { connect } from '../../src/shared-runtime/connection';
import { recogniseColumns } from '../../src/bulk/columns';
import { ALL_LISTS } from '../../src/core/protocol/listdata';
import { readSelectionInput } from '../../src/excel/bulk/bulk-input';
import { startWorkbookRun } from '../../src/excel/bulk/bulk-run';
import { WorkbookFake } from '../support/workbook-fake';
import { saveWorkbookDecisions } from '../../src/excel/bulk/save-decisions';
import { recordDecision, sendDecisions } from '../../src/taskpane/results/decision-client';
import { explainHit } from '../../src/core/answer/explain';
import { validateQuery } from '../../src/core/query';
import { fromBothLanguages } from '../../src/core/text/both-languages';
import { decisionsFromFile } from '../../src/cli/commands/decisions-import';
import { hitsColumns } from '../../src/bulk/result-table';
import { decisionCsvHeader, decisionCsvRows } from '../../src/relay/decision-export';
import { cellAddress } from '../../src/excel/a1';
import {
  post,
  resetStore,
  startRecordingSandbox,
  startTestDatabase,
  startTestRelay,
  type RecordingSandbox,
  type TestDatabase,
  type TestRelay,
} from './relay-support';

/**
 * The decision record and the accept list on a real PostgreSQL with two relay instances: a
 * namesake cleared by one analyst on one instance is muted for another analyst on the other;
 * four-eyes; the auditor's export; the analyst always the authenticated one.
 */

let db: TestDatabase;
let sandbox: RecordingSandbox;
const relays: TestRelay[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  sandbox = await startRecordingSandbox(1);
}, 60_000);

afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
  await resetStore(db.url);
  sandbox.requests.length = 0;
});

afterAll(async () => {
  await sandbox?.close();
  await db?.drop();
});

async function pair(): Promise<[TestRelay, TestRelay]> {
  const config = { coordinateInstances: true, fourEyes: ['psanctions' as const] };
  const a = await startTestRelay(db.url, sandbox.urls, { ...config, instance: 'one' });
  const b = await startTestRelay(db.url, sandbox.urls, { ...config, instance: 'two' });
  relays.push(a, b);
  return [a, b];
}

async function key(relay: TestRelay, name: string, role: RelayRole = 'analyst'): Promise<string> {
  const made = await createKey(relay.store, name, role);
  if (made === 'exists') throw new Error(name);
  return made.key;
}

async function call(relay: TestRelay, path: string, body: unknown) {
  const res = await fetch(`${relay.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const SUBJECT = { name: KNOWN.pepSanctioned.name };

/** What =CHECKLISTS.PEP and a bulk row compute from an answer: core's summary of the parsed envelope. */
async function screen(relay: TestRelay, tokken: string) {
  const reply = await post(relay.url, { tokken, ...SUBJECT });
  expect(reply.status).toBe(200);
  const envelope = parseEnvelope(reply.json);
  return { envelope, wire: reply.json as Record<string, unknown>, summary: summarize(envelope) };
}

function hitsOf(summary: ReturnType<typeof summarize>, registry: string): number {
  return summary.registries.find((r) => r.key === registry)?.hits ?? 0;
}

function itemOf(wire: Record<string, unknown>, registry: 'peps' | 'psanctions'): object {
  const items = (wire.result as Record<string, unknown[]>)[registry];
  expect(items.length).toBeGreaterThan(0);
  return items[0] as object;
}

it('a namesake cleared by analyst A on instance 1 is muted for analyst B on instance 2, counts and level included; a changed record comes back as changed', async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const petro = await key(one, 'petro');

  const before = await screen(two, petro);
  expect(hitsOf(before.summary, 'peps')).toBe(1);
  const pepItem = itemOf(before.wire, 'peps');
  const pep = recordOf('peps', pepItem);

  const recorded = await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'peps',
    ...pep,
    decision: 'false-positive',
    reason: 'different-birth-date',
    comment: 'Клієнт 1985 р. н., PEP — 1967',
  });
  expect(recorded.status).toBe(200);
  expect(recorded.json.results).toEqual([
    { status: 'recorded', id: expect.any(Number), index: 0, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) },
  ]);

  // Instance 2, analyst B, the same subject (from the shared cache now): the PEP hit is muted
  // within seconds (instance 2 read the subject's decisions just before; it trusts that for 1 s).
  const decidedAt = Date.now();
  let after = await screen(two, petro);
  while (hitsOf(after.summary, 'peps') > 0 && Date.now() - decidedAt < 3_000) {
    await new Promise((r) => setTimeout(r, 100));
    after = await screen(two, petro);
  }
  expect(hitsOf(after.summary, 'peps')).toBe(0);
  expect(Date.now() - decidedAt).toBeLessThan(2_000);
  expect(hitsOf(after.summary, 'psanctions')).toBe(hitsOf(before.summary, 'psanctions'));
  expect(after.summary.totalHits).toBe(before.summary.totalHits - 1);
  // Muted is not hidden: the answer says what was muted, by whom and when.
  const notes = relayDecisionsOf(after.envelope)!;
  expect(notes.muted).toEqual([
    expect.objectContaining({
      registry: 'peps',
      record: pep.record,
      decision: 'false-positive',
      analyst: 'olena',
      state: 'in-force',
      name: KNOWN.pepSanctioned.name,
    }),
  ]);
  expect(notes.changed).toEqual([]);
  expect(sandbox.requests.filter((r) => r.path === '/api')).toHaveLength(1);

  // The record as it was decided differs from today's (the registry edited the entry): back, as changed.
  const sanction = recordOf('psanctions', itemOf(before.wire, 'psanctions'));
  await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'peps',
    record: pep.record,
    fingerprint: 'ffffffffffffffff',
    decision: 'false-positive',
    reason: 'different-birth-date',
  });
  // Instance 1 recorded it, so it knows at once.
  const changed = await screen(one, petro);
  expect(hitsOf(changed.summary, 'peps')).toBe(1);
  expect(relayDecisionsOf(changed.envelope)!.changed).toEqual([
    expect.objectContaining({ registry: 'peps', record: pep.record, analyst: 'olena' }),
  ]);
  expect(sanction.record).toMatch(/^psanctions:/);
}, 60_000);

/** The add-in through the relay: settings as the pane saves them (relay connection, the analyst's own key). */
async function addinStorage(relay: TestRelay, analystKey: string) {
  const storage = memoryStorage();
  await saveSettings(storage, { connection: 'relay', primaryUrl: relay.url }, analystKey);
  return storage;
}

/** The add-in's bulk run of these names through a relay, with the connection the pane makes from its settings. */
async function bulkThrough(relay: TestRelay, tokken: string, names: string[]) {
  const fake = new WorkbookFake();
  const restore = fake.install();
  try {
    fake.setSheet('Клієнти', [['ПІБ'], ...names.map((n) => [n])]).select('Клієнти', `A1:A${names.length + 1}`);
    const input = await readSelectionInput();
    const loaded = await new SettingsStore(await addinStorage(relay, tokken)).load();
    const client = connect(loaded).client;
    const before = fake.sheetNames();
    const report = await (
      await startWorkbookRun(
        {
          input,
          mapping: recogniseColumns(input.headers),
          options: { listdata: ALL_LISTS, search: 1, lowranklimit: 0 },
          lang: 'en',
          mode: 'live',
          modeLabel: { uk: 'релей', en: 'relay' },
          tuning: { concurrency: 2, chunkRows: 50, flushIntervalMs: 10_000 },
        },
        { ask: (query, options) => client.search(query, options) },
      )
    ).done;
    expect(report.status).toBe('completed');
    const added = fake.sheetNames().filter((n) => !before.includes(n) && fake.sheetVisibility(n) === 'Visible');
    return {
      results: fake.sheetValues(added.find((n) => !/hits/.test(n))!),
      hits: fake.sheetValues(added.find((n) => /hits/.test(n))!),
    };
  } finally {
    restore();
  }
}

it("analyst B's =CHECKLISTS.PEP and the add-in's bulk run through instance 2 show the namesake A cleared on instance 1 as muted", async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const petro = await key(one, 'petro');

  // Before the decision, B's function sees the PEP hit (its own runtime and answer cache).
  const beforeFns = startAddinRuntime(await addinStorage(two, petro)).fns;
  const pepBefore = await beforeFns.pep(SUBJECT.name, null, null, invocation());
  expect(pepBefore[0][2]).toBe(1);
  const sanctionsBefore = await beforeFns.sanctions(SUBJECT.name, null, null, invocation());
  expect(sanctionsBefore[0][2]).toBeGreaterThan(0);

  const pep = recordOf('peps', itemOf((await screen(one, olena)).wire, 'peps'));
  const recorded = await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'peps',
    ...pep,
    decision: 'false-positive',
    reason: 'different-birth-date',
  });
  expect(recorded.json.results).toEqual([expect.objectContaining({ status: 'recorded' })]);
  // Instance 2 trusts what it read of this subject for a second.
  await new Promise((r) => setTimeout(r, 1_100));

  // A fresh add-in runtime (a new workbook, a colleague's Excel): PEP muted, sanctions untouched.
  const fns = startAddinRuntime(await addinStorage(two, petro)).fns;
  expect(await fns.pep(SUBJECT.name, null, null, invocation())).toEqual([['No hits', 0, 0]]);
  expect(await fns.sanctions(SUBJECT.name, null, null, invocation())).toEqual(sanctionsBefore);

  // The add-in's bulk run, with the connection the pane makes from the same settings.
  const { results, hits } = await bulkThrough(two, petro, [SUBJECT.name, 'Зовсім Інша Особа']);
  const header = results.findIndex((r) => r.includes('Status'));
  const at = (name: string) => results[header].indexOf(name);
  const row = results.find((r) => r.includes(SUBJECT.name))!;
  expect(row[at('PEP')]).toBe(0);
  expect(row[at('Status')]).toContain("1 muted by the relay's accept list");
  expect(row[at('Muted by relay')]).toBe(1);
  expect(hits.filter((r) => r.includes('PEP') && r.includes(SUBJECT.name))).toEqual([]);
}, 60_000);

it("a bulk run's hits sheet names a colleague's decision the record has moved on from, and leaves the hit to decide", async () => {
  const [one] = await pair();
  const olena = await key(one, 'olena');
  const petro = await key(one, 'petro');
  const pep = recordOf('peps', itemOf((await screen(one, olena)).wire, 'peps'));
  // Olena cleared the record as it stood before the registry edited it (another fingerprint).
  const recorded = await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'peps',
    record: pep.record,
    fingerprint: 'ffffffffffffffff',
    decision: 'false-positive',
    reason: 'different-birth-date',
  });
  expect(recorded.json.results).toEqual([expect.objectContaining({ status: 'recorded' })]);

  const { hits } = await bulkThrough(one, petro, [SUBJECT.name]);
  const columns = hitsColumns('en');
  const col = (id: string) => columns.findIndex((c) => c.id === id);
  const pepRows = hits.filter((r) => String(r[col('hitId')]).includes(`|${pep.record}|`));
  expect(pepRows).toHaveLength(1);
  expect(pepRows[0][col('change')]).toBe(
    'Decided on the relay by olena (False positive) before the record changed: decide again',
  );
  expect([pepRows[0][col('decision')], pepRows[0][col('decidedBy')]]).toEqual(['', '']);
  // The subject's other hits, on other records, carry nothing of it.
  const others = hits.slice(1).filter((r) => r[col('hitId')] && !String(r[col('hitId')]).includes(`|${pep.record}|`));
  expect(others.length).toBeGreaterThan(0);
  expect(others.map((r) => r[col('change')])).toEqual(others.map(() => ''));
}, 60_000);

it("Save decisions sends a hits sheet's Decision, Reason and Comment to the relay in one go, under the analyst's key; saving again adds nothing; what cannot be sent is named", async () => {
  const [one, two] = await pair();
  const petro = await key(one, 'petro');
  const options = { listdata: ALL_LISTS, search: 1 as const, lowranklimit: 0 };
  const fake = new WorkbookFake();
  const restore = fake.install();
  try {
    fake
      .setSheet('Клієнти', [['ПІБ'], [SUBJECT.name], ['Зовсім Інша Особа'], [KNOWN.manager.name]])
      .select('Клієнти', 'A1:A4');
    const input = await readSelectionInput();
    const client = connect(await new SettingsStore(await addinStorage(two, petro)).load()).client;
    const before = fake.sheetNames();
    const report = await (
      await startWorkbookRun(
        {
          input,
          mapping: recogniseColumns(input.headers),
          options,
          lang: 'en',
          mode: 'live',
          modeLabel: { uk: 'релей', en: 'relay' },
          tuning: { concurrency: 2, chunkRows: 50, flushIntervalMs: 10_000 },
        },
        { ask: (query, opts) => client.search(query, opts) },
      )
    ).done;
    expect(report.status).toBe('completed');
    const hitsSheet = fake.sheetNames().find((n) => !before.includes(n) && /hits/.test(n))!;
    const hits = fake.sheetValues(hitsSheet);
    const at = Object.fromEntries(hitsColumns('en').map((c) => [c.id, hits[0].indexOf(c.header)]));
    const pepRow = hits.findIndex((r) => r[at.input] === SUBJECT.name && r[at.registry] === 'PEP');
    const managerRow = hits.findIndex((r) => r[at.input] === KNOWN.manager.name);
    expect(pepRow).toBeGreaterThan(0);
    expect(managerRow).toBeGreaterThan(0);
    fake.pasteValues(hitsSheet, cellAddress(pepRow, at.decision), [
      ['False positive', 'namesake (different birth date)', 'Клієнт 1985 р. н.'],
    ]);
    fake.pasteValues(hitsSheet, cellAddress(managerRow, at.decision), [['Needs review', 'ask compliance', '']]);
    // The manager left the client list since the run: that decision cannot be tied to a client.
    fake.pasteValues('Клієнти', 'A4', [['Ще Одна Особа']]);

    const relay = { url: two.url, key: petro };
    const send = (items: readonly object[]) => sendDecisions(relay, items);
    const saved = await saveWorkbookDecisions(hitsSheet, options, send);
    expect(saved).toMatchObject({ recorded: 1, pending: 0, unchanged: 0, refused: [] });
    expect(saved.notSent).toEqual([{ identity: expect.stringContaining('|edr:'), why: 'not-in-list' }]);

    const history = await call(one, '/decisions/history', { tokken: petro, ...SUBJECT });
    expect(history.json.history).toEqual([
      expect.objectContaining({
        analyst: 'petro',
        registry: 'peps',
        decision: 'false-positive',
        reason: 'different-birth-date',
        comment: 'Клієнт 1985 р. н.',
      }),
    ]);
    // Saving the same sheet again adds nothing to the record.
    expect(await saveWorkbookDecisions(hitsSheet, options, send)).toMatchObject({ recorded: 0, unchanged: 1 });
    expect(((await call(one, '/decisions/history', { tokken: petro, ...SUBJECT })).json.history as []).length).toBe(1);

    // And the next answer through either instance has the hit muted.
    await new Promise((r) => setTimeout(r, 1_100));
    expect(hitsOf((await screen(one, petro)).summary, 'peps')).toBe(0);
  } finally {
    restore();
  }
}, 60_000);

it("a hits sheet's worth of decisions (5,000) goes in under the relay's body limit, each answered in order with its own id", async () => {
  const [one] = await pair();
  const olena = await key(one, 'olena');
  const decisions = Array.from({ length: 5_000 }, (_, i) => ({
    subject: { name: `Пакетний Клієнт ${i}` },
    registry: 'peps',
    record: `peps:${i}`,
    fingerprint: '0123456789abcdef',
    decision: 'false-positive',
    reason: 'other-person',
    comment: `рядок ${i}`,
  }));
  // Sent whole, the body is over the relay's 64 KB limit: refused as such, nothing recorded.
  expect((await call(one, '/decisions', { tokken: olena, decisions })).status).toBe(413);
  const relay = { url: one.url, key: olena };
  const started = performance.now();
  const results = (await sendDecisions(relay, decisions)) as { status: string; id: number }[];
  const ms = performance.now() - started;
  expect(results.map((r) => r.status)).toEqual(decisions.map(() => 'recorded'));
  expect(new Set(results.map((r) => r.id)).size).toBe(5_000);
  // Each id is its own decision's: the 4,321st client's history names record peps:4321.
  const history = await call(one, '/decisions/history', { tokken: olena, name: 'Пакетний Клієнт 4321' });
  expect(history.json.history).toEqual([
    expect.objectContaining({ id: results[4321].id, record: 'peps:4321', comment: 'рядок 4321' }),
  ]);
  // The same batch again adds nothing.
  const again = await sendDecisions(relay, decisions);
  expect(new Set(again.map((r) => r.status))).toEqual(new Set(['unchanged']));
  console.log(`5,000 decisions through the pane's client: ${Math.round(ms)} ms`);
}, 60_000);

it('four-eyes: a decision on psanctions is pending and unmuted; its author cannot approve it, an analyst cannot, an approver can; the history shows both with their times', async () => {
  const [one, two] = await pair();
  const anna = await key(one, 'anna', 'approver');
  const bohdan = await key(one, 'bohdan', 'approver');
  const clerk = await key(one, 'clerk');
  const first = await screen(one, anna);
  const sanction = recordOf('psanctions', itemOf(first.wire, 'psanctions'));

  const proposed = await call(one, '/decisions', {
    tokken: anna,
    subject: SUBJECT,
    registry: 'psanctions',
    ...sanction,
    decision: 'false-positive',
    reason: 'different-code',
  });
  const [result] = proposed.json.results as { status: string; id: number }[];
  expect(result.status).toBe('pending');
  expect(hitsOf((await screen(two, clerk)).summary, 'psanctions')).toBe(hitsOf(first.summary, 'psanctions'));

  // The waiting list: the whole of it for approvers (on any instance); an analyst, their own only.
  const waiting = await call(two, '/decisions/pending', { tokken: bohdan });
  expect(waiting.status).toBe(200);
  expect(waiting.json.pending).toEqual([
    expect.objectContaining({ id: result.id, analyst: 'anna', registry: 'psanctions', decision: 'false-positive' }),
  ]);
  expect(await call(two, '/decisions/pending', { tokken: clerk })).toEqual({
    status: 200,
    json: { analyst: 'clerk', approver: false, scope: 'own', pending: [], returned: [] },
  });
  // A key that neither decides nor approves (an administrator's) has no such list.
  const admin = await key(one, 'it-admin', 'admin');
  expect((await call(two, '/decisions/pending', { tokken: admin })).status).toBe(403);
  // The pane's Test connection tells an approver that a colleague's decision waits; not its author, nor an analyst.
  const tested = async (k: string) => (await runRelayConnectionTest(two.url, k, 'en')).details;
  expect(await tested(bohdan)).toContain(
    '1 decision by colleagues waits for your approval: Bulk screening → Waiting for approval.',
  );
  expect((await tested(anna)).join(' ')).not.toContain('waits for your approval');
  expect((await tested(clerk)).join(' ')).not.toContain('waits for your approval');
  expect((await runRelayConnectionTest(two.url, bohdan, 'uk')).details).toContain(
    '1 рішення колег чекає вашого погодження: Масова перевірка → Очікують погодження.',
  );
  // The command line's list and approval ride on the same routes (checklists approve).
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: anna }),
    cwd: tmpdir(),
    platform: process.platform,
    interrupt: new AbortController().signal,
  };
  expect(await runCli(['approve'], io)).toBe(0);
  expect(stdout).toContain(`Waiting for a second person at ${new URL(two.url).origin} (1), oldest first:`);
  expect(stdout).toMatch(
    new RegExp(`#${result.id} {2}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC {2}anna {2}${SUBJECT.name} {2}psanctions:`),
  );
  expect(stdout).toContain('(yours: another approver must approve it)');
  // Only their own waits: no command to approve it is offered.
  expect(stdout).not.toContain('Approve with');
  // Its author is refused with the relay's why, and the exit code says not everything was approved.
  expect(await runCli(['approve', String(result.id)], io)).toBe(2);
  expect(stderr).toContain(`#${result.id} not approved:`);
  expect(stderr).toContain('its author cannot approve it');

  const own = await call(two, '/decisions/approve', { tokken: anna, id: result.id });
  expect(own.status).toBe(403);
  expect(own.json.message).toContain('its author cannot approve it');
  const byAnalyst = await call(two, '/decisions/approve', { tokken: clerk, id: result.id });
  expect(byAnalyst.status).toBe(403);
  expect(byAnalyst.json.message).toContain('Only an approver');

  // A second approver is offered the command with the number to approve, and approves ("#12" as the list prints it).
  stdout = '';
  const bohdanIo = { ...io, env: cliEnv({ CHECKLISTS_URL: one.url, CHECKLISTS_TOKKEN: bohdan }) };
  expect(await runCli(['approve'], bohdanIo)).toBe(0);
  expect(stdout).toContain(`Approve with: checklists approve ${result.id}\n`);
  stdout = '';
  expect(
    await runCli(['approve', `#${result.id}`], {
      ...io,
      env: cliEnv({ CHECKLISTS_URL: one.url, CHECKLISTS_TOKKEN: bohdan }),
    }),
  ).toBe(0);
  expect(stdout).toMatch(new RegExp(`^#${result.id} approved \\(record line #\\d+\\)\\.\\n$`));
  // Approved: nothing waits any more.
  expect((await call(one, '/decisions/pending', { tokken: bohdan })).json.pending).toEqual([]);
  const again = await call(two, '/decisions/approve', { tokken: bohdan, id: result.id });
  // The body's code agrees with the status, so a client reading either learns the same thing.
  expect([again.status, again.json.error]).toEqual([409, 409]);
  expect(again.json.message).toContain('not waiting for approval');
  const unknown = await call(two, '/decisions/approve', { tokken: bohdan, id: result.id + 1000 });
  expect([unknown.status, unknown.json.error]).toEqual([404, 404]);
  const notANumber = await call(two, '/decisions/approve', { tokken: bohdan, id: 'the first one' });
  expect([notANumber.status, notANumber.json.error]).toEqual([400, 100]);
  expect(notANumber.json.message).toContain('by its id: a whole number above 0');
  const muted = await screen(one, clerk);
  expect(hitsOf(muted.summary, 'psanctions')).toBe(0);
  expect(relayDecisionsOf(muted.envelope)!.muted).toEqual([
    expect.objectContaining({ registry: 'psanctions', analyst: 'anna', approvedBy: 'bohdan', state: 'in-force' }),
  ]);

  const history = await call(one, '/decisions/history', { tokken: clerk, ...SUBJECT });
  expect(history.status).toBe(200);
  const lines = history.json.history as { kind: string; analyst: string; at: string; approves: number | null }[];
  expect(lines.map((l) => [l.kind, l.analyst, l.approves])).toEqual([
    ['decision', 'anna', null],
    ['approval', 'bohdan', result.id],
  ]);
  for (const l of lines) expect(Date.parse(l.at)).toBeGreaterThan(Date.now() - 60_000);
  expect(history.json.current).toEqual([
    expect.objectContaining({ id: result.id, state: 'in-force', approvedBy: 'bohdan' }),
  ]);
}, 60_000);

it('the waiting list leaves out a decision superseded by a newer one on the same hit, and lists what still waits, oldest first', async () => {
  const [one] = await pair();
  const olena = await key(one, 'olena');
  const anna = await key(one, 'anna', 'approver');
  const inspector = await key(one, 'inspector', 'auditor');
  const first = await screen(one, olena);
  const sanction = recordOf('psanctions', itemOf(first.wire, 'psanctions'));
  const decide = (decision: string, subject: object) =>
    call(one, '/decisions', { tokken: olena, subject, registry: 'psanctions', ...sanction, decision });
  const superseded = ((await decide('true-match', SUBJECT)).json.results as { id: number }[])[0].id;
  const other = ((await decide('true-match', { ...SUBJECT, date: '1967-04-12' })).json.results as { id: number }[])[0]
    .id;
  // A newer decision on the first hit: the older one waits no more (needs review needs no second person).
  await decide('needs-review', SUBJECT);
  const pending = (await call(one, '/decisions/pending', { tokken: anna })).json.pending as { id: number }[];
  expect(pending.map((p) => p.id)).toEqual([other]);
  expect(pending.map((p) => p.id)).not.toContain(superseded);
  // An auditor reads it too; it is part of the record. Told it may not approve, the pane offers no buttons.
  const read = await call(one, '/decisions/pending', { tokken: inspector });
  expect(read).toEqual({
    status: 200,
    json: expect.objectContaining({ approver: false, scope: 'all', pending: expect.any(Array) }),
  });
  expect((await call(one, '/decisions/pending', { tokken: anna })).json.approver).toBe(true);
}, 60_000);

it('the analyst is always the authenticated one: a body naming another is refused, the others of the batch recorded', async () => {
  const [one] = await pair();
  const olena = await key(one, 'olena');
  const first = await screen(one, olena);
  const pep = recordOf('peps', itemOf(first.wire, 'peps'));
  const decision = { subject: SUBJECT, registry: 'peps', ...pep, decision: 'needs-review', reason: 'incomplete-data' };
  const saved = await call(one, '/decisions', {
    tokken: olena,
    decisions: [
      { ...decision, analyst: 'chief.officer' },
      decision,
      { ...decision, decision: 'maybe' },
      { ...decision, subject: { name: '' } },
      { ...decision, comment: 'pasted\u0000binary' },
      { ...decision, fingerprint: 'not-hex' },
      { ...decision, reason: 'not-the-person' },
      { ...decision, note: 'a field of our own' },
    ],
  });
  expect(saved.status).toBe(200);
  const results = saved.json.results as { status: string; reason?: string; message?: string }[];
  expect(results.map((r) => r.status)).toEqual([
    'refused',
    'recorded',
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
  ]);
  expect(results[4].reason).toBe('comment: holds a NUL character');
  expect(results[0].reason).toBe('identity-in-body');
  expect(results[2].reason).toMatch(/^decision:/);
  // Beside the short reason, what the person who sent it reads: Ukrainian, then English.
  expect(results.map((r) => r.message?.split(' / ')[1])).toEqual([
    'A decision must not name its author or time (analyst): the relay takes them from your key and its own clock.',
    undefined,
    'decision: one of true-match, false-positive, needs-review.',
    expect.stringMatching(/^subject: /),
    'comment: at most 2,000 characters, with no NUL character.',
    "fingerprint: 16 hexadecimal digits, as in the hits sheet's Record fingerprint column.",
    expect.stringMatching(/^reason: one of confirmed-by-code, .*other-person\.$/),
    'Unknown field note: a decision has subject, registry, record, fingerprint, decision, reason, comment, suggested, why and onRecord.',
  ]);
  expect(results[3].message).toMatch(/^subject: Вкажіть хоча б одне/);
  const history = await call(one, '/decisions/history', { tokken: olena, ...SUBJECT });
  expect((history.json.history as { analyst: string }[]).map((l) => l.analyst)).toEqual(['olena']);
}, 60_000);

it('a key in the address of a record route is refused before it is read, in both languages; /api keeps the service’s GET', async () => {
  const [one] = await pair();
  const olena = await key(one, 'olena');
  const query = (path: string) =>
    `${one.url}${path}?tokken=${encodeURIComponent(olena)}&name=${encodeURIComponent(SUBJECT.name)}`;
  for (const [path, method] of [
    ['/decisions/history', 'GET'],
    ['/decisions/pending', 'GET'],
    ['/certificates/1.pdf', 'GET'],
    ['/archive/1', 'POST'],
    ['/audit/export', 'POST'],
  ] as const) {
    const res = await fetch(query(path), { method, ...(method === 'POST' ? { body: '{}' } : {}) });
    expect([path, res.status]).toEqual([path, 400]);
    const body = (await res.json()) as { error: number; message: string };
    expect(body.message).toBe(
      'Ключ надіслано в адресі запиту, а адреси проксі й браузери зберігають у своїх журналах. Надсилайте його в тілі POST-запиту (tokken) і попросіть адміністратора замінити ключ. / ' +
        'The key was sent in the address (?tokken=…), and proxies and browsers keep addresses in their logs. Send it in the tokken field of a POST body, and ask your administrator to replace it.',
    );
    expect(body.message).not.toContain(olena);
  }
  // The same key in the body reads the history; the service's own GET of /api still answers.
  expect((await call(one, '/decisions/history', { tokken: olena, ...SUBJECT })).status).toBe(200);
  const api = await fetch(
    `${one.url}/api?tokken=${encodeURIComponent(olena)}&name=${encodeURIComponent(SUBJECT.name)}`,
  );
  expect(api.status).toBe(200);
}, 60_000);

it('a history with no lines of its own names the same name’s other subjects by the details they were screened with, never the values', async () => {
  const [one] = await pair();
  const olena = await key(one, 'olena');
  const pep = recordOf('peps', itemOf((await screen(one, olena)).wire, 'peps'));
  const decide = (subject: Record<string, string>) => ({
    subject,
    registry: 'peps',
    ...pep,
    decision: 'needs-review',
    reason: 'incomplete-data',
  });
  const detailed = { ...SUBJECT, date: '1967-04-12', ipn: '2457304172', doc: 'ВА 730412' };
  const saved = await call(one, '/decisions', {
    tokken: olena,
    decisions: [decide(detailed), decide(detailed), decide({ name: `  ${SUBJECT.name.toLowerCase()} ` })],
  });
  expect((saved.json.results as { status: string }[]).map((r) => r.status)).toEqual([
    'recorded',
    'recorded',
    'recorded',
  ]);
  // The name alone has its own line: nothing else is pointed to.
  const own = await call(one, '/decisions/history', { tokken: olena, ...SUBJECT });
  expect(own.json).toMatchObject({ sameName: [] });
  expect((own.json.history as unknown[]).length).toBe(1);
  // With a birth date the subject is another, with no lines: both namesakes are named by their details.
  const asked = await call(one, '/decisions/history', { tokken: olena, ...SUBJECT, date: '1967-04-12' });
  expect(asked.json).toEqual({
    current: [],
    history: [],
    sameName: [
      { details: ['date', 'ipn', 'doc'], lines: 2 },
      { details: [], lines: 1 },
    ],
  });
  expect(JSON.stringify(asked.json)).not.toMatch(/2457304172|730412/);
  const other = await call(one, '/decisions/history', { tokken: olena, name: 'Зовсім Інша Особа' });
  expect(other.json.sameName).toEqual([]);
}, 60_000);

it('an auditor exports the whole record (HTTP and the command line) and cannot search or decide; others cannot export', async () => {
  const [one] = await pair();
  const olena = await key(one, 'olena');
  const inspector = await key(one, 'inspector', 'auditor');
  const first = await screen(one, olena);
  const pep = recordOf('peps', itemOf(first.wire, 'peps'));
  await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'peps',
    ...pep,
    decision: 'false-positive',
    reason: 'different-birth-date',
    comment: '=HYPERLINK("http://x")',
  });
  sandbox.requests.length = 0;
  expect((await post(one.url, { tokken: inspector, ...SUBJECT })).status).toBe(403);
  expect(sandbox.requests).toHaveLength(0);
  const decide = await call(one, '/decisions', {
    tokken: inspector,
    subject: SUBJECT,
    registry: 'peps',
    ...pep,
    decision: 'true-match',
  });
  expect(decide.status).toBe(403);
  // A decision is recorded by POST: a GET is told so, not sent to /api.
  const asGet = await fetch(`${one.url}/decisions`);
  expect(asGet.status).toBe(405);
  expect(asGet.headers.get('allow')).toBe('POST');
  expect(((await asGet.json()) as { message: string }).message).toBe(
    'Для /decisions використовуйте POST. / Use POST for /decisions.',
  );

  const csv = await fetch(`${one.url}/decisions/export`, {
    method: 'POST',
    body: JSON.stringify({ tokken: inspector }),
  });
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toContain('text/csv');
  // Read as bytes: text() drops a BOM, and Excel needs it to open the file as UTF-8.
  const raw = Buffer.from(await csv.arrayBuffer()).toString('utf8');
  expect(raw.startsWith('\uFEFFid,at,kind,')).toBe(true);
  const lines = raw.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'id,at,kind,analyst,subject,subject_key,registry,record,fingerprint,decision,reason,comment,needs_approval,approves,instance,suggested,why,returns',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',olena,');
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
  const refused = await fetch(`${one.url}/decisions/export`, {
    method: 'POST',
    body: JSON.stringify({ tokken: olena }),
  });
  expect(refused.status).toBe(403);

  // checklists decisions, from the auditor's own computer: the same bytes, to stdout or a file.
  const client = async (args: string[], tokken: string, cwd = process.cwd()) => {
    const out = { stdout: '', stderr: '' };
    const code = await runCli(['decisions', ...args], {
      stdout: { write: (s: string) => ((out.stdout += s), true) },
      stderr: { write: (s: string) => ((out.stderr += s), true) },
      env: cliEnv({ CHECKLISTS_URL: one.url, CHECKLISTS_TOKKEN: tokken }),
      cwd,
      platform: process.platform,
      interrupt: new AbortController().signal,
    });
    return { code, ...out };
  };
  const viaCli = await client([], inspector);
  expect([viaCli.code, viaCli.stderr]).toEqual([0, '']);
  expect(viaCli.stdout).toBe(raw);
  const folder = mkdtempSync(join(tmpdir(), 'relay-decisions-client-'));
  try {
    const toFile = await client(['--json', '-o', 'record.ndjson'], inspector, folder);
    expect([toFile.code, toFile.stdout]).toEqual([0, 'Decision record written: record.ndjson.\n']);
    const lines = readFileSync(join(folder, 'record.ndjson'), 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { analyst: string }).analyst)).toEqual(['olena']);
    // A file named .xlsx: the inspector's workbook, the decision and its reason in words.
    const book = await client(['-o', 'record.xlsx', '--lang', 'uk'], inspector, folder);
    expect([book.code, book.stdout]).toEqual([0, 'Реєстр рішень записано: record.xlsx.\n']);
    expect(statSync(join(folder, 'record.xlsx')).mode & 0o777).toBe(0o600);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(folder, 'record.xlsx'));
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe('Реєстр рішень');
    const header = sheet.getRow(6);
    const cells = Object.fromEntries(
      Array.from({ length: 17 }, (_, i) => [header.getCell(i + 1).text, sheet.getRow(7).getCell(i + 1)]),
    );
    expect(cells['Хто'].text).toBe('olena');
    expect(cells['Клієнт'].text).toBe(SUBJECT.name);
    expect(cells['Реєстр'].text).toBe('ПЕП');
    expect(cells['Запис у реєстрі'].text).toBe(pep.record);
    expect([cells['Рішення'].text, cells['Підстава'].text]).toEqual(['хибний збіг', 'тезка (інша дата народження)']);
    // The analyst's comment is text, never a formula.
    expect(cells['Коментар'].type).toBe(ExcelJS.ValueType.RichText);
    expect(cells['Коментар'].text).toBe('=HYPERLINK("http://x")');
    expect(sheet.getCell('A9').text).toBe('Кінець вивантаження: 1 рядок реєстру, повністю.');
    const both = await client(['--json', '-o', 'both.xlsx'], inspector, folder);
    expect([both.code, both.stderr]).toEqual([
      2,
      expect.stringContaining('--json writes JSON, and a file named .xlsx'),
    ]);
    expect(readdirSync(folder).sort()).toEqual(['record.ndjson', 'record.xlsx']);
    // The relay's host writes the same table.
    const hostBook = join(folder, 'host.xlsx');
    const hostIo: CliIo = {
      stdout: { write: () => true },
      stderr: { write: () => true },
      env: {},
      cwd: process.cwd(),
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    expect(
      await runRelay(['decisions', 'export', '--out', hostBook, '--lang', 'uk', '--database-url', db.url], hostIo),
    ).toBe(0);
    const fromHost = new ExcelJS.Workbook();
    await fromHost.xlsx.readFile(hostBook);
    const table = (ws: ExcelJS.Worksheet) => [6, 7].map((r) => JSON.stringify(ws.getRow(r).values));
    expect(table(fromHost.worksheets[0])).toEqual(table(sheet));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const notAuditor = await client([], olena);
  expect([notAuditor.code, notAuditor.stdout]).toEqual([2, '']);
  expect(notAuditor.stderr).toContain('The relay did not give the decision record (HTTP 403): Only an auditor');
  // The relay's host writes the same record with --out, owner-only.
  const hostFolder = mkdtempSync(join(tmpdir(), 'relay-decisions-host-'));
  try {
    const hostFile = join(hostFolder, 'record.csv');
    const host = { stdout: '', stderr: '' };
    const hostIo: CliIo = {
      stdout: { write: (t: string) => ((host.stdout += t), true) },
      stderr: { write: (t: string) => ((host.stderr += t), true) },
      env: {},
      cwd: process.cwd(),
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    expect(await runRelay(['decisions', 'export', '--out', hostFile, '--database-url', db.url], hostIo)).toBe(0);
    expect([host.stdout, host.stderr]).toEqual(['', `Written: ${hostFile} (1 row).\n`]);
    expect(readFileSync(hostFile, 'utf8')).toBe(raw);
    expect(statSync(hostFile).mode & 0o777).toBe(0o600);
  } finally {
    rmSync(hostFolder, { recursive: true, force: true });
  }
  const later = await client(['--since', '2999-01-01'], inspector);
  expect(later.code).toBe(0);
  expect(later.stderr).toBe('No decisions recorded in that period.\n');
  expect((await client(['--since', '31/12/2026'], inspector)).stderr).toContain('--since 31/12/2026: not a date');

  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    env: {},
    cwd: process.cwd(),
    platform: process.platform,
    interrupt: new AbortController().signal,
  };
  expect(await runRelay(['decisions', 'export', '--json', '--since', '2000-01-01', '--database-url', db.url], io)).toBe(
    0,
  );
  const exported = stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(exported).toEqual([
    expect.objectContaining({ analyst: 'olena', decision: 'false-positive', registry: 'peps' }),
  ]);

  // A bound is read as a Ukrainian writes it, or refused: never taken for another month.
  // The day after tomorrow: a day is Kyiv's, and tomorrow's in UTC may already have begun there.
  const afterTomorrow = new Date(Date.now() + 2 * 86_400_000);
  const dotted = `${String(afterTomorrow.getUTCDate()).padStart(2, '0')}.${String(afterTomorrow.getUTCMonth() + 1).padStart(2, '0')}.${afterTomorrow.getUTCFullYear()}`;
  const since = async (value: string) =>
    fetch(`${one.url}/decisions/export?since=${encodeURIComponent(value)}`, {
      method: 'POST',
      body: JSON.stringify({ tokken: inspector }),
    });
  const none = await since(dotted);
  expect(none.status).toBe(200);
  expect((await none.text()).trimEnd().split('\r\n')).toHaveLength(1);
  expect((await since('01.01.2000')).status).toBe(200);
  const impossible = await since('2026-02-31');
  expect(impossible.status).toBe(400);
  expect(((await impossible.json()) as { message: string }).message).toContain(
    'since 2026-02-31: not a date or time. Use YYYY-MM-DD or DD.MM.YYYY',
  );
  stdout = '';
  expect(stderr).toBe('');
  expect(await runRelay(['decisions', 'export', '--json', '--since', dotted, '--database-url', db.url], io)).toBe(0);
  expect(stdout).toBe('');
  // An empty export says so on stderr, rather than pass for a complete one.
  expect(stderr).toBe('No decisions recorded in that period.\n');
}, 60_000);

it('checklists search and screen through instance 2 show the namesake muted, and say so', async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const petro = await key(one, 'petro');
  const pep = recordOf('peps', itemOf((await screen(one, olena)).wire, 'peps'));
  await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'peps',
    ...pep,
    decision: 'false-positive',
    reason: 'different-birth-date',
  });
  // A hit left in the answer with a decision on record: shown under the hit, not decided again as new.
  const sanction = recordOf('psanctions', itemOf((await screen(one, olena)).wire, 'psanctions'));
  await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'psanctions',
    ...sanction,
    decision: 'needs-review',
    reason: 'incomplete-data',
    comment: 'ask for the passport',
  });
  const dir = mkdtempSync(join(tmpdir(), 'relay-decisions-cli-'));
  try {
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdout: { write: (s: string) => ((stdout += s), true) },
      stderr: { write: (s: string) => ((stderr += s), true) },
      // Through the relay: the analyst's key where the tokken goes; the relay holds the real one and
      // IDsubjectFM, so none is set here.
      env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: petro }),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    expect(await runCli(['search', '--name', SUBJECT.name, '--registries', 'peps,psanctions'], io)).toBe(0);
    // The relay's upstream is the sandbox: the answer says so, though the CLI was given the relay's address.
    expect(stdout.split('\n')[0]).toBe('*** SANDBOX SERVER — fictional data ***');
    expect(stdout).toContain("Muted by the relay's accept list: 1 hit cleared");
    // The table's 0 for the registry whose one hit was muted says why, at a glance.
    expect(stdout).toMatch(/^Politically exposed persons \(PEP\)\s+0\s+ok; 1 muted by the relay$/m);
    // The reason the hit was cleared travels with it: what an analyst or inspector reads a muted hit for.
    expect(stdout).toContain(
      `${KNOWN.pepSanctioned.name} (${pep.record}): false positive — namesake (different birth date), olena`,
    );
    const sanctionLines = stdout.slice(stdout.indexOf('Sanctions and cautions:')).split('\n');
    expect(sanctionLines[3]).toMatch(
      /^ {4}on record at the relay: needs review — not enough to tell "ask for the passport", olena .* UTC; in force$/,
    );
    // The command that reads this subject's record, with every detail it was screened with.
    expect(stdout).toContain(`every decision on this subject: checklists history --name "${SUBJECT.name}")`);
    // Olena's search on instance 1 paid for this answer; instance 2 kept it, and says so and since when.
    const kept = stdout.split('\n').find((l) => l.startsWith('From the relay’s cache'));
    expect(kept).toMatch(
      /^From the relay’s cache: the service gave this answer at \d{4}-\d\d-\d\d \d\d:\d\d UTC, to an earlier search/,
    );
    expect((await two.service.store.readAudit({})).at(-1)?.fromCache).toBe(true);
    // --fresh: asked again past the shared cache, one paid request, and nothing said of a cache.
    stdout = '';
    expect(await runCli(['search', '--name', SUBJECT.name, '--registries', 'peps,psanctions', '--fresh'], io)).toBe(0);
    expect(stdout).not.toContain('relay’s cache');
    expect(stdout).toContain("Muted by the relay's accept list: 1 hit cleared");
    expect((await two.service.store.readAudit({})).at(-1)).toEqual(
      expect.objectContaining({ analyst: 'petro', fromCache: false }),
    );

    // checklists history: the subject's record, read from the relay without asking the service.
    const audited = (await one.service.store.readAudit({})).length;
    stdout = '';
    expect(await runCli(['history', '--name', SUBJECT.name], io)).toBe(0);
    const history = stdout.split('\n');
    expect(history[0]).toBe(`Decisions on record at ${new URL(two.url).origin} for ${SUBJECT.name}`);
    expect(history).toContain('In force, one per hit (2):');
    expect(history).toContainEqual(
      expect.stringMatching(
        /^ {2}- peps:10001: false positive — namesake \(different birth date\), olena .* UTC; in force$/,
      ),
    );
    expect(history).toContain('Every line, oldest first (2):');
    expect(history).toContainEqual(
      expect.stringMatching(
        /^ {2}#\d+ {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}olena {2}psanctions:\S+ {2}needs review — not enough to tell "ask for the passport"$/,
      ),
    );
    expect((await one.service.store.readAudit({})).length).toBe(audited);
    stdout = '';
    expect(await runCli(['history', '--name', 'Зовсім Інша Особа'], io)).toBe(0);
    expect(stdout).toBe(`No decisions on record at ${new URL(two.url).origin} for Зовсім Інша Особа.\n`);
    // The same name asked with other details (a birth date, in capitals) finds no lines of its own,
    // and is told that the name has decisions as screened with fewer details, by which details only.
    stdout = '';
    const upper = SUBJECT.name.toUpperCase();
    expect(await runCli(['history', '--name', upper, '--date', '1967-04-12', '--lang', 'uk'], io)).toBe(0);
    expect(stdout).toBe(
      `На ${new URL(two.url).origin} немає рішень щодо ${upper}, 1967-04-12.\n` +
        'Це ім’я має рішення, коли суб’єкта перевіряли з іншими даними: лише ім’я (2 записи). ' +
        'Рішення належить суб’єктові з тими даними, з якими його перевіряли: запитайте з тими самими.\n',
    );
    // Without the relay (the sandbox, or a service tokken) there is no record to read: said, exit 2.
    for (const env of [
      cliEnv(),
      cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: 'a-service-tokken', CHECKLISTS_SUBJECT_ID: 's' }),
    ]) {
      stderr = '';
      expect(await runCli(['history', '--name', SUBJECT.name], { ...io, env })).toBe(2);
      expect(stderr).toContain("Decisions live on the organisation's relay");
    }

    writeFileSync(join(dir, 'clients.csv'), `ПІБ\n${SUBJECT.name}\nЗовсім Інша Особа\n`);
    stdout = '';
    const code = await runCli(
      ['screen', 'clients.csv', '-o', 'out.csv', '--registries', 'peps,psanctions', '--progress', 'none'],
      io,
    );
    expect({ code, stderr }).toMatchObject({ code: 0 });
    const out = readFileSync(join(dir, 'out.csv'), 'utf8');
    const row = out.split(/\r?\n/).find((l) => l.includes(SUBJECT.name))!;
    expect(row).toContain("1 muted by the relay's accept list");
    expect(out.split(/\r?\n/).find((l) => l.includes('Зовсім Інша Особа'))).not.toContain('muted');
    // The Muted column: 1 on the cleared client's row, blank on the other.
    const table = parseCsv(out, { bom: true, relax_column_count: true }) as string[][];
    const header = table.find((r) => r.includes('Muted by relay'))!;
    const muted = header.indexOf('Muted by relay');
    expect(table.find((r) => r.includes(SUBJECT.name))![muted]).toBe('1');
    expect(table.find((r) => r.includes('Зовсім Інша Особа'))![muted]).toBe('');
    // The relay's answers said they are fictional: so do the run header and the summary.
    expect(table.find((r) => r[0] === 'Service')?.[1]).toBe('SANDBOX SERVER — fictional data');
    // No IDsubjectFM is claimed for the run: the relay holds it.
    expect(table.find((r) => r[0] === 'IDsubjectFM')).toBeUndefined();
    expect(stdout).toContain('*** SANDBOX SERVER — fictional data ***');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it('checklists screen --decisions FILE records an exported decisions file on the relay in one request, under the running analyst, before the run', async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const petro = await key(one, 'petro');
  const pep = recordOf('peps', itemOf((await screen(one, olena)).wire, 'peps'));
  await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'peps',
    ...pep,
    decision: 'false-positive',
    reason: 'different-birth-date',
    comment: '=1+1 is not a formula here',
  });
  const inspector = await key(one, 'inspector', 'auditor');
  const exported = await (
    await fetch(`${one.url}/decisions/export`, { method: 'POST', body: JSON.stringify({ tokken: inspector }) })
  ).text();
  // A fresh database: what the file carries is all the relay will know.
  await resetStore(db.url);
  const petroAgain = await key(one, 'petro');
  void petro;
  const dir = mkdtempSync(join(tmpdir(), 'relay-decisions-import-'));
  try {
    writeFileSync(join(dir, 'decisions.csv'), exported);
    writeFileSync(join(dir, 'clients.csv'), `ПІБ\n${SUBJECT.name}\n`);
    let stderr = '';
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (s: string) => ((stderr += s), true) },
      env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: petroAgain, CHECKLISTS_SUBJECT_ID: 'via-relay' }),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    const args = ['screen', 'clients.csv', '-o', 'out.csv', '--registries', 'peps', '--progress', 'none'];
    expect(await runCli([...args, '--decisions', 'decisions.csv'], io)).toBe(0);
    expect(stderr).toContain(
      'Decisions sent to the relay: 1; recorded 1, waiting for approval 0, already recorded 0, refused 0.',
    );
    expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toContain("1 muted by the relay's accept list");
    const history = await call(one, '/decisions/history', { tokken: petroAgain, ...SUBJECT });
    expect(history.json.history).toEqual([
      expect.objectContaining({ analyst: 'petro', comment: '=1+1 is not a formula here', decision: 'false-positive' }),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it('checklists screen through the relay: a first run says how many answers the shared cache gave; a re-screen asks the service afresh, as Screen again does', async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const petro = await key(one, 'petro');
  const dir = mkdtempSync(join(tmpdir(), 'relay-decisions-cache-'));
  try {
    writeFileSync(join(dir, 'clients.csv'), `ПІБ\n${SUBJECT.name}\nЗовсім Інша Особа\n`);
    let stdout = '';
    const io = (tokken: string): CliIo => ({
      stdout: { write: (s: string) => ((stdout += s), true) },
      stderr: { write: () => true },
      env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: tokken, CHECKLISTS_SUBJECT_ID: 'via-relay' }),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    });
    const args = ['screen', 'clients.csv', '--registries', 'peps', '--progress', 'none'];
    const cacheLine = /^Of these requests, answered by the relay from answers it keeps .*: (\d+)\.$/m;
    expect(await runCli([...args, '-o', 'olena.csv'], io(olena))).toBe(0);
    expect(sandbox.requests).toHaveLength(2);
    expect(stdout).not.toMatch(cacheLine);
    // A colleague's first run of the same list an hour later: the relay's cache answers, and the line says how much of it.
    stdout = '';
    expect(await runCli([...args, '-o', 'petro.csv'], io(petro))).toBe(0);
    expect(sandbox.requests).toHaveLength(2);
    expect(cacheLine.exec(stdout)?.[1]).toBe('2');
    // A re-screen wants what the registers say now: each subject is asked again, past the cache.
    stdout = '';
    expect(await runCli([...args, '-o', 'again.csv', '--previous', 'petro.csv'], io(petro))).toBe(0);
    expect(sandbox.requests).toHaveLength(4);
    expect(stdout).not.toMatch(cacheLine);
    const rows = await one.store.readAudit({ analyst: 'petro' });
    expect(rows.map((r) => r.fromCache).sort()).toEqual([false, false, true, true]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it('checklists screen --previous FILE --save-decisions records the decisions made in its hits sheet on the relay, under the running analyst, once', async () => {
  const [one, two] = await pair();
  const petro = await key(one, 'petro');
  const dir = mkdtempSync(join(tmpdir(), 'relay-decisions-save-'));
  try {
    writeFileSync(join(dir, 'clients.csv'), `ПІБ\n${SUBJECT.name}\nЗовсім Інша Особа\n`);
    let stderr = '';
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (s: string) => ((stderr += s), true) },
      env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: petro, CHECKLISTS_SUBJECT_ID: 'via-relay' }),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    const args = ['screen', 'clients.csv', '--registries', 'peps,psanctions', '--progress', 'none'];
    expect(await runCli([...args, '-o', 'first.xlsx'], io)).toBe(0);
    // The analyst decides both hits in the sheet: the PEP a namesake, the sanctions hit a true match.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'first.xlsx'));
    const ws = wb.getWorksheet('CheckLists hits')!;
    const header = (ws.getRow(1).values as unknown[]).map((v) => (typeof v === 'string' ? v : ''));
    let sheetWhy: string[] = [];
    ws.eachRow((row, n) => {
      const registry = n > 1 ? String(row.getCell(header.indexOf('Registry')).value) : '';
      if (registry === 'PEP') {
        row.getCell(header.indexOf('Decision')).value = 'False positive';
        row.getCell(header.indexOf('Reason')).value = 'namesake (different birth date)';
        row.getCell(header.indexOf('Comment')).value = '=2+2 stays text';
      } else if (registry === 'Sanctions') {
        row.getCell(header.indexOf('Decision')).value = 'True match';
        const cell = (name: string) =>
          String(row.getCell(header.findIndex((h) => typeof h === 'string' && h.startsWith(name))).value ?? '');
        sheetWhy = [cell('Why (rules v'), [cell('Name in registry'), cell('Birth date')].filter(Boolean).join(' · ')];
      }
    });
    await wb.xlsx.writeFile(join(dir, 'first.xlsx'));

    const saving = [...args, '--save-decisions'];
    // On the sandbox, which keeps no decisions, nothing is screened and the analyst is told why.
    stderr = '';
    const sandboxIo = { ...io, env: cliEnv() };
    expect(await runCli([...saving, '--previous', 'first.xlsx', '-o', 'nowhere.xlsx'], sandboxIo)).toBe(2);
    expect(stderr).toContain("Decisions live on the organisation's relay: set CHECKLISTS_URL to its address");
    stderr = '';
    await runCli([...saving, '--previous', 'first.xlsx', '-o', 'second.xlsx'], io);
    // psanctions is under four-eyes here: the sanctions decision waits for a second person.
    expect(stderr).toContain(
      'Saved to the relay: recorded 1, waiting for approval 1, already recorded 0, refused 0, not sent 0.',
    );
    const history = await call(one, '/decisions/history', { tokken: petro, ...SUBJECT });
    const lines = history.json.history as Record<string, unknown>[];
    expect(lines).toEqual([
      expect.objectContaining({
        analyst: 'petro',
        registry: 'peps',
        decision: 'false-positive',
        reason: 'different-birth-date',
        comment: '=2+2 stays text',
      }),
      expect.objectContaining({ analyst: 'petro', registry: 'psanctions', decision: 'true-match' }),
    ]);
    // The approver judges the waiting one on what the sheet showed: its Why line, the record's name and birth date.
    expect(sheetWhy[0]).toMatch(/agree/);
    expect(sheetWhy[1]).toMatch(/ · \d{4}/);
    expect(lines[1].why).toEqual(sheetWhy);

    // Next month: nothing is recorded twice. The namesake is muted by the accept list (counted, not
    // listed); the sanctions decision, still waiting for approval, is sent again and found there.
    stderr = '';
    await runCli([...saving, '--previous', 'second.xlsx', '-o', 'third.xlsx'], io);
    expect(stderr).toContain(
      'Saved to the relay: recorded 0, waiting for approval 0, already recorded 1, refused 0, not sent 0.',
    );
    const again = await call(one, '/decisions/history', { tokken: petro, ...SUBJECT });
    expect(again.json.history).toHaveLength(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it('a re-screen through the relay counts a hit the accept list muted since as still there, not gone; where the sheet and the relay disagree, the relay wins and the sheet says so', async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const petro = await key(one, 'petro');
  const dir = mkdtempSync(join(tmpdir(), 'relay-decisions-rescreen-'));
  try {
    writeFileSync(join(dir, 'clients.csv'), `ПІБ\n${SUBJECT.name}\n`);
    let stdout = '';
    const io: CliIo = {
      stdout: { write: (s: string) => ((stdout += s), true) },
      stderr: { write: () => true },
      env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: petro, CHECKLISTS_SUBJECT_ID: 'via-relay' }),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    const args = ['screen', 'clients.csv', '--registries', 'peps,psanctions', '--progress', 'none'];
    expect(await runCli([...args, '-o', 'first.xlsx'], io)).toBe(0);
    const answer = (await screen(one, olena)).wire;
    const pep = recordOf('peps', itemOf(answer, 'peps'));
    const sanction = recordOf('psanctions', itemOf(answer, 'psanctions'));
    await call(one, '/decisions', {
      tokken: olena,
      subject: SUBJECT,
      registry: 'peps',
      ...pep,
      decision: 'false-positive',
      reason: 'different-birth-date',
    });
    const confirmed = await call(one, '/decisions', {
      tokken: olena,
      subject: SUBJECT,
      registry: 'psanctions',
      ...sanction,
      decision: 'true-match',
      reason: 'confirmed-by-code',
      comment: 'РНОКПП звірено',
    });
    // psanctions is under four-eyes here: in force once a second person approves.
    const [{ id }] = confirmed.json.results as { id: number }[];
    const anna = await key(one, 'anna', 'approver');
    expect((await call(one, '/decisions/approve', { tokken: anna, id })).status).toBe(200);
    // Meanwhile the sheet says the sanctions hit is a false positive.
    const hitsName = 'CheckLists hits';
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'first.xlsx'));
    const ws = wb.getWorksheet(hitsName)!;
    const header = (ws.getRow(1).values as unknown[]).map((v) => (typeof v === 'string' ? v : ''));
    ws.eachRow((row, n) => {
      if (n > 1 && String(row.getCell(header.indexOf('Registry')).value) === 'Sanctions') {
        row.getCell(header.indexOf('Decision')).value = 'False positive';
      }
    });
    await wb.xlsx.writeFile(join(dir, 'first.xlsx'));
    await new Promise((r) => setTimeout(r, 1_100)); // instance 2 reads the subject's decisions again
    stdout = '';
    await runCli([...args, '-o', 'second.xlsx', '--previous', 'first.xlsx'], io);
    expect(stdout).toContain('Since the previous run: new 0, changed 0, gone 0;');
    const hits = (await readWorkbook(join(dir, 'second.xlsx'))).find((x) => x.name === hitsName)!.rows;
    const col = (name: string) => hits[0].indexOf(name);
    const sanctionRow = hits.find((row) => row[col('Registry')] === 'Sanctions')!;
    expect([
      sanctionRow[col('Decision')],
      sanctionRow[col('Reason')],
      sanctionRow[col('Comment')],
      sanctionRow[col('Decided by')],
    ]).toEqual([
      'True match',
      'confirmed by code',
      'РНОКПП звірено',
      // Four-eyes: the second person is named beside the analyst, as in the relay's record.
      'olena (relay; approved by anna; the sheet said "False positive")',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it('a re-screen shows a decision awaiting approval as the relay’s, waiting, and leaves its hit open', async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const dir = mkdtempSync(join(tmpdir(), 'relay-decisions-pending-'));
  try {
    writeFileSync(join(dir, 'clients.csv'), `ПІБ\n${SUBJECT.name}\n`);
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: () => true },
      env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: olena, CHECKLISTS_SUBJECT_ID: 'via-relay' }),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    const sanction = recordOf('psanctions', itemOf((await screen(one, olena)).wire, 'psanctions'));
    // psanctions is under four-eyes here: this false positive waits for an approver, so nothing is muted.
    const saved = await call(one, '/decisions', {
      tokken: olena,
      subject: SUBJECT,
      registry: 'psanctions',
      ...sanction,
      decision: 'false-positive',
      reason: 'different-birth-date',
    });
    expect((saved.json.results as { status: string }[])[0]?.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 1_100)); // instance 2 reads the subject's decisions again
    const args = ['screen', 'clients.csv', '--registries', 'psanctions', '--progress', 'none', '-o', 'out.xlsx'];
    expect(await runCli(args, io)).toBe(0);
    const sheets = await readWorkbook(join(dir, 'out.xlsx'));
    const hits = sheets.find((x) => x.name === 'CheckLists hits')!.rows;
    const col = (name: string) => hits[0].indexOf(name);
    const row = hits.find((r) => r[col('Registry')] === 'Sanctions')!;
    expect([row[col('Decision')], row[col('Decided by')]]).toEqual([
      'False positive',
      'olena (relay; awaiting approval)',
    ]);
    // Not yet in force: the client's row still counts the hit as open.
    const results = sheets.find((x) => x.name === 'CheckLists')!.rows;
    // The header names whom the relay recorded the run under, where IDuserPC would be.
    expect(results.find((r) => r[0] === 'Analyst (relay key)')?.[1]).toBe('olena');
    expect(results.some((r) => r[0] === 'IDuserPC')).toBe(false);
    const header = results.find((r) => r.includes('Level of undecided hits'))!;
    const client = results.find((r) => r.includes(SUBJECT.name))!;
    expect(client[header.indexOf('Level of undecided hits')]).toBe(client[header.indexOf('Overall level')]);
    expect(client[header.indexOf('Overall level')]).toMatch(/^(High|Low)$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it('an approver sees that a decision went against what the why suggested: kept by the relay, listed, exported', async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const anna = await key(one, 'anna', 'approver');
  const sanction = recordOf('psanctions', itemOf((await screen(one, olena)).wire, 'psanctions'));
  const saved = await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'psanctions',
    ...sanction,
    decision: 'false-positive',
    reason: 'other-person',
    suggested: { decision: 'true-match', reason: 'confirmed-by-code' },
  });
  expect((saved.json.results as { status: string }[])[0]?.status).toBe('pending');
  const pending = await call(two, '/decisions/pending', { tokken: anna });
  expect(pending.json.pending).toEqual([expect.objectContaining({ suggested: 'true-match:confirmed-by-code' })]);
  let stdout = '';
  const io: CliIo = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: () => true },
    env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: anna }),
    cwd: tmpdir(),
    platform: process.platform,
    interrupt: new AbortController().signal,
  };
  expect(await runCli(['approve'], io)).toBe(0);
  expect(stdout).toMatch(
    /false positive — another person; the suggestion was otherwise: true match — confirmed by code\n/,
  );
  // A suggestion that is not one of the codes is refused, with why, like any other field.
  const bad = await call(one, '/decisions', {
    tokken: olena,
    subject: SUBJECT,
    registry: 'psanctions',
    ...sanction,
    decision: 'true-match',
    suggested: { decision: 'maybe', reason: 'confirmed-by-code' },
  });
  expect(bad.json.results).toEqual([
    expect.objectContaining({ status: 'refused', reason: expect.stringMatching(/^suggested\.decision/) }),
  ]);
  const exported: string[] = [];
  for await (const page of one.store.decisionPages()) exported.push(decisionCsvRows(page));
  expect(decisionCsvHeader()).toMatch(/,instance,suggested,why,returns\r\n$/);
  expect(exported.join('')).toMatch(/,true-match:confirmed-by-code,,\r\n/);
}, 60_000);

it('an approver returns a waiting decision for review with why: the hit is open again, the waiting list empty, the history says so; only an approver, not its author, only while it waits, never without why', async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const anna = await key(one, 'anna', 'approver');
  const ivan = await key(one, 'ivan', 'approver');
  const sanction = recordOf('psanctions', itemOf((await screen(one, olena)).wire, 'psanctions'));
  const decide = (tokken: string) =>
    call(one, '/decisions', {
      tokken,
      subject: SUBJECT,
      registry: 'psanctions',
      ...sanction,
      decision: 'false-positive',
      reason: 'other-person',
    });
  const saved = await decide(olena);
  const id = (saved.json.results as { id: number; status: string }[])[0].id;
  expect((saved.json.results as { status: string }[])[0].status).toBe('pending');

  let stdout = '';
  let stderr = '';
  const io = (tokken: string): CliIo => ({
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: tokken }),
    cwd: tmpdir(),
    platform: process.platform,
    interrupt: new AbortController().signal,
  });
  // Without why, or with ids to approve beside it: told how, nothing sent.
  expect(await runCli(['approve', '--return', String(id)], io(anna))).toBe(2);
  expect(stderr).toContain('Return one decision, with why: checklists approve --return 12 --comment');
  expect(await runCli(['approve', '5', '--return', String(id), '--comment', 'x'], io(anna))).toBe(2);
  // An analyst may not, over HTTP either; nor with an empty comment.
  expect(await call(one, '/decisions/return', { tokken: olena, id, comment: 'no' })).toEqual({
    status: 403,
    json: { error: 403, message: expect.stringContaining('Only an approver can return a decision for review.') },
  });
  expect((await call(one, '/decisions/return', { tokken: anna, id, comment: '  ' })).status).toBe(400);
  expect((await call(one, '/decisions/return', { tokken: anna, id: 999_999, comment: 'x' })).status).toBe(404);

  stdout = '';
  stderr = '';
  const comment = 'Дати народження різні: попросіть паспорт';
  expect(await runCli(['approve', '--return', `#${id}`, '--comment', comment, '--lang', 'uk'], io(anna))).toBe(0);
  expect(stdout).toMatch(
    new RegExp(`^№${id} повернуто на перевірку \\(рядок запису №\\d+\\): збіг знову відкритий\\.\\n$`),
  );
  // Nothing waits any more; approving or returning it again is refused as not waiting.
  expect((await call(two, '/decisions/pending', { tokken: ivan })).json.pending).toEqual([]);
  expect((await call(one, '/decisions/approve', { tokken: ivan, id })).status).toBe(409);
  expect((await call(one, '/decisions/return', { tokken: ivan, id, comment: 'x' })).status).toBe(409);

  // Its author learns it: the waiting list gives an analyst their own, and what came back to them,
  // in the pane's Test connection, the pane's list and the command line's.
  const mine = await call(two, '/decisions/pending', { tokken: olena });
  expect(mine.json).toEqual({
    analyst: 'olena',
    approver: false,
    scope: 'own',
    pending: [],
    returned: [expect.objectContaining({ analyst: 'anna', decision: 'needs-review', comment, returns: id })],
  });
  expect((await runRelayConnectionTest(two.url, olena, 'en')).details).toContain(
    '1 of your decisions was returned for review: Bulk screening → Waiting for approval.',
  );
  stdout = '';
  expect(await runCli(['approve'], io(olena))).toBe(0);
  // An analyst's key lists only the analyst's own; an approver's, everybody's.
  expect(stdout).toContain('None of your decisions waits for approval at ');
  expect(stdout).not.toContain('Nothing waits');
  expect(stdout).toMatch(
    new RegExp(
      `Your decisions returned for review \\(1\\), oldest first;.*\\n  #\\d+  .+  anna  .+  psanctions:\\S+  returned #${id} for review "${comment}"\\n`,
    ),
  );

  stdout = '';
  expect(await runCli(['approve'], io(ivan))).toBe(0);
  expect(stdout).toMatch(/^Nothing waits for approval at /);

  stdout = '';
  expect(await runCli(['approve', '--json'], io(olena))).toBe(0);
  expect(JSON.parse(stdout)).toEqual({
    pending: [],
    returned: [expect.objectContaining({ analyst: 'anna', decision: 'needs-review', comment, returns: id })],
  });

  // The hit is open again for everybody: the return is the decision in force, needs review, by the approver.
  const again = await screen(two, olena);
  expect(hitsOf(again.summary, 'psanctions')).toBe(1);
  expect(relayDecisionsOf(again.envelope)?.decided).toEqual([
    expect.objectContaining({ decision: 'needs-review', analyst: 'anna', comment, state: 'in-force', returns: id }),
  ]);
  const history = await call(one, '/decisions/history', { tokken: olena, ...SUBJECT });
  expect(history.json.history).toEqual([
    expect.objectContaining({ id, analyst: 'olena', decision: 'false-positive', returns: null }),
    expect.objectContaining({ analyst: 'anna', decision: 'needs-review', comment, returns: id }),
  ]);
  stdout = '';
  expect(await runCli(['history', '--name', SUBJECT.name], io(olena))).toBe(0);
  expect(stdout).toMatch(new RegExp(`  anna  psanctions:\\S+  returned #${id} for review "${comment}"\\n`));
  // In force on the hit: the approver's "needs review", saying what it sent back.
  expect(stdout).toMatch(
    new RegExp(
      `- psanctions:\\S+: needs review "${comment}", anna .+ UTC, on returning #${id} for review; in force\\n`,
    ),
  );

  // Its author decides anew; an approver cannot return their own waiting decision.
  const anew = (await decide(anna)).json.results as { id: number; status: string }[];
  expect(anew[0].status).toBe('pending');
  expect(await call(one, '/decisions/return', { tokken: anna, id: anew[0].id, comment: 'x' })).toEqual({
    status: 403,
    json: { error: 403, message: expect.stringContaining('Its author cannot return their own decision') },
  });
}, 60_000);

it("a decision returned for review is decided anew in the re-screen's hits file as it stands, Decided by and all; the row as it was is already recorded; a row the record has moved on from is refused", async () => {
  const [one, two] = await pair();
  const petro = await key(one, 'petro');
  const anna = await key(one, 'anna', 'approver');
  const dir = mkdtempSync(join(tmpdir(), 'relay-decisions-anew-'));
  try {
    writeFileSync(join(dir, 'clients.csv'), `ПІБ\n${SUBJECT.name}\n`);
    let stderr = '';
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (s: string) => ((stderr += s), true) },
      env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: petro }),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    const run = async (...more: string[]) => {
      stderr = '';
      return runCli(['screen', 'clients.csv', '--registries', 'psanctions', '--progress', 'none', ...more], io);
    };
    // The analyst's one edit of a hits file: the sanctions row's Decision (and Reason), nothing else.
    const decide = (file: string, decision: string, reason = '') => {
      const path = join(dir, file);
      const rows = parseCsv(readFileSync(path, 'utf8'), { bom: true, relax_column_count: true }) as string[][];
      const at = rows.findIndex((r) => r.includes('Hit ID'));
      const col = (name: string) => rows[at].indexOf(name);
      const row = rows.findIndex((r, i) => i > at && r[col('Registry')] === 'Sanctions');
      rows[row][col('Decision')] = decision;
      rows[row][col('Reason')] = reason;
      const quoted = (v: string) => (/[,"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      writeFileSync(path, `${rows.map((r) => r.map(quoted).join(',')).join('\r\n')}\r\n`);
      return rows[row][col('Decided by')];
    };
    expect(await run('-o', 'first.csv')).toBe(0);
    decide('first.hits.csv', 'True match');
    await run('--previous', 'first.csv', '--save-decisions', '-o', 'second.csv');
    expect(stderr).toContain('Saved to the relay: recorded 0, waiting for approval 1,');
    const waiting = (await call(one, '/decisions/pending', { tokken: anna })).json.pending as { id: number }[];
    const back = await call(one, '/decisions/return', {
      tokken: anna,
      id: waiting[0].id,
      comment: 'Ask for the passport',
    });
    expect(back.status).toBe(200);
    // Each instance trusts what it read of a subject's decisions for a second (felt within seconds everywhere).
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    // Next month the row shows the approver's return; the analyst decides it anew where it stands.
    await run('--previous', 'second.csv', '-o', 'third.csv');
    expect(decide('third.hits.csv', 'False positive', 'another person')).toBe(
      'anna (relay; returned for review; the sheet said "True match")',
    );
    await run('--previous', 'third.csv', '--save-decisions', '-o', 'fourth.csv');
    expect(stderr).toContain('Saved to the relay: recorded 0, waiting for approval 1, already recorded 0, refused 0');
    const history = (await call(one, '/decisions/history', { tokken: petro, ...SUBJECT })).json.history;
    expect(history).toEqual([
      expect.objectContaining({ analyst: 'petro', decision: 'true-match' }),
      expect.objectContaining({ analyst: 'anna', decision: 'needs-review', returns: waiting[0].id }),
      // Under the saving analyst's own name, never as the approver's.
      expect.objectContaining({ analyst: 'petro', decision: 'false-positive', reason: 'other-person' }),
    ]);

    // The file as the re-screen wrote it, saved as it is: already recorded, nothing added.
    await run('--previous', 'fourth.csv', '--save-decisions', '-o', 'fifth.csv');
    expect(stderr).toContain('Saved to the relay: recorded 0, waiting for approval 0, already recorded 1, refused 0');
    // Last month's file, which shows the return the record has moved on from: refused, saying why.
    await run('--previous', 'third.csv', '--save-decisions', '-o', 'sixth.csv');
    expect(stderr).toContain('refused 1');
    expect(stderr).toContain("The relay's decision on this hit is no longer the one this sheet shows");
    expect((await call(one, '/decisions/history', { tokken: petro, ...SUBJECT })).json.history).toHaveLength(3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);

it('an approver judges a decision on the facts its author saw: sent by the pane in both languages, kept, listed in the approver’s language, exported and imported; malformed ones refused with why', async () => {
  const [one, two] = await pair();
  const olena = await key(one, 'olena');
  const anna = await key(one, 'anna', 'approver');
  const item = itemOf((await screen(one, olena)).wire, 'psanctions');
  const checked = validateQuery(SUBJECT);
  if (!checked.ok) throw new Error('subject');
  const explanation = explainHit(checked.query, 'psanctions', item);
  expect(explanation.facts.length).toBeGreaterThan(0);
  // The pane's hit card, as WhyAndDecide sends it: the facts it shows, each in both languages.
  const saved = await recordDecision(
    { url: one.url, key: olena },
    {
      query: checked.query,
      registry: 'psanctions',
      ...recordOf('psanctions', item),
      decision: 'true-match',
      reason: explanation.suggested.reason,
      comment: '',
      suggested: explanation.suggested,
      why: explanation.facts.map((f) => f.text),
    },
  );
  expect(saved.status).toBe('pending');
  const pending = await call(two, '/decisions/pending', { tokken: anna });
  const waiting = (pending.json.pending as { id: number; why: unknown }[])[0];
  expect(waiting.why).toEqual(explanation.facts.map((f) => f.text));

  let stdout = '';
  const io: CliIo = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: () => true },
    env: cliEnv({ CHECKLISTS_URL: two.url, CHECKLISTS_TOKKEN: anna }),
    cwd: tmpdir(),
    platform: process.platform,
    interrupt: new AbortController().signal,
  };
  expect(await runCli(['approve', '--lang', 'uk'], io)).toBe(0);
  for (const f of explanation.facts) expect(stdout).toContain(`\n      · ${f.text.uk}\n`);
  expect(stdout).not.toContain(explanation.facts[0].text.en);
  expect(await runCli(['approve', String(waiting.id)], io)).toBe(0);
  // The history shows the facts beside the decision; the approval, a second person's act, has none of its own.
  const history = await call(one, '/decisions/history', { tokken: anna, ...SUBJECT });
  expect(history.json.history).toEqual([
    expect.objectContaining({ kind: 'decision', why: explanation.facts.map((f) => f.text) }),
    expect.objectContaining({ kind: 'approval', why: null }),
  ]);
  stdout = '';
  expect(await runCli(['history', '--name', SUBJECT.name], io)).toBe(0);
  expect(stdout).toContain(`\n      · ${explanation.facts[0].text.en}\n`);

  // Exported with the record, and carried back by --decisions' reading of the export.
  const exported: string[] = [];
  for await (const page of one.store.decisionPages()) exported.push(decisionCsvRows(page));
  const csv = decisionCsvHeader() + exported.join('');
  expect(decisionCsvHeader()).toMatch(/,instance,suggested,why,returns\r\n$/);
  expect(decisionsFromFile(csv)[0].decision.why).toEqual(explanation.facts.map((f) => f.text));

  const pep = recordOf('peps', itemOf((await screen(one, olena)).wire, 'peps'));
  const refused = await call(one, '/decisions', {
    tokken: olena,
    decisions: [
      { subject: SUBJECT, registry: 'peps', ...pep, decision: 'false-positive', why: Array(13).fill('a fact') },
      { subject: SUBJECT, registry: 'peps', ...pep, decision: 'false-positive', why: ['a\u0000b'] },
      { subject: SUBJECT, registry: 'peps', ...pep, decision: 'false-positive', why: [{ uk: 'лише українською' }] },
      { subject: SUBJECT, registry: 'peps', ...pep, decision: 'false-positive', why: ['x'.repeat(601)] },
      { subject: SUBJECT, registry: 'peps', ...pep, decision: 'false-positive', why: ['ПІБ збігається'] },
    ],
  });
  const results = refused.json.results as { status: string; message?: string }[];
  expect(results.slice(0, 4).map((r) => [r.status, fromBothLanguages(r.message ?? '')?.en])).toEqual(
    Array(4).fill([
      'refused',
      'why: at most 12 lines (text, or {uk, en}) of at most 600 characters, none empty, with no NUL character.',
    ]),
  );
  expect(results[4].status).toBe('recorded');
}, 60_000);
