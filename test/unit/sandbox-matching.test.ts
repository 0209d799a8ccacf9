import { transliterate } from '../../src/core/text/translit';
import { scoreVariant } from '../../src/sandbox/matching';
import { canonicalTokens, editDistance, latinOf, normalizeDate, normalizeDoc, skeleton } from '../../src/sandbox/text';

const exact = (q: string, r: string) => (q === r ? 1 : 0);

describe('sandbox text normalisation', () => {
  it.each([
    ['Іваненко Петро', ['ivanenko', 'petro']],
    ['IVANENKO, Petro', ['ivanenko', 'petro']],
    ['ЗГУРСЬКИЙ', ['zghurskyi']],
    ["Знам'янський", ['znamianskyi']],
    ['Юр’єнко', ['yurienko']],
    ['Ковтуненко-Вирій Ярема', ['kovtunenko', 'vyrii', 'yarema']],
    ['ТОВ "СМАРАГДОВИЙ ПРИЧАЛ"', ['smarahdovyi', 'prychal']],
    ['ТОВАРИСТВО З ОБМЕЖЕНОЮ ВІДПОВІДАЛЬНІСТЮ "СМАРАГДОВИЙ ПРИЧАЛ"', ['smarahdovyi', 'prychal']],
    ['Ёлкин Эдуард', ['elkyn', 'eduard']],
  ])('%s → %j', (text, tokens) => {
    expect(canonicalTokens(text)).toEqual(tokens);
  });

  it('gives the same Latin as the core transliteration, word by word', () => {
    for (const text of [
      'Кривоклен Северин Богданович',
      'ЗГУРСЬКИЙ Юрій',
      "Знам'янка",
      'Щербанівська Їжаченко-Євген',
      'ТОВ "ЯСНИЙ ЛАН"',
    ]) {
      expect(latinOf(text)).toBe(transliterate(text));
    }
  });

  it.each([
    ['yurii', 'iurii'],
    ['yurii', 'jurij'],
    ['yurii', 'yuriy'],
    ['hryhorii', 'grigoriy'],
    ['bohdanovych', 'bogdanowicz'],
    ['zghurskyi', 'zgurskij'],
  ])('folds %s and %s to one skeleton', (a, b) => {
    expect(skeleton(a)).toBe(skeleton(b));
  });

  it('measures edits with transpositions and stops past the limit', () => {
    expect(editDistance('kryvoklen', 'kryvoklen', 2)).toBe(0);
    expect(editDistance('kryvoklen', 'kryvoklyn', 2)).toBe(1);
    expect(editDistance('kryvoklen', 'kryvolken', 2)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('ab', 'abcdef', 1)).toBe(2);
  });

  it.each([
    ['КМ 417305', 'KM417305'],
    ['KM417305', 'KM417305'],
    ['км-417305', 'KM417305'],
    ['FT 920417', 'FT920417'],
    ['004 172 093', '004172093'],
  ])('normalises document %s', (doc, expected) => {
    expect(normalizeDoc(doc)).toBe(expected);
  });

  it.each([
    ['1967-04-12', '1967-04-12'],
    ['12.04.1967', '1967-04-12'],
    ['1967-04-12 00:00:00', '1967-04-12'],
    ['12/04/1967', undefined],
    [undefined, undefined],
  ])('normalises date %s', (text, expected) => {
    expect(normalizeDate(text)).toBe(expected);
  });
});

describe('scoring one name against another', () => {
  it.each([
    [['kryvoklen', 'severyn', 'bohdanovych'], ['kryvoklen', 'severyn', 'bohdanovych'], 100, true],
    [['severyn', 'kryvoklen', 'bohdanovych'], ['kryvoklen', 'severyn', 'bohdanovych'], 100, true],
    [['kryvoklen', 'severyn'], ['kryvoklen', 'severyn', 'bohdanovych'], 67, false],
    [['kryvoklen'], ['kryvoklen', 'severyn', 'bohdanovych'], 33, false],
    [['kryvoklen', 'severyn', 'bohdanovych'], ['kryvoklen', 'severyn'], 67, false],
  ])('%j against %j scores %d (exact %s)', (query, name, percent, isExact) => {
    expect(scoreVariant(query, name, exact)).toEqual({ percent, exact: isExact });
  });

  it('needs the shorter side covered in full', () => {
    expect(scoreVariant(['kryvoklen', 'ivan'], ['kryvoklen', 'severyn', 'bohdanovych'], exact)).toBeNull();
    expect(
      scoreVariant(['petro', 'ivanovych', 'kryvoklen'], ['kryvoklen', 'severyn', 'bohdanovych'], exact),
    ).toBeNull();
  });

  it('uses each name token once', () => {
    expect(scoreVariant(['ivan', 'ivan'], ['ivan', 'petrenko'], exact)).toBeNull();
  });
});
