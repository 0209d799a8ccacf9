import { screenSelection } from './screen-selection';

/**
 * Ribbon buttons (manifest.xml, ExecuteFunction actions). They run in the shared runtime, so
 * they reach the same task pane, scheduler and settings as everything else. Every handler
 * calls event.completed(), whatever happens: otherwise Office keeps the button busy.
 */

type Handler = (event: Office.AddinCommands.Event) => Promise<void>;

function command(action: () => Promise<void>): Handler {
  return async (event) => {
    try {
      await action();
    } catch (error) {
      // Nothing to show it in: the task pane (if it opened) reports its own failures.
      console.error('CheckLists command failed', error instanceof Error ? error.message : error);
    } finally {
      event.completed();
    }
  };
}

export const COMMANDS: Readonly<Record<string, Handler>> = {
  openTaskpane: command(() => Office.addin.showAsTaskpane()),
  screenSelection: command(() => screenSelection()),
};

export function registerCommands(actions: Pick<typeof Office.actions, 'associate'> = Office.actions): void {
  for (const [name, handler] of Object.entries(COMMANDS)) actions.associate(name, handler);
}

if (typeof Office !== 'undefined') void Office.onReady(() => registerCommands());
