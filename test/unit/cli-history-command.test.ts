import { historyCommand } from '../../src/cli/commands/history-command';
import { validateQuery } from '../../src/core/query';

function query(input: Record<string, string>) {
  const checked = validateQuery(input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.query;
}

describe('the history command a muted hit points to', () => {
  it('names every detail the subject was screened with, so its record is found', () => {
    expect(
      historyCommand(
        query({ name: 'Кривоклен Северин Богданович', date: '12.04.1967', ipn: '2457304172', doc: 'ВА 730412' }),
      ),
    ).toBe(
      'checklists history --name "Кривоклен Северин Богданович" --date 1967-04-12 --ipn 2457304172 --doc ВА730412',
    );
    expect(historyCommand(query({ ipn: '41703173' }))).toBe('checklists history --ipn 41703173');
  });

  it('quotes a name so that a shell reads it as one word and expands nothing in it', () => {
    expect(historyCommand(query({ name: 'ТОВ "Ромашка $HOME" `x`' }))).toBe(
      'checklists history --name "ТОВ \\"Ромашка \\$HOME\\" \\`x\\`"',
    );
    expect(historyCommand(query({ name: 'O’Brien' }))).toBe('checklists history --name "O’Brien"');
  });
});
