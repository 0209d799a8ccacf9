import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnswerCache } from '../../src/core/cache/answer-cache';
import type { Lang, LocalizedText } from '../../src/core/text/i18n';
import { coreMessages } from '../../src/core/text/messages';
import { RequestScheduler } from '../../src/core/request/scheduler';
import { DEFAULT_SETTINGS, addressProblem, type Settings } from '../../src/core/settings/settings';
import { memoryStorage } from '../../src/core/settings/storage';
import { runCli } from '../../src/cli/main';
import { cliMessages } from '../../src/cli/messages';
import type { CliIo } from '../../src/cli/io';
import { evalScreen, toCellError, type EvalContext } from '../../src/functions/evaluate';
import { checkBulkChoices } from '../../src/taskpane/bulk/bulk-choices';
import { formFromSettings, validateSettingsForm } from '../../src/taskpane/settings/settings-form';

/*
 * One rule, one message: the same bad lowranklimit, listdata and address, given to each surface
 * through the function that surface calls, is refused with the same text in both languages.
 * The CLI runs in-process (runCli, what bin/checklists.cjs runs); nothing is sent anywhere.
 */

const ROOT = join(__dirname, '..', '..');
const LANGS: Lang[] = ['uk', 'en'];
const REMOTE_HTTP = 'http://remote.example';
/** One past the highest list bit: out of range for listdata. */
const TOO_BIG = String(2n ** 40n);

let out: string;
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'one-rule-'));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function cli(
  argv: string[],
  lang: Lang,
  env: Record<string, string> = {},
): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const io: CliIo = {
    stdout: { write: () => true },
    stderr: { write: (chunk: string) => ((stderr += chunk), true) },
    // Never the person's own config folder (state key), should a run get that far.
    env: { LANG: lang === 'uk' ? 'uk_UA.UTF-8' : 'en_US.UTF-8', HOME: out, XDG_CONFIG_HOME: out, ...env },
    cwd: ROOT,
    platform: process.platform,
    interrupt: new AbortController().signal,
  };
  const code = await runCli(argv, io);
  return { code, stderr };
}

function screenArgs(...options: string[]): string[] {
  return ['screen', 'examples/clients.xlsx', '-o', join(out, 'results.xlsx'), '--progress', 'none', ...options];
}

function formErrors(patch: Partial<ReturnType<typeof formFromSettings>>) {
  const outcome = validateSettingsForm({ ...formFromSettings(DEFAULT_SETTINGS), ...patch }, false, 'auto');
  if (outcome.ok) throw new Error('the settings form accepted a bad value');
  return outcome.errors;
}

function bulkErrors(settings: Settings, choices: Partial<Parameters<typeof checkBulkChoices>[1]>) {
  const outcome = checkBulkChoices(settings, { listdata: -1n, search: 1, lowranklimit: '0', ...choices });
  if (outcome.ok) throw new Error('the bulk panel accepted a bad value');
  return outcome.errors;
}

/** A context whose scheduler fails the test if a request is ever sent. */
function functionsContext(settings: Settings, lang: Lang): EvalContext {
  const scheduler = new RequestScheduler({
    search: () => Promise.reject(new Error('a request was sent')),
    cache: new AnswerCache({ storage: memoryStorage() }),
    batchWindowMs: 1,
  });
  return { settings, scheduler, lang };
}

async function cellMessage(settings: Settings, lang: Lang, registries: string | number | null = null): Promise<string> {
  try {
    await evalScreen(functionsContext(settings, lang), { name: 'Петренко Іван' }, registries);
  } catch (error) {
    const cell = toCellError(error, lang);
    expect(cell.kind).toBe('value');
    return cell.message;
  }
  throw new Error('the function accepted a bad value');
}

function both(text: LocalizedText | undefined): LocalizedText {
  if (!text) throw new Error('no message');
  return text;
}

describe.each(LANGS)('one rule, one message (%s)', (lang) => {
  it('refuses lowranklimit 101 alike on every surface', async () => {
    const expected = coreMessages.text('field.range.value', { value: '101', min: 0, max: 100 });
    const fromCli = await cli(screenArgs('--lowranklimit', '101'), lang);
    const fromForm = both(formErrors({ lowranklimit: '101' }).lowranklimit);
    const fromBulk = both(bulkErrors(DEFAULT_SETTINGS, { lowranklimit: '101' }).lowranklimit);
    // The functions have no lowranklimit argument: they take it from the saved settings.
    const fromCell = await cellMessage({ ...DEFAULT_SETTINGS, lowranklimit: 101 }, lang);

    expect(fromForm).toEqual(expected);
    expect(fromBulk).toEqual(expected);
    expect(fromCli.code).toBe(2);
    expect(fromCli.stderr).toContain(expected[lang]);
    expect(fromCell).toContain(expected[lang]);
  });

  it('refuses lowranklimit "abc" alike in the CLI, the settings form and the bulk panel', async () => {
    const expected = coreMessages.text('field.range.value', { value: 'abc', min: 0, max: 100 });
    expect(both(formErrors({ lowranklimit: 'abc' }).lowranklimit)).toEqual(expected);
    expect(both(bulkErrors(DEFAULT_SETTINGS, { lowranklimit: 'abc' }).lowranklimit)).toEqual(expected);
    expect((await cli(screenArgs('--lowranklimit', 'abc'), lang)).stderr).toContain(expected[lang]);
  });

  it('refuses a listdata past 2^40-1 alike on every surface', async () => {
    const expected = coreMessages.text('listdata.range', { value: TOO_BIG });
    const fromCli = await cli(screenArgs('--registries', TOO_BIG), lang);
    const fromForm = both(formErrors({ registries: 2n ** 40n }).registries);
    const fromBulk = both(bulkErrors(DEFAULT_SETTINGS, { listdata: 2n ** 40n }).listdata);
    const fromCell = await cellMessage(DEFAULT_SETTINGS, lang, Number(TOO_BIG));
    // The same value saved as the default registries: one policy for a saved value too.
    const fromSaved = await cellMessage({ ...DEFAULT_SETTINGS, registries: TOO_BIG }, lang);

    expect(fromForm).toEqual(expected);
    expect(fromBulk).toEqual(expected);
    expect(fromCli.code).toBe(2);
    expect(fromCli.stderr).toContain(expected[lang]);
    expect(fromCell).toContain(expected[lang]);
    expect(fromSaved).toContain(expected[lang]);
  });

  it('refuses "no registry chosen" alike in the settings form and the bulk panel', () => {
    const expected = coreMessages.text('listdata.empty');
    expect(both(formErrors({ registries: 0n }).registries)).toEqual(expected);
    expect(both(bulkErrors(DEFAULT_SETTINGS, { listdata: 0n }).listdata)).toEqual(expected);
  });

  it('refuses plain http to another computer alike on every surface', async () => {
    const expected = coreMessages.text('address.http');
    const saved: Settings = { ...DEFAULT_SETTINGS, primaryUrl: REMOTE_HTTP, idSubjectFM: 'S-1' };
    const env = { CHECKLISTS_URL: REMOTE_HTTP, CHECKLISTS_TOKKEN: 'tk_test_0000', CHECKLISTS_SUBJECT_ID: 'S-1' };
    const fromSearch = await cli(['search', 'Петренко Іван'], lang, env);
    const fromScreen = await cli(screenArgs(), lang, env);
    const fromForm = both(formErrors({ primaryUrl: REMOTE_HTTP }).primaryUrl);
    const fromBulk = bulkErrors(saved, {}).general;
    const fromCell = await cellMessage(saved, lang);

    expect(fromForm).toEqual(expected);
    expect(fromBulk).toEqual([expected]);
    for (const run of [fromSearch, fromScreen]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(expected[lang]);
    }
    expect(fromCell).toContain(expected[lang]);
  });
});

describe('--insecure-http', () => {
  it('lets the CLI use plain http to another computer only when given, with a warning in both languages', async () => {
    const env = {
      CHECKLISTS_URL: 'http://127.0.0.1:9',
      CHECKLISTS_TOKKEN: 'tk_test_0000',
      CHECKLISTS_SUBJECT_ID: 'S-1',
    };
    // Loopback needs no flag and gets no warning.
    const loopback = await cli(screenArgs('--lowranklimit', '101'), 'en', env);
    expect(loopback.stderr).not.toContain(coreMessages.t('en', 'address.http'));
    expect(loopback.stderr).not.toContain('--insecure-http');

    const remote = { ...env, CHECKLISTS_URL: REMOTE_HTTP };
    // A global option goes after the command, as --config and --lang do.
    const flagged = await cli([...screenArgs('--lowranklimit', '101'), '--insecure-http'], 'en', remote);
    expect(flagged.stderr).not.toContain(coreMessages.t('en', 'address.http'));
    const warning = cliMessages.text('address.insecureWarning', { address: REMOTE_HTTP });
    expect(flagged.stderr).toContain(warning.en);
    expect(flagged.stderr).toContain(warning.uk);
    // The run then stops at the next rule (lowranklimit), before anything is read or sent.
    expect(flagged.stderr).toContain(coreMessages.t('en', 'field.range.value', { value: '101', min: 0, max: 100 }));
  });
});

describe('the address policy (core/settings/settings.ts)', () => {
  it.each([
    ['https://checklists.example:9443', null, null],
    ['http://localhost:8080', null, null],
    ['http://127.0.0.1:9000', null, null],
    ['http://127.45.6.7', null, null],
    ['http://127.1', null, null],
    ['http://[::1]:8080', null, null],
    ['http://remote.example', 'address.http', null],
    ['http://localhost.remote.example', 'address.http', null],
    ['http://128.0.0.1', 'address.http', null],
    ['http://[::2]', 'address.http', null],
    ['ftp://remote.example', 'address.invalid', 'address.invalid'],
    ['remote.example', 'address.invalid', 'address.invalid'],
    ['https://user:pw@remote.example', 'address.credentials', 'address.credentials'],
    ['http://remote.example/?tokken=x', 'address.http', 'address.query'],
  ])('%s: %s, with --insecure-http %s', (address, plain, insecure) => {
    expect(addressProblem(address)).toBe(plain);
    expect(addressProblem(address, { insecureHttp: true })).toBe(insecure);
  });
});
