import type { AskFn } from '../../bulk';
import type { Connection } from '../../shared-runtime/connection';
import { runtimeFor } from '../shell/pane-runtime';
import type { TaskpaneServices } from '../shell/services';

/**
 * Where a bulk run sends its requests: the scheduler the worksheet functions use, when the
 * task pane shares their runtime, so cells and the bulk run share one concurrency cap, one
 * merge of identical asks and one answer cache. A pane running on its own (the browser harness)
 * runs a runtime of the same make over its own settings store and connection.
 */
export interface BulkService {
  ask: AskFn;
  connection: Connection;
  concurrency: number;
  /** After an account or quota stop the scheduler sends nothing until told to: a resume tells it. */
  allowSending(): void;
}

export async function bulkService(services: TaskpaneServices): Promise<BulkService> {
  const runtime = runtimeFor(services);
  const context = await runtime.context();
  const scheduler = context.scheduler;
  return {
    ask: (query, options) => scheduler.ask(query, options),
    connection: context.connection,
    concurrency: context.settings.concurrency,
    allowSending: () => scheduler.resume(),
  };
}
