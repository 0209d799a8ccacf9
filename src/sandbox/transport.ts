import { abortReason, delay } from '../core/request/timing';
import type { Transport, TransportRequest, TransportResponse } from '../core/request/transport';
import type { SandboxEngine } from './engine';

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface SandboxTransportOptions {
  /** How a fault's delay is waited out; injected so tests need not wait in real time. */
  sleep?: Sleep;
}

export const realSleep: Sleep = (ms, signal) => delay(ms, signal);

/**
 * The sandbox in-process, for the add-in's demo mode and for fast tests: the same answers as
 * over HTTP, with a fault's delay waited out and a dropped connection rejected the way fetch
 * rejects on a network error (a TypeError that does not quote the URL).
 */
export function sandboxTransport(engine: SandboxEngine, options: SandboxTransportOptions = {}): Transport {
  const sleep = options.sleep ?? realSleep;
  return {
    async send(request: TransportRequest): Promise<TransportResponse> {
      if (request.signal.aborted) throw abortReason(request.signal);
      const url = new URL(request.url);
      const query: Record<string, string> = {};
      url.searchParams.forEach((value, key) => {
        query[key] = value;
      });
      const answer = engine.handle({ method: request.method, path: url.pathname, query, body: request.body });
      if (answer.delayMs > 0) await sleep(answer.delayMs, request.signal);
      if (request.signal.aborted) throw abortReason(request.signal);
      if (answer.drop) throw new TypeError('network error: connection closed without an answer');
      return { status: answer.status, contentType: answer.contentType, text: answer.body };
    },
  };
}
