import { fillTemplate, pluralForm } from '../../src/core/text/i18n';
import { cliMessages } from '../../src/cli/messages';

/** Ukrainian plurals by the rules, through the one helper every catalogue uses (issue 31, item 11). */

const ROWS = ['рядок', 'рядки', 'рядків'];

it.each([
  [1, 'рядок'],
  [2, 'рядки'],
  [5, 'рядків'],
  [11, 'рядків'],
  [12, 'рядків'],
  [14, 'рядків'],
  [21, 'рядок'],
  [22, 'рядки'],
  [25, 'рядків'],
  [101, 'рядок'],
  [111, 'рядків'],
  [0, 'рядків'],
])('%i %s', (n, form) => {
  expect(pluralForm(n, ROWS)).toBe(form);
});

it('English takes one form for 1 and the other for the rest; a fraction takes the Ukrainian second form', () => {
  expect([1, 0, 2, 21].map((n) => pluralForm(n, ['row', 'rows']))).toEqual(['row', 'rows', 'rows', 'rows']);
  expect(pluralForm(1.5, ROWS)).toBe('рядки');
});

it('a catalogue writes the form for the count and leaves plain parameters and unknown ones alone', () => {
  expect(fillTemplate('{n} {n|збіг|збіги|збігів}, {x}', { n: 22 })).toBe('22 збіги, {x}');
  expect(cliMessages.t('uk', 'search.changed', { count: 21 })).toContain('21 збіг вирішити');
  expect(cliMessages.t('uk', 'search.changed', { count: 3 })).toContain('3 збіги вирішити');
  expect(cliMessages.t('en', 'search.changed', { count: 1 })).toContain('1 hit to decide again');
});
