import type { BulkProgress } from '../../src/bulk';
import { listdataForRegistries } from '../../src/core/protocol/listdata';
import { DEFAULT_SETTINGS } from '../../src/core/settings/settings';
import type { SheetInput } from '../../src/excel/bulk/bulk-input';
import { bulkPanelReducer, initialBulkPanelState, type BulkPanelState } from '../../src/taskpane/bulk/bulk-panel-state';

function after(state: BulkPanelState, ...actions: Parameters<typeof bulkPanelReducer>[1][]): BulkPanelState {
  return actions.reduce(bulkPanelReducer, state);
}

const input = { source: 'Clients!A1:C3', headers: ['ПІБ', 'Дата', 'ІПН'], rows: [] } as unknown as SheetInput;

describe('the bulk panel’s states (issue 26: a reducer with explicit states)', () => {
  it('takes the saved settings as this run’s first choices; a choice changes only itself', () => {
    const peps = listdataForRegistries(['peps']);
    const loaded = after(initialBulkPanelState, {
      type: 'settings',
      settings: { ...DEFAULT_SETTINGS, search: 2, lowranklimit: 60 },
      listdata: peps,
    });
    expect(loaded).toMatchObject({ listdata: peps, search: 2, lowranklimit: '60' });
    expect(after(loaded, { type: 'choose', lowranklimit: '75' })).toMatchObject({
      listdata: peps,
      search: 2,
      lowranklimit: '75',
    });
  });

  it('leaves hidden rows out by default; the choice holds for the list read, and a new read starts from the default', () => {
    expect(initialBulkPanelState.leaveOutHidden).toBe(true);
    const read = after(initialBulkPanelState, { type: 'read', input, mapping: { name: 0 } });
    const every = after(read, { type: 'choose', leaveOutHidden: false });
    expect(every).toMatchObject({ leaveOutHidden: false, mapping: { name: 0 } });
    expect(after(every, { type: 'reading' }, { type: 'read', input, mapping: { name: 0 } }).leaveOutHidden).toBe(true);
  });

  it('reading clears the last outcome and read error; a mapping choice sets or clears one role', () => {
    const failed = after(initialBulkPanelState, { type: 'reading' }, { type: 'readFailed', error: new Error('x') });
    expect(failed.work.kind).toBe('idle');
    const read = after(failed, { type: 'reading' }, { type: 'read', input, mapping: { name: 0 } });
    expect(read).toMatchObject({ readError: null, input, mapping: { name: 0 }, work: { kind: 'idle' } });
    expect(after(read, { type: 'map', role: 'date', column: 1 }).mapping).toEqual({ name: 0, date: 1 });
    expect(after(read, { type: 'map', role: 'name', column: null }).mapping).toEqual({});
  });

  it('a start clears the last progress and outcome; the run’s end is shown until the next start', () => {
    const progress = { phase: 'screening', rowsDone: 5, rowsTotal: 10 } as BulkProgress;
    const running = after(
      initialBulkPanelState,
      { type: 'starting' },
      { type: 'running' },
      { type: 'progress', progress },
    );
    expect(running).toMatchObject({ work: { kind: 'running' }, progress });
    const ended = after(running, { type: 'ended', outcome: { kind: 'error', text: 'down' } });
    expect(ended).toMatchObject({ work: { kind: 'idle' }, progress, outcome: { kind: 'error' } });
    expect(after(ended, { type: 'starting' })).toMatchObject({ outcome: null, progress: null });
  });
});
