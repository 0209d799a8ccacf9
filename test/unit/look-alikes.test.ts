import { mixedScriptWords, oneScriptPerWord } from '../../src/core/query/look-alikes';
import { subjectKey, validateQuery } from '../../src/core/query';

describe('a name typed on two keyboard layouts', () => {
  it.each([
    // Latin C, c, o, i, K, y, Ï in Cyrillic words.
    ['Кривоклен Cеверин Богданoвич', 'Кривоклен Северин Богданович'],
    ['Kривоклен Северин', 'Кривоклен Северин'],
    ['Іваненкo Iван', 'Іваненко Іван'],
    ['Ïжакевич Юрій', 'Їжакевич Юрій'],
    ['Cтепанюк Bолодимир', 'Степанюк Володимир'],
    // Cyrillic о, і, а in Latin words.
    ['Ivanenkо Smіth', 'Ivanenko Smith'],
    ['Mаria Petrenko', 'Maria Petrenko'],
  ])('%s → %s', (typed, meant) => {
    expect(oneScriptPerWord(typed)).toBe(meant);
  });

  it.each([
    ['one script per word already', 'Іваненко Ivan ТОВ "Smart Energy"'],
    // Every letter a look-alike: nothing says which script was meant.
    ['no plain letter to tell by', 'COM СОМ'],
    ['plain letters of both scripts', 'Kyivстар'],
    ['digits and punctuation', 'ТОВ «Альфа-2000», м. Київ'],
  ])('leaves %s alone', (_label, name) => {
    expect(oneScriptPerWord(name)).toBe(name);
  });

  it('is asked, cached and shared as the name it looks like, on every surface that validates a query', () => {
    const typed = validateQuery({ name: 'Кривоклен Cеверин Богданoвич', date: '1967-04-12' });
    const meant = validateQuery({ name: 'Кривоклен Северин Богданович', date: '1967-04-12' });
    if (!typed.ok || !meant.ok) throw new Error('both are valid queries');
    expect(typed.query.name).toBe('Кривоклен Северин Богданович');
    expect(subjectKey(typed.query)).toBe(subjectKey(meant.query));
  });

  it('takes a Latin name with a Cyrillic look-alike as Latin, and still refuses a Cyrillic word', () => {
    expect(validateQuery({ name: 'Іваненко', namelat: 'Ivanenkо' })).toMatchObject({
      ok: true,
      query: { namelat: 'Ivanenko' },
    });
    expect(validateQuery({ name: 'Іваненко', namelat: 'Іваненко' })).toMatchObject({ ok: false });
  });

  it('names the words it read in one script, as typed, for the analyst to correct at the source', () => {
    expect(mixedScriptWords('Кривоклен Cеверин Богданoвич · 1967-04-12')).toEqual(['Cеверин', 'Богданoвич']);
    expect(mixedScriptWords('Ivanenkо Ivanenkо')).toEqual(['Ivanenkо']);
    // Nothing read otherwise, nothing named: one script per word, or no plain letter to tell by.
    expect(mixedScriptWords('Іваненко Ivan ТОВ "Smart Energy"')).toEqual([]);
    expect(mixedScriptWords('COM СОМ Kyivстар')).toEqual([]);
  });
});
