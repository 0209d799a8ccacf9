import type { FieldError } from '../../core/protocol/errors';
import type { SearchQuery } from '../../core/query';
import type { ScheduledAnswer } from '../../core/request/scheduler';
import type { Settings, ServiceMode } from '../../core/settings/settings';
import type { AnsweredBy } from '../../shared-runtime/connection';
import type { RelayTarget } from '../results/decision-client';
import { searchFormDefaults, type SearchFormValues } from './search-form';

/** An answer on show, with what it answers. */
export interface Shown {
  /** Its summary covers exactly the registries asked, however much the answer holds. */
  answer: ScheduledAnswer;
  /** What was asked, so "search again" repeats it even after the form was edited. */
  query: SearchQuery;
  mode: ServiceMode;
  /** The connection that answered: its label, and whether its answers are fictional. */
  service: AnsweredBy;
  subject: string;
  /** Through the organisation's relay: where decisions on these hits are recorded. */
  relay: RelayTarget | null;
}

/**
 * Where the single search stands. Each state shows one thing under the form, so an answer never
 * sits under a question it does not belong to: a new question, a refusal or a failure replaces it.
 * Errors are kept as they came (both languages), and worded when shown.
 */
export type SearchOutcome =
  | { kind: 'none' }
  | { kind: 'refused'; errors: readonly FieldError[] }
  | { kind: 'asking' }
  | { kind: 'answered'; shown: Shown }
  | { kind: 'failed'; error: unknown }
  | { kind: 'cancelled' };

export interface SearchState {
  values: SearchFormValues;
  outcome: SearchOutcome;
  /** An answer folds the long form away so the verdict is on the first screen; one click brings it back. */
  folded: boolean;
}

export type SearchAction =
  | { type: 'edit'; values: Partial<SearchFormValues> }
  /** The saved settings changed: their defaults apply at once, what the person typed stays. */
  | { type: 'defaults'; settings: Settings }
  | { type: 'refused'; errors: readonly FieldError[] }
  | { type: 'asking' }
  | { type: 'answered'; shown: Shown }
  | { type: 'failed'; error: unknown }
  | { type: 'cancelled' }
  | { type: 'unfold' };

export function initialSearchState(settings: Settings): SearchState {
  return { values: searchFormDefaults(settings), outcome: { kind: 'none' }, folded: false };
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'edit':
      return { ...state, values: { ...state.values, ...action.values } };
    case 'defaults': {
      const d = searchFormDefaults(action.settings);
      return {
        ...state,
        values: { ...state.values, search: d.search, lowranklimit: d.lowranklimit, listdata: d.listdata },
      };
    }
    case 'refused':
      return { ...state, outcome: { kind: 'refused', errors: action.errors }, folded: false };
    case 'asking':
      return { ...state, outcome: { kind: 'asking' } };
    case 'answered':
      return { ...state, outcome: { kind: 'answered', shown: action.shown }, folded: true };
    case 'failed':
      return { ...state, outcome: { kind: 'failed', error: action.error }, folded: false };
    case 'cancelled':
      return { ...state, outcome: { kind: 'cancelled' }, folded: false };
    case 'unfold':
      return { ...state, folded: false };
  }
}
