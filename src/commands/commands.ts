import { screenSelection } from './screen-selection';

/**
 * Ribbon buttons with an ExecuteFunction action (manifest.xml). "Open CheckLists" is not here:
 * it is a ShowTaskpane action, Office's own, because Office.addin.showAsTaskpane() from a
 * function is flaky on first and repeated clicks (office-js issues 5176 and 3224).
 *
 * They run in the shared runtime, so they reach the same task pane, scheduler and settings as
 * everything else. Every handler calls event.completed(), whatever happens: otherwise Office
 * keeps the button busy.
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
  screenSelection: command(() => screenSelection()),
};

type Actions = Pick<typeof Office.actions, 'associate'>;

export function registerCommands(actions: Actions = Office.actions): void {
  for (const [name, handler] of Object.entries(COMMANDS)) actions.associate(name, handler);
}

/**
 * Handlers are associated when this script loads, at top level: a click that loads the
 * runtime is dispatched as soon as office.js has the association, which may be before
 * Office.onReady resolves, and a handler registered only inside onReady misses it (the "needs
 * two clicks" reports, office-js issues 1029 and 3378). Associating again once Office is ready
 * covers a host whose Office.actions appears only then.
 */
export function registerAtLoad(
  office: { actions?: Actions; onReady?: (callback: () => void) => unknown } | undefined,
): void {
  if (!office) return;
  if (office.actions) registerCommands(office.actions);
  void office.onReady?.(() => {
    if (office.actions) registerCommands(office.actions);
  });
}

registerAtLoad(typeof Office === 'undefined' ? undefined : Office);
