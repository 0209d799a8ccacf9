/** Fakes shared by the task-pane tests: a scripted transport, services over memory storage. */
import { CheckListsClient, type SearchResult } from '../../src/core/request/client';
import type { LocalizedText } from '../../src/core/text/i18n';
import { parsePostAnswer } from '../../src/core/protocol/schema';
import { addressList } from '../../src/core/settings/settings';
import { SettingsStore, type LoadedSettings } from '../../src/core/settings/settings-store';
import { memoryStorage } from '../../src/core/settings/storage';
import type { CellValue } from '../../src/bulk/columns';
import type { Transport, TransportRequest, TransportResponse } from '../../src/core/request/transport';
import type { Connection } from '../../src/shared-runtime/connection';
import { officeBulkWorkbook } from '../../src/taskpane/shell/bulk-workbook';
import { detachedHost, type HostInfo, type TaskpaneServices } from '../../src/taskpane/shell/services';
import { fixtureJson } from './fixtures';

export type Reply = TransportResponse | Error | ((request: TransportRequest) => TransportResponse | Error);

/** Answers requests by address (origin), or with one reply for all; records every request. */
export function scriptedTransport(
  replies: Reply | Record<string, Reply>,
): Transport & { requests: TransportRequest[] } {
  const requests: TransportRequest[] = [];
  return {
    requests,
    async send(request) {
      requests.push(request);
      const origin = new URL(request.url).origin;
      const reply =
        typeof replies === 'function' || replies instanceof Error || 'status' in replies
          ? (replies as Reply)
          : (replies as Record<string, Reply>)[origin];
      if (reply === undefined) throw new TypeError('fetch failed');
      const r = typeof reply === 'function' ? reply(request) : reply;
      if (r instanceof Error) throw r;
      return r;
    },
  };
}

export function json(status: number, body: unknown): TransportResponse {
  return { status, contentType: 'application/json', text: typeof body === 'string' ? body : JSON.stringify(body) };
}

const LABEL: LocalizedText = { uk: 'тест', en: 'test' };

/** A connection as src/shared-runtime/connection builds it, on a scripted transport and without retries or waits. */
export function fakeConnect(transport: Transport) {
  return (loaded: LoadedSettings): Connection => {
    const live = loaded.mode === 'live' && loaded.tokken !== null;
    return {
      mode: live ? 'live' : 'sandbox',
      settings: loaded.settings,
      label: LABEL,
      fictional: !live,
      client: new CheckListsClient({
        addresses: live ? addressList(loaded.settings) : ['https://sandbox.test'],
        credentials: live
          ? { tokken: loaded.tokken ?? '', idSubjectFM: loaded.settings.idSubjectFM }
          : { tokken: 'demo', idSubjectFM: 'demo' },
        transport,
        retries: 0,
        backoffMs: 0,
        cooldownMs: 0,
        timeoutMs: 2000,
      }),
    };
  };
}

export interface FakeServices extends TaskpaneServices {
  storage: ReturnType<typeof memoryStorage>;
  inserted: (readonly (readonly CellValue[])[])[];
  evidence: (readonly (readonly CellValue[])[])[];
}

export function fakeServices(
  options: { transport?: Transport; host?: Partial<HostInfo>; initial?: Record<string, string> } = {},
): FakeServices {
  const storage = memoryStorage(options.initial ?? {});
  const settings = new SettingsStore(storage);
  const connectWith = fakeConnect(
    options.transport ?? scriptedTransport(json(200, fixtureJson('post-all-registries.json'))),
  );
  const inserted: (readonly (readonly CellValue[])[])[] = [];
  const evidence: (readonly (readonly CellValue[])[])[] = [];
  return {
    storage,
    inserted,
    evidence,
    settings,
    connect: async () => connectWith(await settings.load()),
    connectWith,
    excel: {
      insertAtActiveCell: async (rows) => {
        inserted.push(rows);
        return { written: true, address: `Sheet1!A1:B${rows.length}` };
      },
      writeEvidenceSheet: async (rows) => {
        evidence.push(rows);
        return 'CheckLists evidence';
      },
    },
    // The workbook's side of bulk runs on whatever Excel is installed: the workbook fake in these tests.
    bulk: officeBulkWorkbook(),
    host: detachedHost(options.host),
  };
}

export function searchResultFrom(raw: unknown, servedBy = 'https://primary.example'): SearchResult {
  return { envelope: parsePostAnswer(raw), servedBy, attempts: [], durationMs: 137, method: 'POST', raw };
}
