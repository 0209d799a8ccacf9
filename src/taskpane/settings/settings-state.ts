import type { LoadedSettings } from '../../core/settings/settings-store';
import type { ConnectionTestOutcome } from './connection-test';
import { MIN_RESERVE_SLOTS, formFromSettings, type SettingsErrors, type SettingsFormValues } from './settings-form';

/** What the last save did; shown under the form until the next edit. */
export type SaveState =
  | { kind: 'editing' }
  | { kind: 'refused' }
  | { kind: 'saving' }
  | { kind: 'saved'; what: 'live' | 'sandbox' | 'tokkenRemoved' }
  | { kind: 'failed'; error: unknown };

export type TestState = { kind: 'idle' } | { kind: 'testing' } | { kind: 'tested'; outcome: ConnectionTestOutcome };

export interface SettingsState {
  values: SettingsFormValues;
  errors: SettingsErrors;
  /** The tokken field is open: nothing is saved yet, or the analyst chose to replace it. */
  replacing: boolean;
  /** The relay that serves this pane, proposed while nothing is saved. */
  proposed: string | null;
  save: SaveState;
  test: TestState;
}

export type SettingsAction =
  | { type: 'edit'; values: Partial<SettingsFormValues> }
  | { type: 'reserve'; index: number; value: string }
  | { type: 'removeReserve'; index: number }
  | { type: 'proposed'; origin: string }
  | { type: 'toggleReplacing' }
  | { type: 'refused'; errors: SettingsErrors; test: boolean }
  | { type: 'validated' }
  | { type: 'saving' }
  | { type: 'saved'; fresh: LoadedSettings }
  | { type: 'tokkenRemoved' }
  | { type: 'failed'; error: unknown }
  | { type: 'testing' }
  | { type: 'tested'; outcome: ConnectionTestOutcome };

export function initialSettingsState(loaded: LoadedSettings): SettingsState {
  return {
    values: formFromSettings(loaded.settings),
    errors: {},
    replacing: loaded.tokken === null,
    proposed: null,
    save: { kind: 'editing' },
    test: { kind: 'idle' },
  };
}

const edited = (state: SettingsState, values: SettingsFormValues): SettingsState => ({
  ...state,
  values,
  save: state.save.kind === 'saving' ? state.save : { kind: 'editing' },
});

export function settingsReducer(state: SettingsState, action: SettingsAction): SettingsState {
  const v = state.values;
  switch (action.type) {
    case 'edit':
      return edited(state, { ...v, ...action.values });
    case 'reserve':
      return edited(state, { ...v, reserveUrls: v.reserveUrls.map((r, j) => (j === action.index ? action.value : r)) });
    case 'removeReserve': {
      const next = v.reserveUrls.filter((_, j) => j !== action.index);
      while (next.length < MIN_RESERVE_SLOTS) next.push('');
      return edited(state, { ...v, reserveUrls: next });
    }
    case 'proposed':
      // Only into an empty address: what the analyst typed meanwhile stays.
      return {
        ...state,
        proposed: action.origin,
        values: v.primaryUrl.trim() ? v : { ...v, connection: 'relay', primaryUrl: action.origin },
      };
    case 'toggleReplacing':
      return { ...edited(state, { ...v, tokkenDraft: '' }), replacing: !state.replacing };
    case 'refused':
      return {
        ...state,
        errors: action.errors,
        save: { kind: 'refused' },
        ...(action.test ? { test: { kind: 'idle' as const } } : {}),
      };
    case 'validated':
      return { ...state, errors: {} };
    case 'saving':
      return { ...state, save: { kind: 'saving' } };
    case 'saved':
      return {
        ...state,
        values: { ...formFromSettings(action.fresh.settings), tokkenDraft: '' },
        replacing: action.fresh.tokken === null,
        save: { kind: 'saved', what: action.fresh.mode === 'live' ? 'live' : 'sandbox' },
      };
    case 'tokkenRemoved':
      return {
        ...state,
        values: { ...v, tokkenDraft: '' },
        replacing: true,
        save: { kind: 'saved', what: 'tokkenRemoved' },
      };
    case 'failed':
      return { ...state, save: { kind: 'failed', error: action.error } };
    case 'testing':
      return { ...state, test: { kind: 'testing' } };
    case 'tested':
      return { ...state, test: { kind: 'tested', outcome: action.outcome } };
  }
}
