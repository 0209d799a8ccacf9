import fs from 'node:fs';
import path from 'node:path';
import { SCREEN_OPTIONS, SEARCH_OPTIONS } from '../../src/cli/args/command-line';
import {
  APPROVE_OPTIONS,
  ARCHIVE_OPTIONS,
  AUDIT_OPTIONS,
  CERTIFICATE_OPTIONS,
  DECISIONS_OPTIONS,
  HISTORY_OPTIONS,
} from '../../src/cli/args/record-args';
import { GLOBAL_OPTIONS, parseStrict } from '../../src/cli/args/option-values';
import { SANDBOX_OPTIONS } from '../../src/cli/args/sandbox-args';
import { RELAY_SERVER_OPTIONS } from '../../src/cli/commands/relay-command';
import { helpMessages } from '../../src/cli/output/help-messages';

/**
 * Every option the parser takes is one a person can find: in `--help` (both languages) and in
 * docs/cli.md's section of its command. An option added to the parser alone fails here.
 */

const read = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'docs', name), 'utf8');
const doc = read('cli.md');

/** The text of docs/cli.md from the command's heading to the next heading of its level or above. */
function docSection(command: string): string {
  const start = doc.indexOf(`### \`checklists ${command}\``);
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = doc.slice(start + 4);
  const end = rest.search(/\n#{2,3} /);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Older spellings kept so that earlier notes still work; the help names the current one. */
const ALIASES = new Set(['registry-error']);

const ownOptions = (options: Record<string, unknown>) =>
  Object.keys(options).filter((name) => !(name in GLOBAL_OPTIONS) && !ALIASES.has(name));

describe.each([
  ['search', SEARCH_OPTIONS, 'help.search'],
  ['screen', SCREEN_OPTIONS, 'help.screen'],
  ['history', HISTORY_OPTIONS, 'help.history'],
  ['approve', APPROVE_OPTIONS, 'help.approve'],
  ['certificate', CERTIFICATE_OPTIONS, 'help.certificate'],
  ['archive', ARCHIVE_OPTIONS, 'help.archive'],
  ['audit', AUDIT_OPTIONS, 'help.audit'],
  ['decisions', DECISIONS_OPTIONS, 'help.decisions'],
  ['sandbox', SANDBOX_OPTIONS, 'help.sandbox'],
] as const)('checklists %s', (command, options, helpKey) => {
  it.each(ownOptions(options))('--%s is in --help in English and Ukrainian, and in docs/cli.md', (option) => {
    const named = new RegExp(`--${option}(?![\\w-])`);
    expect(helpMessages.t('en', helpKey)).toMatch(named);
    expect(helpMessages.t('uk', helpKey)).toMatch(named);
    expect(docSection(command)).toMatch(named);
  });
});

it.each(Object.keys(GLOBAL_OPTIONS).filter((o) => o !== 'help'))(
  'the global --%s is in the main --help and in docs/cli.md',
  (option) => {
    const named = new RegExp(`--${option}(?![\\w-])`);
    expect(helpMessages.t('en', 'help.main')).toMatch(named);
    expect(helpMessages.t('uk', 'help.main')).toMatch(named);
    expect(doc).toMatch(named);
  },
);

it.each(Object.keys(RELAY_SERVER_OPTIONS))(
  "the relay server's --%s is in checklists relay --help in English and Ukrainian, and in docs/relay.md",
  (option) => {
    const named = new RegExp(`--${option}(?![\\w-])`);
    expect(helpMessages.t('en', 'help.relay')).toMatch(named);
    expect(helpMessages.t('uk', 'help.relay')).toMatch(named);
    expect(read('relay.md')).toMatch(named);
  },
);

it('the systemd unit in docs/relay.md starts the relay with options it takes, from the package’s own bin script', () => {
  const exec = /^ExecStart=(.+)$/m.exec(read('relay.md'));
  expect(exec).not.toBeNull();
  const [node, script, command, ...args] = exec![1].split(' ');
  expect([node.endsWith('/node'), script.endsWith('/bin/checklists.cjs'), command]).toEqual([true, true, 'relay']);
  expect(fs.existsSync(path.join(__dirname, '..', '..', 'bin', 'checklists.cjs'))).toBe(true);
  const { values } = parseStrict('relay', args, RELAY_SERVER_OPTIONS, false);
  expect(values).toMatchObject({ 'data-dir': '/var/lib/checklists-relay', 'public-url': 'https://relay.bank.example' });
});
