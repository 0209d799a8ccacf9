import { AccountError, ServiceUnreachableError } from '../../src/core/errors';
import { subjectKey, type SearchQuery } from '../../src/core/query';
import { parseEnvelope } from '../../src/core/schema';
import type { AskFn, BulkSink, ResultChunk, SinkBegin, SinkEnd } from '../../src/bulk';
import type { TableCell } from '../../src/bulk/result-table';
import type { AnswerLike } from '../../src/bulk/outcome';

/**
 * A deterministic stand-in for the scheduler: names containing "HIT" match a PEP at the high
 * level, "LOW" a sanctions entry at the low level, "ERR" get a registry error; the rest are
 * clear. Answers arrive after a pseudo-random delay, so completion order differs from input order.
 */
export interface FakeService {
  ask: AskFn;
  asked: string[];
  inFlight(): number;
  maxInFlight: number;
  /** Throw AccountError(11) for every request from this count on (1-based). */
  quotaAfter: number | null;
  /** Subjects whose requests fail as unreachable. */
  unreachable: (q: SearchQuery) => boolean;
}

export function fakeService(seed = 7, delayMs = 3): FakeService {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  let current = 0;
  let idr = 0;
  const service: FakeService = {
    asked: [],
    maxInFlight: 0,
    quotaAfter: null,
    unreachable: () => false,
    inFlight: () => current,
    ask: (query, { signal }) => {
      service.asked.push(subjectKey(query));
      const n = service.asked.length;
      current++;
      service.maxInFlight = Math.max(service.maxInFlight, current);
      return new Promise<AnswerLike>((resolve, reject) => {
        const onAbort = () => {
          clearTimeout(timer);
          current--;
          reject(new Error('aborted'));
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          current--;
          if (service.quotaAfter !== null && n >= service.quotaAfter) {
            reject(new AccountError(11, 403, 'quota'));
            return;
          }
          if (service.unreachable(query)) {
            reject(new ServiceUnreachableError([{ address: 'https://a.test', outcome: 'http-5xx', status: 503, durationMs: 1 }]));
            return;
          }
          resolve({ envelope: parseEnvelope(envelopeFor(query, ++idr)) });
        }, Math.floor(random() * delayMs));
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
  return service;
}

export function envelopeFor(query: SearchQuery, idrequest: number): Record<string, unknown> {
  const name = query.name ?? '';
  const result: Record<string, unknown> = { peps: [], psanctions: [] };
  if (name.includes('HIT')) result.peps = [{ list: 'pep', idpep: 1000 + idrequest, name, percent: 100, level: 'Високий', job: '=HYPERLINK("x")' }];
  if (name.includes('LOW')) result.psanctions = [{ pid: `S${idrequest}`, p_fullname: `+${name}`, p_percent: 71, p_level: 'Низький' }];
  if (name.includes('ERR')) result.peps = "9000.Немає зв'язку з реєстром";
  return {
    idrequest: String(idrequest),
    dateResponse: '2026-11-22 10:00:00',
    listdata: String(query.listdata ?? -1),
    result,
  };
}

/** Rows and hits by position, as a sheet would hold them; every write is checked for order. */
export interface MemorySink extends BulkSink {
  rows: TableCell[][];
  hits: TableCell[][];
  begins: SinkBegin[];
  ends: SinkEnd[];
  writes: ResultChunk[];
  failOnWrite: number | null;
}

export function memorySink(): MemorySink {
  const sink: MemorySink = {
    rows: [],
    hits: [],
    begins: [],
    ends: [],
    writes: [],
    failOnWrite: null,
    async begin(b) {
      sink.begins.push(b);
      if (!b.resume) sink.rows = b.pendingRows(0, b.rowCount);
      return { output: { ...b.output, sheet: b.output.sheet ?? `results-${b.runId}` } };
    },
    async write(chunk) {
      if (sink.failOnWrite !== null && sink.writes.length + 1 >= sink.failOnWrite) throw new Error('sheet write failed');
      sink.writes.push(chunk);
      chunk.rows.forEach((r, i) => (sink.rows[chunk.start + i] = r));
      // Hit lines follow each other: a gap would mean a lost line.
      if (chunk.hitsStart > sink.hits.length) throw new Error(`hits gap: ${chunk.hitsStart} > ${sink.hits.length}`);
      sink.hits.length = chunk.hitsStart;
      sink.hits.push(...chunk.hits);
    },
    async end(e) {
      sink.ends.push(e);
    },
  };
  return sink;
}
