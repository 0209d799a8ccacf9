import { InvalidInputError } from '../../src/core/protocol/errors';
import { QUERY_FIELDS, validateQuery } from '../../src/core/query';
import { coreMessages } from '../../src/core/text/messages';
import { fieldErrorsText, queryFieldNames } from '../../src/core/text/query-field-names';

function refusal(input: Parameters<typeof validateQuery>[0]): InvalidInputError {
  const checked = validateQuery(input);
  if (checked.ok) throw new Error('the input was accepted');
  return new InvalidInputError(checked.errors);
}

describe('a refused query names each field in the reader’s language (issue 31, item 10)', () => {
  it('has a name in both languages for every query field, and for nothing else', () => {
    expect(Object.keys(queryFieldNames.en).sort()).toEqual([...QUERY_FIELDS].sort());
    for (const field of QUERY_FIELDS) expect(queryFieldNames.uk[field]).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
  });

  it('heads a field’s message with its name, never its key', () => {
    const error = refusal({ name: 'Іваненко Іван', date: '31.02.1980', listdata: 1n });
    expect(error.text.uk).toBe(
      `Дата народження: ${coreMessages.t('uk', 'field.date.impossible', { value: '31.02.1980' })}`,
    );
    expect(error.text.en).toMatch(/^Date of birth: No such date/);
    expect(error.text.uk).not.toMatch(/\bdate:/);
  });

  it('gives a message that names its own fields, or an internal field, no head', () => {
    const error = refusal({ date: '1980-01-01', listdata: 1n });
    expect(error.text.uk).toBe(coreMessages.t('uk', 'field.required.subject'));
    const internal = fieldErrorsText(
      [{ field: 'previous', message: { uk: 'Інший запуск.', en: 'Another run.' } }],
      'en',
    );
    expect(internal).toBe('Another run.');
  });
});
