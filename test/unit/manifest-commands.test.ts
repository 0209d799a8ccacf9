import { SCREEN_SELECTION_MESSAGE } from '../../src/shared-runtime/screen-selection-handshake';

// The ribbon buttons of manifest.xml, with Office stubbed: each must end with event.completed(),
// or Office keeps the button spinning.
const showAsTaskpane = jest.fn<Promise<void>, []>();
const postMessage = jest.fn();
const associate = jest.fn();
// onReady never resolves here: registration must not wait for it.
const onReady = jest.fn(() => new Promise<void>(() => undefined));
Object.assign(globalThis, {
  Office: { addin: { showAsTaskpane }, actions: { associate }, onReady },
  window: { postMessage, location: { origin: 'https://localhost:3000' } },
});
// Loaded after the stub, as office.js loads before the bundle.
const { COMMANDS, registerCommands } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../../src/commands/commands') as typeof import('../../src/commands/commands');
const associatedAtLoad = associate.mock.calls.map((c) => c[0] as string);

function event() {
  return { completed: jest.fn(), source: { id: 'button' } } as unknown as Office.AddinCommands.Event & {
    completed: jest.Mock;
  };
}

beforeEach(() => {
  showAsTaskpane.mockReset();
  postMessage.mockReset();
});

describe('ribbon commands', () => {
  it('registers every command under the name the manifest uses', () => {
    const own = jest.fn();
    registerCommands({ associate: own });
    expect(own.mock.calls.map((c) => c[0]).sort()).toEqual(['screenSelection']);
  });

  it('associates the handlers when the script loads, at top level, without waiting for Office.onReady', () => {
    expect(associatedAtLoad).toEqual(['screenSelection']);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('has no "open" function any more: "Open CheckLists" is a ShowTaskpane action (office-js #5176, #3224)', () => {
    expect(Object.keys(COMMANDS)).not.toContain('openTaskpane');
  });

  it('"Screen selection" shows the task pane, then asks it to screen the selection', async () => {
    showAsTaskpane.mockResolvedValue(undefined);
    const e = event();
    await COMMANDS.screenSelection(e);
    expect(postMessage).toHaveBeenCalledWith({ type: SCREEN_SELECTION_MESSAGE }, 'https://localhost:3000');
    expect(showAsTaskpane.mock.invocationCallOrder[0]).toBeLessThan(postMessage.mock.invocationCallOrder[0]);
    expect(e.completed).toHaveBeenCalledTimes(1);
  });

  it('completes even when the host refuses to show the pane', async () => {
    showAsTaskpane.mockRejectedValue(new Error('not supported'));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const e = event();
    await COMMANDS.screenSelection(e);
    expect(e.completed).toHaveBeenCalledTimes(1);
    expect(postMessage).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
