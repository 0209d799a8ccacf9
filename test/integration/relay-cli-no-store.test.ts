import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/cli/io';
import { runCli } from '../../src/cli/main';
import { cliEnv } from './cli-support';

/**
 * `checklists relay` on a --data-dir that holds no relay, in the process: refused before any
 * PostgreSQL is started, in the language asked for. (relay-cli.test.ts runs the built command
 * on a real store.)
 */

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'relay-no-store-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function relay(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    env: cliEnv(env),
    cwd: dir,
    platform: process.platform,
    interrupt: new AbortController().signal,
  };
  const code = await runCli(['relay', ...args], io);
  return { code, stdout, stderr };
}

it('says in the language asked for that a mistyped folder holds no relay, and makes nothing there', async () => {
  const typo = join(dir, 'checklists-rleay');
  const uk = await relay(['keys', 'list', '--data-dir', typo, '--lang', 'uk']);
  expect(uk).toEqual({
    code: 2,
    stdout: '',
    stderr: expect.stringContaining(`Помилка: У ${typo} немає даних релею`),
  });
  const en = await relay(['decisions', 'export', `--data-dir=${typo}`, '--lang=en']);
  expect(en.code).toBe(2);
  expect(en.stderr).toContain(`Error: No relay data in ${typo}:`);
  // Without --lang, the system's (LANG=en_US here).
  expect((await relay(['verify', '--data-dir', typo])).stderr).toMatch(/^Error: No relay data/);
  // A relative folder is named as resolved, so the message says which folder was looked in.
  expect((await relay(['audit', '--data-dir', 'relay-data'])).stderr).toContain(join(dir, 'relay-data'));
  expect(existsSync(typo)).toBe(false);
  expect(existsSync(join(dir, 'relay-data'))).toBe(false);
});

it('refuses a date bound it cannot read for certain, naming the forms it reads, before any store is opened', async () => {
  const data = join(dir, 'relay-data');
  // 01.13.2026 would have been read as January 13th (month first), 2026-02-31 as March 3rd.
  const dotted = await relay(['audit', '--from', '01.13.2026', '--data-dir', data]);
  expect(dotted.code).toBe(2);
  expect(dotted.stderr.split('\n')[0]).toBe(
    'Error: --from 01.13.2026: not a date or time. Use YYYY-MM-DD or DD.MM.YYYY (a whole day, Kyiv time), or YYYY-MM-DDThh:mm[:ss], Kyiv time unless Z or ±hh:mm follows.',
  );
  const uk = await relay(['decisions', 'export', '--since', '2026-02-31', '--data-dir', data, '--lang', 'uk']);
  expect(uk.stderr).toContain('Помилка: --since 2026-02-31: це не дата й не час.');
  expect((await relay(['audit', '--to', '12', '--data-dir', data])).stderr).toContain('--to 12: not a date or time');
  expect(existsSync(data)).toBe(false);
});

it('refuses a backup file it cannot read before it makes a store to restore into', async () => {
  const data = join(dir, 'relay-data');
  const missing = await relay(['restore', 'relay-2026-11.ndjson', '--data-dir', data]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toBe('Error: Nothing restored: the backup relay-2026-11.ndjson cannot be read (ENOENT).\n');
  expect(existsSync(data)).toBe(false);
});

it('names a PostgreSQL it cannot use, never its password, and a start option it cannot take', async () => {
  const down = await relay(['keys', 'list', '--database-url', 'postgres://relay:s3cret-pw@127.0.0.1:1/relaydb']);
  expect(down.code).toBe(4);
  expect(down.stderr).toContain(
    'Error: PostgreSQL 127.0.0.1:1/relaydb cannot be used: connect ECONNREFUSED 127.0.0.1:1. Check that it runs',
  );
  expect(down.stderr).not.toContain('s3cret-pw');
  // One line: no hint about the CheckLists service, which is not what failed.
  expect(down.stderr.trimEnd().split('\n')).toHaveLength(1);
  const notUrl = await relay(['audit', '--database-url', 'localhost:5432']);
  expect(notUrl).toMatchObject({ code: 2, stderr: expect.stringContaining('--database-url is not a URL') });
  // A password not validly %-encoded is still never shown.
  const raw = await relay(['keys', 'list', '--database-url', 'postgres://relay:50%off@127.0.0.1:1/relaydb']);
  expect(raw.code).toBe(4);
  expect(raw.stderr).not.toContain('50%off');

  const upstream = {
    CHECKLISTS_URL: 'http://127.0.0.1:9',
    CHECKLISTS_TOKKEN: 'a-tokken-of-the-bank',
    CHECKLISTS_SUBJECT_ID: 's1',
  };
  const data = join(dir, 'relay-data');
  const url = await relay(['--public-url', 'relay.bank.example', '--data-dir', data], upstream);
  expect(url.code).toBe(2);
  expect(url.stderr).toContain(
    'Error: --public-url relay.bank.example: give the address analysts open, with its scheme',
  );
  const fourEyes = await relay(['--four-eyes', 'peps,pepz', '--data-dir', data], upstream);
  expect(fourEyes.code).toBe(2);
  expect(fourEyes.stderr).toMatch(
    /^Error: --four-eyes pepz: no such registry\. Name one or more of peps, psanctions, /,
  );
  const cert = await relay(['--cert', 'tls.crt', '--key', 'tls.key', '--data-dir', data], upstream);
  expect(cert.code).toBe(2);
  expect(cert.stderr).toBe(`Error: --cert ${join(dir, 'tls.crt')}: there is no such file.\n`);
  expect(existsSync(data)).toBe(false);
});

it('asks for the analyst a keys command is about, before any store is opened', async () => {
  const data = join(dir, 'relay-data');
  const add = await relay(['keys', 'add', '--data-dir', data]);
  expect(add).toEqual({ code: 2, stdout: '', stderr: 'Error: Name the analyst: checklists relay keys add NAME\n' });
  expect((await relay(['keys', 'revoke', '--data-dir', data, '--lang', 'uk'])).stderr).toBe(
    'Помилка: Назвіть аналітика: checklists relay keys revoke ІМ’Я\n',
  );
  expect(existsSync(data)).toBe(false);
});

it('prints a usage text line by line', async () => {
  const wrong = await relay(['decisions', 'frobnicate', '--data-dir', join(dir, 'relay-data')]);
  expect(wrong.code).toBe(2);
  const lines = wrong.stderr.trimEnd().split('\n');
  expect(lines[0]).toBe('Error: checklists relay decisions frobnicate: unknown; use one of: export.');
  expect(lines[1]).toMatch(/^Usage: checklists relay \[--port N\]/);
  expect(lines.filter((l) => /^ +checklists relay (keys|audit|verify|archive|decisions|backup)/.test(l))).toHaveLength(
    6,
  );
});

it('names each mistake on its command line in our words and the language asked for, and starts nothing', async () => {
  const data = join(dir, 'relay-data');
  const first = async (args: string[]) => (await relay([...args, '--data-dir', data])).stderr.split('\n')[0];
  // A mistyped subcommand was refused as a stray argument of the server, with nothing to say which was meant.
  expect(await first(['kyes', 'list'])).toBe('Error: checklists relay kyes: no such command. Did you mean "keys"?');
  expect(await first(['toString'])).toBe('Error: checklists relay toString: no such command.');
  expect(await first(['keys', 'lst'])).toBe(
    'Error: checklists relay keys lst: unknown; use one of: add, list, revoke, rotate.',
  );
  expect(await first(['keys', '--lang', 'uk'])).toBe(
    'Помилка: checklists relay keys: укажіть, що зробити, одне з: add, list, revoke, rotate.',
  );
  expect(await first(['audit', '--form', '2026-01-01'])).toBe(
    'Error: Unknown option --form. Did you mean --from? See: checklists relay audit --help',
  );
  expect(await first(['audit', '--lang', 'uk', '--to'])).toBe(
    'Помилка: Параметру --to потрібне значення після нього: --to ЗНАЧЕННЯ.',
  );
  expect(await first(['archive', 'prune', '--archive-years', '0'])).toBe(
    'Error: --archive-years 0: give a whole number of years, 1 or more (the law asks for 5).',
  );
  expect(await first(['decisions', 'export', '--csv', '--json', '--lang', 'uk'])).toBe(
    'Помилка: Оберіть одне: --csv або --json.',
  );
  expect(await first(['restore'])).toBe('Error: Name the backup file: checklists relay restore FILE');
  const upstream = {
    CHECKLISTS_URL: 'https://checklists.example',
    CHECKLISTS_TOKKEN: 'a-tokken-of-the-bank',
    CHECKLISTS_SUBJECT_ID: '1',
  };
  const cert = await relay(['--cert', 'tls.crt', '--data-dir', data, '--lang', 'uk'], upstream);
  expect(cert.stderr.split('\n')[0]).toBe('Помилка: --cert, --key задаються разом: усі або жодного.');
  expect(existsSync(data)).toBe(false);
  // --help in the language asked for, with every server option (cli-options-documented.test.ts holds the list).
  const help = (await relay(['--lang', 'uk', '--help'])).stdout;
  expect(help).toMatch(/^checklists relay \[параметри\] — релей організації/);
  expect(help).toContain('--daily-budget N');
  expect(help).toContain('checklists relay keys add|list|revoke|rotate');
});

it('tells a mistyped number before anything else, and before any folder or PostgreSQL is made', async () => {
  const data = join(dir, 'relay-data');
  // Without an upstream configured, the typo is still what is named.
  expect((await relay(['--port', 'abc', '--data-dir', data])).stderr).toContain(
    '--port must be a whole number from 0 to 65535; got "abc"',
  );
  const upstream = {
    CHECKLISTS_URL: 'https://checklists.example',
    CHECKLISTS_TOKKEN: 'a-tokken-of-the-bank',
    CHECKLISTS_SUBJECT_ID: '1',
  };
  const budget = await relay(['--daily-budget', '1k', '--data-dir', data], upstream);
  expect(budget.code).toBe(2);
  expect(budget.stderr).toContain('--daily-budget');
  expect(existsSync(data)).toBe(false);
});
