import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listdataForRegistries } from '../../src/core/protocol/listdata';
import { KNOWN, type SandboxAccount } from '../../src/sandbox';
import {
  startSandboxCluster,
  startSandboxServer,
  type SandboxCluster,
  type SandboxServer,
} from '../../src/sandbox/server';
import { refusedAddress, startScriptedServer } from '../support/scripted-server';
import { buildCli, cliEnv, removeDir, runCli, tempDir, type CliResult } from './cli-support';

jest.setTimeout(60_000);

const TOKKEN = 'Cli-Secret-Tokken-7f3a9c';
const SUBJECT = 'cli-subject-1';
const BLOCKED_TOKKEN = 'Cli-Blocked-Tokken-55e1';
const accounts: SandboxAccount[] = [
  { tokken: TOKKEN, idSubjectFM: SUBJECT },
  { tokken: BLOCKED_TOKKEN, idSubjectFM: SUBJECT, accountError: 9 },
];
const SEVERYN = KNOWN.pepSanctioned;

let bundle: string;
let server: SandboxServer;
let cluster: SandboxCluster;
let work: string;

beforeAll(async () => {
  [bundle, server, cluster] = await Promise.all([
    buildCli(),
    startSandboxServer({ accounts }),
    // The primary answers every request with a 5xx page; the reserve is healthy.
    startSandboxCluster({
      instances: 2,
      accounts,
      faultsFor: (i) => (i === 0 ? { failRate: 1, failStatuses: [503] } : {}),
    }),
  ]);
  work = tempDir();
});

afterAll(async () => {
  await Promise.all([server?.close(), cluster?.close()]);
  if (bundle) rmSync(bundle, { force: true });
  if (work) removeDir(work);
});

function live(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return cliEnv({ CHECKLISTS_URL: url, CHECKLISTS_TOKKEN: TOKKEN, CHECKLISTS_SUBJECT_ID: SUBJECT, ...extra });
}

function expectNoTokken(result: CliResult, ...secrets: string[]): void {
  for (const secret of [TOKKEN, ...secrets]) {
    expect(result.stdout).not.toContain(secret);
    expect(result.stderr).not.toContain(secret);
  }
}

const severynArgs = ['search', '--name', SEVERYN.name, '--date', SEVERYN.date];

describe('checklists search', () => {
  it('prints a readable summary per registry from a sandbox over HTTP', async () => {
    const r = await runCli(bundle, severynArgs, { env: live(server.url) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Answered by ${server.url} (POST`);
    expect(r.stdout).toMatch(/Politically exposed persons \(PEP\)\s+1\s+100\s+High\s+ok/);
    expect(r.stdout).toMatch(/Sanctions and cautions\s+1\s+100\s+High\s+ok/);
    expect(r.stdout).toMatch(/Lost documents\s+0\s+ok/);
    expect(r.stdout).toContain(`#${SEVERYN.idpep}`);
    expect(r.stdout).toContain('Result: High match');
    // Live service configured: no sandbox banner.
    expect(r.stdout).not.toContain('SANDBOX');
    expectNoTokken(r);
  });

  it('speaks Ukrainian with --lang uk or a Ukrainian LANG', async () => {
    const byOption = await runCli(bundle, [...severynArgs, '--lang', 'uk'], { env: live(server.url) });
    const byLocale = await runCli(bundle, severynArgs, { env: live(server.url, { LANG: 'uk_UA.UTF-8' }) });
    for (const r of [byOption, byLocale]) {
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Публічні діячі \(ПЕП\)\s+1\s+100\s+Високий\s+гаразд/);
      expect(r.stdout).toContain('Відповів');
    }
  });

  it('--json prints the parsed envelope of only the registries asked', async () => {
    const r = await runCli(bundle, [...severynArgs, '--registries', 'peps,psanctions', '--json'], {
      env: live(server.url),
    });
    expect(r.code).toBe(0);
    const envelope = JSON.parse(r.stdout) as {
      header: { listdata?: string; idrequest?: string };
      registries: Record<string, { status: string; items: { name?: string; p_fullname?: string }[] }>;
    };
    expect(Object.keys(envelope.registries).sort()).toEqual(['peps', 'psanctions']);
    expect(envelope.registries.peps.status).toBe('ok');
    expect(envelope.registries.peps.items.map((i) => i.name)).toContain(SEVERYN.name);
    expect(envelope.registries.psanctions.items[0].p_fullname).toBe(SEVERYN.name);
    // peps (bits 9-12) and psanctions (bits 0-7, 37-39): above 2^32, sent and echoed exactly.
    expect(BigInt(envelope.header.listdata ?? '0')).toBe(listdataForRegistries(['peps', 'psanctions']));
    expectNoTokken(r);
  });

  it('uses the GET form with --get', async () => {
    const r = await runCli(bundle, [...severynArgs, '--get'], { env: live(server.url) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Answered by ${server.url} (GET`);
    expectNoTokken(r);
  });

  it('fails over to a reserve when the primary answers 5xx', async () => {
    const [primary, reserve] = cluster.urls;
    const r = await runCli(bundle, severynArgs, { env: live(primary, { CHECKLISTS_RESERVE_URLS: reserve }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Answered by ${reserve} (POST`);
    expect(r.stdout).toMatch(/Politically exposed persons \(PEP\)\s+1/);
  });

  it('runs on the in-process sandbox, and says so, when no address is configured', async () => {
    const r = await runCli(bundle, severynArgs, { env: cliEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('*** SANDBOX — fictional data ***');
    expect(r.stderr).toContain('SANDBOX — fictional data');
    expect(r.stdout).toMatch(/Politically exposed persons \(PEP\)\s+1\s+100\s+High/);
    expect(r.stderr).not.toContain('Latin and Cyrillic');
  });

  it('finds a name typed partly on the Latin layout, and says which words to correct at the source', async () => {
    // "Cеверин" with a Latin C, "Богданoвич" with a Latin o.
    const typed = SEVERYN.name.replace('Се', 'Cе').replace('ано', 'анo');
    const r = await runCli(bundle, ['search', '--name', typed, '--date', SEVERYN.date, '--lang', 'uk'], {
      env: cliEnv(),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Санкції та застереження\s+1\s+100\s+Високий/);
    expect(r.stderr).toContain('у «Cеверин», «Богданoвич» латинські й кириличні літери впереміш');
  });

  it('warns that a name with initials can come back with no hits', async () => {
    const r = await runCli(bundle, ['search', '--name', 'Кривоклен С. Б.', '--date', SEVERYN.date], { env: cliEnv() });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Warning: initials in the name (“С.”, “Б.”)');
  });

  it('warns that a code failing its check digit was likely mistyped, and still asks it', async () => {
    // The sandbox's company 41703173 with its last digit mistyped: nobody has the code asked.
    const r = await runCli(bundle, ['search', '--ipn', '41703172', '--lang', 'en'], { env: cliEnv() });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Warning: the code 41703172 fails its check digit, so it was most likely mistyped');
    expect(r.stdout).toContain('Result: No hits');
    const valid = await runCli(bundle, ['search', '--ipn', '41703173', '--lang', 'en'], { env: cliEnv() });
    expect(valid.stderr).not.toContain('check digit');
  });

  it('exits 3 on an account error', async () => {
    const r = await runCli(bundle, severynArgs, { env: live(server.url, { CHECKLISTS_TOKKEN: BLOCKED_TOKKEN }) });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('The user is blocked');
    expect(r.stdout).toBe('');
    expectNoTokken(r, BLOCKED_TOKKEN);
  });

  it('exits 4 when no address answers', async () => {
    const dead = await refusedAddress();
    const r = await runCli(bundle, severynArgs, { env: live(dead) });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('could not be reached');
    expectNoTokken(r);
  });

  it('exits 4 with the relay’s words when the relay limits this analyst’s requests (429): try later, nothing to fix', async () => {
    const message =
      'Забагато запитів із вашого ключа: зачекайте 12 с і спробуйте знову. / Too many requests from your key: wait 12 s and try again.';
    const relay = await startScriptedServer({ kind: 'json', status: 429, body: { error: 429, message } });
    try {
      const r = await runCli(bundle, severynArgs, { env: live(relay.url) });
      expect(r.code).toBe(4);
      expect(r.stderr).toContain(`Too many requests for now (HTTP 429): ${message}`);
      expect(r.stderr).not.toContain('could not be reached');
      expect(relay.received).toHaveLength(1);
      expectNoTokken(r);
    } finally {
      await relay.close();
    }
  });

  it.each([
    ['a bad date', ['search', '--name', SEVERYN.name, '--date', '31.02.1980'], 'date:'],
    ['no subject', ['search', '--date', '1980-01-01'], 'Enter at least one of'],
    ['an unknown option', ['search', '--name', 'X', '--frobnicate'], 'Unknown option --frobnicate'],
    ['an unknown registry', ['search', '--name', 'X', '--registries', 'pepz'], 'Unknown registry or list'],
    ['an unknown command', ['serach', '--name', 'X'], 'Unknown command'],
  ])('exits 2 on %s', async (_label, args, message) => {
    const r = await runCli(bundle, args, { env: live(server.url) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expectNoTokken(r);
  });

  it('exits 2 when an address is set without credentials rather than falling back to the sandbox', async () => {
    const r = await runCli(bundle, severynArgs, { env: cliEnv({ CHECKLISTS_URL: server.url }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('CHECKLISTS_TOKKEN');
    expect(r.stdout).not.toContain('SANDBOX');
  });

  it('reads a --config file holding the tokken, and warns when others can read it', async () => {
    const file = join(work, 'checklists.json');
    writeFileSync(file, JSON.stringify({ url: server.url, tokken: TOKKEN, subjectId: SUBJECT, language: 'en' }));
    chmodSync(file, 0o644);
    const open = await runCli(bundle, [...severynArgs, '--config', file], { env: cliEnv() });
    expect(open.code).toBe(0);
    expect(open.stderr).toContain('can be read by every user');
    expect(open.stdout).toContain(`Answered by ${server.url}`);
    expectNoTokken(open);

    chmodSync(file, 0o600);
    const closed = await runCli(bundle, [...severynArgs, '--config', file], { env: cliEnv() });
    expect(closed.code).toBe(0);
    expect(closed.stderr).not.toContain('can be read by every user');
  });

  it('exits 2 on a config file that is not JSON, without quoting its content', async () => {
    const file = join(work, 'broken.json');
    writeFileSync(file, `{ "tokken": "${TOKKEN}", oops }`, { mode: 0o600 });
    const r = await runCli(bundle, [...severynArgs, '--config', file], { env: cliEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a JSON object');
    expectNoTokken(r);
  });
});
