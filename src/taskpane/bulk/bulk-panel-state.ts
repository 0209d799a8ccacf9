import type { BulkProgress } from '../../bulk';
import type { ColumnMapping, ColumnRole } from '../../bulk/columns';
import type { RunListing } from '../../bulk/state';
import { ALL_LISTS, type Listdata } from '../../core/protocol/listdata';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings/settings';
import type { SheetInput } from '../../excel/bulk/bulk-input';
import type { Outcome } from './outcome-bar';

/**
 * Where the bulk panel stands. The work is `idle`, `reading` the selection, or `running` a run
 * (with its latest progress); a run's end or a failure is the `outcome` shown until the next start.
 */
export type BulkWork = { kind: 'idle' } | { kind: 'reading' } | { kind: 'running' };

export interface BulkPanelState {
  settings: Settings;
  /** The connection's name ("Live service", "SANDBOX"), once known. */
  modeLabel: string;
  input: SheetInput | null;
  mapping: ColumnMapping;
  /** This run's choices, starting from the saved settings. */
  listdata: Listdata;
  search: 1 | 2;
  lowranklimit: string;
  /** A list with hidden rows: leave them out (the default, as Excel's own commands treat a filtered list). */
  leaveOutHidden: boolean;
  work: BulkWork;
  progress: BulkProgress | null;
  outcome: Outcome | null;
  readError: unknown;
  /** The latest run in this workbook that can be resumed. */
  resumable: RunListing | null;
}

export type BulkPanelAction =
  | { type: 'settings'; settings: Settings; listdata: Listdata }
  | { type: 'modeLabel'; label: string }
  | { type: 'resumable'; listing: RunListing | null }
  | { type: 'reading' }
  | { type: 'read'; input: SheetInput; mapping: ColumnMapping }
  | { type: 'readFailed'; error: unknown }
  | { type: 'map'; role: ColumnRole; column: number | null }
  | { type: 'choose'; listdata?: Listdata; search?: 1 | 2; lowranklimit?: string; leaveOutHidden?: boolean }
  | { type: 'starting' }
  | { type: 'running' }
  | { type: 'progress'; progress: BulkProgress }
  | { type: 'ended'; outcome: Outcome | null };

export const initialBulkPanelState: BulkPanelState = {
  settings: DEFAULT_SETTINGS,
  modeLabel: '',
  input: null,
  mapping: {},
  listdata: ALL_LISTS,
  search: 1,
  lowranklimit: '0',
  leaveOutHidden: true,
  work: { kind: 'idle' },
  progress: null,
  outcome: null,
  readError: null,
  resumable: null,
};

export function bulkPanelReducer(state: BulkPanelState, action: BulkPanelAction): BulkPanelState {
  switch (action.type) {
    case 'settings': {
      const { settings } = action;
      const choices = {
        listdata: action.listdata,
        search: settings.search,
        lowranklimit: String(settings.lowranklimit),
      };
      return { ...state, settings, ...choices };
    }
    case 'modeLabel':
      return { ...state, modeLabel: action.label };
    case 'resumable':
      return { ...state, resumable: action.listing };
    case 'reading':
      return { ...state, work: { kind: 'reading' }, readError: null, outcome: null };
    case 'read':
      // Each list read starts from the default: a choice made for another list does not carry over.
      return { ...state, work: { kind: 'idle' }, input: action.input, mapping: action.mapping, leaveOutHidden: true };
    case 'readFailed':
      return { ...state, work: { kind: 'idle' }, readError: action.error };
    case 'map': {
      const mapping = { ...state.mapping };
      if (action.column === null) delete mapping[action.role];
      else mapping[action.role] = action.column;
      return { ...state, mapping };
    }
    case 'choose': {
      const { type: _type, ...chosen } = action;
      return { ...state, ...chosen };
    }
    case 'starting':
      return { ...state, outcome: null, progress: null };
    case 'running':
      return { ...state, work: { kind: 'running' } };
    case 'progress':
      return { ...state, progress: action.progress };
    case 'ended':
      return { ...state, work: { kind: 'idle' }, outcome: action.outcome };
  }
}
