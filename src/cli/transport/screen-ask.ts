import type { AskFn } from '../../bulk';
import { relayCachedAt } from '../../core/answer/relay-cached';
import { ServiceUnreachableError } from '../../core/protocol/errors';
import type { Connection } from '../../shared-runtime/connection';
import type { AskCounters } from '../output/screen-report';

/** How `checklists screen` asks: each answer counted, for the end lines and the exit code. */
export function askVia(connection: Connection, counters: AskCounters): AskFn {
  return async (query, options) => {
    try {
      const result = await connection.client.search(query, options);
      counters.answered++;
      if (relayCachedAt(result.envelope) !== null) counters.fromRelayCache++;
      return result;
    } catch (e) {
      if (e instanceof ServiceUnreachableError) counters.unreachable++;
      throw e;
    }
  };
}
