import type { AskFn } from '../../bulk';
import { ServiceUnreachableError } from '../../core/protocol/errors';
import type { Connection } from '../../shared-runtime/connection';
import type { AskCounters } from '../output/screen-report';

/** How `checklists screen` asks: each answer counted, for the end lines and the exit code. */
export function askVia(connection: Connection, counters: AskCounters): AskFn {
  return async (query, options) => {
    try {
      const result = await connection.client.search(query, options);
      counters.answered++;
      return result;
    } catch (e) {
      if (e instanceof ServiceUnreachableError) counters.unreachable++;
      throw e;
    }
  };
}
