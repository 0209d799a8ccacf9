import { COMMANDS, registerCommands } from '../../src/commands/commands';
import { SCREEN_SELECTION_MESSAGE } from '../../src/commands/screen-selection';

// The ribbon buttons of manifest.xml, with Office stubbed: each must end with event.completed(),
// or Office keeps the button spinning.
const showAsTaskpane = jest.fn<Promise<void>, []>();
const postMessage = jest.fn();
Object.assign(globalThis, {
  Office: { addin: { showAsTaskpane } },
  window: { postMessage, location: { origin: 'https://localhost:3000' } },
});

function event() {
  return { completed: jest.fn(), source: { id: 'button' } } as unknown as Office.AddinCommands.Event & { completed: jest.Mock };
}

beforeEach(() => {
  showAsTaskpane.mockReset();
  postMessage.mockReset();
});

describe('ribbon commands', () => {
  it('registers every command under the name the manifest uses', () => {
    const associate = jest.fn();
    registerCommands({ associate });
    expect(associate.mock.calls.map((c) => c[0]).sort()).toEqual(['openTaskpane', 'screenSelection']);
  });

  it('"Open CheckLists" shows the task pane and completes', async () => {
    showAsTaskpane.mockResolvedValue(undefined);
    const e = event();
    await COMMANDS.openTaskpane(e);
    expect(showAsTaskpane).toHaveBeenCalledTimes(1);
    expect(e.completed).toHaveBeenCalledTimes(1);
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
