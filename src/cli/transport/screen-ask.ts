import type { AskFn } from '../../bulk';
import { relayCachedAt } from '../../core/answer/relay-cached';
import { ServiceUnreachableError } from '../../core/protocol/errors';
import type { Connection } from '../../shared-runtime/connection';
import type { AskCounters } from '../output/screen-report';

/**
 * `fresh`: a re-screen asks what the registers say now, past the relay's shared cache, as the
 * pane's Screen again does; a first run may take a colleague's answer of the last hours.
 */
export function askVia(connection: Connection, counters: AskCounters, fresh: boolean): AskFn {
  return async (query, options) => {
    try {
      const result = await connection.client.search(query, fresh ? { ...options, fresh } : options);
      counters.answered++;
      if (relayCachedAt(result.envelope) !== null) counters.fromRelayCache++;
      return result;
    } catch (e) {
      if (e instanceof ServiceUnreachableError) counters.unreachable++;
      throw e;
    }
  };
}
