import { DEFAULT_SETTINGS } from '../../src/core/settings/settings';
import type { LoadedSettings } from '../../src/core/settings/settings-store';
import { MIN_RESERVE_SLOTS } from '../../src/taskpane/settings/settings-form';
import { initialSettingsState, settingsReducer, type SettingsState } from '../../src/taskpane/settings/settings-state';

const nothingSaved: LoadedSettings = { settings: DEFAULT_SETTINGS, tokken: null, mode: 'sandbox' };
const live: LoadedSettings = {
  settings: { ...DEFAULT_SETTINGS, primaryUrl: 'https://cl.example', idSubjectFM: 'S1' },
  tokken: 'secret',
  mode: 'live',
};

function after(state: SettingsState, ...actions: Parameters<typeof settingsReducer>[1][]): SettingsState {
  return actions.reduce(settingsReducer, state);
}

describe('the settings form’s states (issue 26: a reducer with explicit states)', () => {
  it('opens the tokken field only when none is saved; replacing clears the draft', () => {
    expect(initialSettingsState(nothingSaved).replacing).toBe(true);
    const saved = initialSettingsState(live);
    expect(saved.replacing).toBe(false);
    const typed = after(saved, { type: 'toggleReplacing' }, { type: 'edit', values: { tokkenDraft: 'new' } });
    expect(typed).toMatchObject({ replacing: true, values: { tokkenDraft: 'new' } });
    expect(after(typed, { type: 'toggleReplacing' })).toMatchObject({ replacing: false, values: { tokkenDraft: '' } });
  });

  it('a save says what it did until the next edit; a refusal keeps the errors and drops a stale test', () => {
    const start = initialSettingsState(nothingSaved);
    const tested = after(
      start,
      { type: 'testing' },
      { type: 'tested', outcome: { kind: 'ok', title: 'OK', details: [] } },
    );
    const errors = { primaryUrl: { uk: 'Хибна адреса', en: 'Bad address' } };
    expect(after(tested, { type: 'refused', errors, test: true })).toMatchObject({
      errors,
      save: { kind: 'refused' },
      test: { kind: 'idle' },
    });
    expect(after(tested, { type: 'refused', errors, test: false }).test.kind).toBe('tested');
    const saved = after(start, { type: 'saving' }, { type: 'saved', fresh: live });
    expect(saved).toMatchObject({ save: { kind: 'saved', what: 'live' }, replacing: false });
    expect(saved.values.primaryUrl).toBe('https://cl.example');
    expect(after(saved, { type: 'edit', values: { idUserPC: 'PC-1' } }).save).toEqual({ kind: 'editing' });
  });

  it('a proposed relay fills an empty address only; reserves keep their minimum of slots', () => {
    const typed = after(initialSettingsState(nothingSaved), { type: 'edit', values: { primaryUrl: 'https://mine' } });
    expect(after(typed, { type: 'proposed', origin: 'https://relay' }).values.primaryUrl).toBe('https://mine');
    const empty = after(initialSettingsState(nothingSaved), { type: 'proposed', origin: 'https://relay' });
    expect(empty.values).toMatchObject({ primaryUrl: 'https://relay', connection: 'relay' });
    const removed = after(
      empty,
      { type: 'reserve', index: 0, value: 'https://r1' },
      { type: 'removeReserve', index: 0 },
    );
    expect(removed.values.reserveUrls).toHaveLength(MIN_RESERVE_SLOTS);
    expect(removed.values.reserveUrls.every((u) => u === '')).toBe(true);
  });
});
