import { DEFAULT_SETTINGS } from '../../src/core/settings/settings';
import { fieldError } from '../../src/core/query/field';
import {
  initialSearchState,
  searchReducer,
  type SearchState,
  type Shown,
} from '../../src/taskpane/search/search-state';

const shown = { subject: 'Коваленко' } as Shown;

function after(state: SearchState, ...actions: Parameters<typeof searchReducer>[1][]): SearchState {
  return actions.reduce(searchReducer, state);
}

describe('the single search’s states (issue 26: a reducer with explicit states)', () => {
  const start = initialSearchState(DEFAULT_SETTINGS);

  it('starts with the saved defaults, nothing under the form, the form open', () => {
    expect(start.outcome).toEqual({ kind: 'none' });
    expect(start.folded).toBe(false);
    expect(start.values.lowranklimit).toBe(String(DEFAULT_SETTINGS.lowranklimit));
  });

  it('an answer folds the form; asking again replaces it at once; a failure or refusal unfolds the form', () => {
    const answered = after(start, { type: 'asking' }, { type: 'answered', shown });
    expect(answered).toMatchObject({ outcome: { kind: 'answered', shown }, folded: true });
    // The previous answer goes as the new question leaves: it cannot be read as this one's.
    expect(after(answered, { type: 'asking' })).toMatchObject({ outcome: { kind: 'asking' }, folded: true });
    const error = new Error('down');
    expect(after(answered, { type: 'asking' }, { type: 'failed', error })).toMatchObject({
      outcome: { kind: 'failed', error },
      folded: false,
    });
    const errors = [fieldError('date', 'field.date.impossible', { value: '31.02.1990' })];
    expect(after(answered, { type: 'refused', errors })).toMatchObject({
      outcome: { kind: 'refused', errors },
      folded: false,
    });
    expect(after(answered, { type: 'asking' }, { type: 'cancelled' }).outcome).toEqual({ kind: 'cancelled' });
    expect(after(answered, { type: 'unfold' })).toMatchObject({ outcome: { kind: 'answered' }, folded: false });
  });

  it('new saved defaults change the options, not what the person typed', () => {
    const typed = after(start, { type: 'edit', values: { name: 'Петро', lowranklimit: '70' } });
    const next = after(typed, { type: 'defaults', settings: { ...DEFAULT_SETTINGS, lowranklimit: 55 } });
    expect(next.values.name).toBe('Петро');
    expect(next.values.lowranklimit).toBe('55');
  });
});
