import { parseCommandLine } from '../../src/cli/args/command-line';
import { UsageError } from '../../src/cli/exit-codes';
import { helpMessages } from '../../src/cli/output/help-messages';
import { nearestWord } from '../../src/core/text/nearest';

/** A command line that helps (issue 31, item 12): the nearest option or command for a typo, relay in --help. */

function refusal(argv: string[]): { uk: string; en: string } {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.text;
    throw error;
  }
  throw new Error('accepted');
}

it('suggests the nearest option of the command, in both languages', () => {
  const text = refusal(['search', '--registrie', 'peps', '--name', 'Іван']);
  expect(text.en).toContain('Did you mean --registries?');
  expect(text.uk).toContain('Можливо, ви мали на увазі --registries?');
  expect(refusal(['screen', 'a.csv', '--certificate', 'd']).en).toContain('Did you mean --certificates?');
  // Nothing close: no guess, but where the options are listed.
  expect(refusal(['search', '--zzzzzzzz', '--name', 'Іван'])).toEqual({
    en: 'Unknown option --zzzzzzzz. See: checklists search --help',
    uk: 'Невідомий параметр --zzzzzzzz. Довідка: checklists search --help',
  });
});

it("words parseArgs' other refusals in both languages, the option named as --help shows it", () => {
  // Not parseArgs' advice to put "--" before a positional, which fits no mistake an analyst makes.
  expect(refusal(['search', '--name'])).toEqual({
    en: 'Option --name needs a value after it, as in --name VALUE.',
    uk: 'Параметру --name потрібне значення після нього: --name ЗНАЧЕННЯ.',
  });
  expect(refusal(['search', '--name', 'Іван', '-d'])).toEqual({
    en: 'Option --date needs a value after it, as in --date VALUE.',
    uk: 'Параметру --date потрібне значення після нього: --date ЗНАЧЕННЯ.',
  });
  expect(refusal(['search', '--name', 'Іван', '--get=yes']).en).toBe('Option --get takes no value: write it alone.');
  expect(refusal(['sandbox', 'extra']).uk).toBe('Зайвий аргумент: extra');
  expect(refusal(['screen', 'a.csv', '-z']).en).toBe('Unknown option -z. See: checklists screen --help');
});

it('suggests the nearest command, relay and help included', () => {
  expect(refusal(['scren', 'a.csv']).en).toContain('Did you mean "screen"?');
  expect(refusal(['rellay']).en).toContain('Did you mean "relay"?');
  expect(refusal(['histroy', '--name', 'Іван']).en).toContain('Did you mean "history"?');
  expect(refusal(['certifcate', '12']).en).toContain('Did you mean "certificate"?');
  expect(refusal(['frobnicate']).en).toContain(
    'Commands: search, screen, history, approve, certificate, archive, audit, decisions, sandbox, relay.',
  );
});

it('--help lists every command, the relay included', () => {
  for (const lang of ['uk', 'en'] as const) {
    expect(helpMessages.t(lang, 'help.main')).toContain('checklists relay');
    expect(helpMessages.t(lang, 'help.main')).toContain('checklists history');
    expect(helpMessages.t(lang, 'help.main')).toContain('checklists certificate');
    // Several numbers or an earlier results file: the main help shows what the command takes now.
    expect(helpMessages.t(lang, 'help.main')).toMatch(/checklists certificate \S+ \[\S+ \.\.\.\] \| --from /);
  }
});

it('the nearest word: typos within a third of the word, exact words and strangers left alone', () => {
  expect(nearestWord('--lowranklimt', ['--lowranklimit', '--registries'])).toBe('--lowranklimit');
  expect(nearestWord('sreen', ['screen', 'search'])).toBe('screen');
  expect(nearestWord('screen', ['screen'])).toBeNull();
  expect(nearestWord('xyz', ['screen'])).toBeNull();
});

it('history takes the subject as search does, a bare name included, and --json', () => {
  expect(parseCommandLine(['history', 'Іван', 'Петренко', '--date', '1990-01-01', '--json'])).toMatchObject({
    command: 'history',
    args: { name: 'Іван Петренко', date: '1990-01-01', json: true },
  });
  expect(parseCommandLine(['history', '--help'])).toMatchObject({ command: 'help', topic: 'history' });
  expect(refusal(['history', '--name', 'Іван', 'Петренко']).en).toBe('Unexpected argument: Петренко');
});

it('approve takes decision numbers as the list prints them, or none for the list', () => {
  expect(parseCommandLine(['approve'])).toMatchObject({ command: 'approve', args: { ids: [], json: false } });
  expect(parseCommandLine(['approve', '#12', '15'])).toMatchObject({ command: 'approve', args: { ids: [12, 15] } });
  expect(refusal(['approve', '12', 'all']).en).toBe(
    'Name each decision to approve by its number, as checklists approve lists it (12 or #12); got "all".',
  );
  expect(refusal(['approve', '0']).uk).toContain('отримано «0»');
});
