import { commandLineInput, queueSheetTop } from './command-line-results';
import { runQueued } from '../run';
import { excelApiSupported } from '../requirements';
import { isRunTable } from '../sheet-names';

/**
 * Which results sheet is in front of the analyst, kept current as sheets are activated, so that
 * "Screen again" is offered, and named, only on a sheet it can screen again. A results sheet (or
 * its hits sheet) holds a table the run made (isRunTable); a sheet without one is no run's.
 *
 * WorksheetCollection.onActivated is ExcelApi 1.7, the level the manifest declares
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheetcollection#excel-excel-worksheetcollection-onactivated-member).
 * One handler serves every panel: registered for the first listener, removed with the last (on
 * the context it was added on, as the events article shows).
 */

/**
 * The results sheet in front. `commandLine`: results `checklists screen` wrote, opened in Excel:
 * no table of the pane's, and their list is in a file (the header's Input names it), so they are
 * screened again where the list is, by the command line's --previous.
 */
export interface ResultsInFront {
  sheet: string;
  commandLine?: { input: string };
}

type Listener = (inFront: ResultsInFront | null) => void;

const listeners = new Set<Listener>();
let registered: Promise<OfficeExtension.EventHandlerResult<Excel.WorksheetActivatedEventArgs> | null> | null = null;

/** The results (or hits) sheet with this name or id, or null when it holds no run's table nor the command line's header. */
async function resultsSheetNamed(key: string): Promise<ResultsInFront | null> {
  return runQueued(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(key);
    sheet.load('name');
    const tables = sheet.tables;
    await context.sync();
    if (sheet.isNullObject) return null;
    tables.load('items/name');
    await context.sync();
    if (tables.items.some((t) => isRunTable(t.name))) return { sheet: sheet.name };
    const header = queueSheetTop(sheet);
    await context.sync();
    const input = commandLineInput(header.values);
    return input === null ? null : { sheet: sheet.name, commandLine: { input } };
  });
}

async function activeSheetKey(): Promise<string> {
  return runQueued(async (context) => {
    const sheet = context.workbook.worksheets.getActiveWorksheet();
    sheet.load('id');
    await context.sync();
    return sheet.id;
  });
}

async function publish(key: string): Promise<void> {
  const sheet = await resultsSheetNamed(key).catch(() => null);
  for (const listener of listeners) listener(sheet);
}

function register(): Promise<unknown> {
  registered ??= runQueued(async (context) => {
    if (!excelApiSupported('1.7')) return null;
    const handler = context.workbook.worksheets.onActivated.add((event) => publish(event.worksheetId));
    await context.sync();
    return handler;
  }).catch(() => {
    registered = null;
    return null;
  });
  return registered;
}

async function unregister(): Promise<void> {
  const handler = await registered;
  // A panel that came back meanwhile (a tab switched to and fro) keeps the handler.
  if (listeners.size > 0) return;
  registered = null;
  if (!handler) return;
  await Excel.run(handler.context, async (context) => {
    handler.remove();
    await context.sync();
  }).catch(() => undefined);
}

/**
 * Tells `listener` the results sheet in front now (null for any other sheet) and after every
 * change of sheet; the function returned stops it. A run that makes a results sheet calls
 * `recheckResultsSheet` when it ends: its tables may have come after the sheet's activation.
 */
export function watchResultsSheet(listener: Listener): () => void {
  listeners.add(listener);
  void register().then(recheckResultsSheet);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) void unregister();
  };
}

/** Looks at the sheet in front again (a run just wrote one) and tells every listener. */
export async function recheckResultsSheet(): Promise<void> {
  if (listeners.size === 0) return;
  try {
    await publish(await activeSheetKey());
  } catch {
    // No Excel to ask (closing): the listeners keep the last answer.
  }
}
