/**
 * The one seam between the protocol and the wire. The client decides what to send and what
 * an answer means; a transport only moves bytes. fetch in Excel and Node, the in-process
 * sandbox for demo mode, anything else for tests.
 */
export interface TransportRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /**
   * Told the moment the whole answer has arrived, before send() resolves and anyone reads it.
   * Optional for a transport: the client only uses it to let a caller start its next request early.
   */
  onArrived?: (status: number, contentType: string | null) => void;
}

export interface TransportResponse {
  status: number;
  contentType: string | null;
  text: string;
}

export interface Transport {
  /** Resolves with any HTTP status; rejects only when no HTTP answer arrived (refused, reset, aborted). */
  send(request: TransportRequest): Promise<TransportResponse>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export function fetchTransport(fetchImpl: FetchLike = (input, init) => fetch(input, init)): Transport {
  return {
    async send({ url, method, headers, body, signal }) {
      const response = await fetchImpl(url, { method, headers, body, signal, redirect: 'error', cache: 'no-store' });
      const text = await response.text();
      return { status: response.status, contentType: response.headers.get('content-type'), text };
    },
  };
}
