/**
 * The command line's bundle is written as ASCII (scripts/cli-build.js) so the bin reads it as
 * Latin-1: the escaping must not change what any pattern or string means.
 */
import { runInNewContext } from 'node:vm';
import { asAscii } from '../../scripts/cli-build';

test('escapes every non-ASCII character, and patterns and strings keep their meaning', () => {
  const source = String.raw`// Прізвище, ім’я — коментар
({
  apostrophes: /[’'ʼ]/g,
  suffix: /(ович|івна)$/u,
  range: /[а-яё]+/gi,
  text: "Кривоклен Северин",
})`;
  const ascii = asAscii(source);
  expect(ascii).toMatch(/^[\x00-\x7f]*$/);
  type Patterns = { apostrophes: RegExp; suffix: RegExp; range: RegExp; text: string };
  const before = runInNewContext(source) as Patterns;
  const after = runInNewContext(ascii) as Patterns;
  for (const sample of ['Зав’ялов', "Д'Артаньян", 'Петрович', 'Олена Іванівна', 'ЁЖИК іжак', 'plain']) {
    expect(sample.replace(after.apostrophes, '|')).toBe(sample.replace(before.apostrophes, '|'));
    expect(after.suffix.test(sample)).toBe(before.suffix.test(sample));
    expect(sample.match(after.range)).toEqual(sample.match(before.range));
  }
  expect(after.text).toBe('Кривоклен Северин');
});

test('leaves the text as it is when a non-ASCII character is escaped by a backslash', () => {
  const source = String.raw`const dash = /\—/;`;
  expect(asAscii(source)).toBe(source);
});
