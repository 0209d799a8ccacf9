import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When it arrived (Date.now()): how long a client waited before asking again. */
  at: number;
}

export type Reply =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'text'; status: number; body: string; contentType?: string }
  | { kind: 'hang' }
  | { kind: 'drop' };

/**
 * A loopback HTTP server whose every answer the test decides: lets client tests meet real
 * sockets, real timeouts and real resets instead of a mocked fetch.
 */
export interface ScriptedServer {
  url: string;
  received: ReceivedRequest[];
  setReply(reply: Reply | ((req: ReceivedRequest) => Reply)): void;
  close(): Promise<void>;
}

export async function startScriptedServer(reply: Reply | ((req: ReceivedRequest) => Reply)): Promise<ScriptedServer> {
  let current = reply;
  const received: ReceivedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(r);
      const action = typeof current === 'function' ? current(r) : current;
      switch (action.kind) {
        case 'json':
          res.writeHead(action.status, { 'Content-Type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(action.body));
          break;
        case 'text':
          res.writeHead(action.status, { 'Content-Type': action.contentType ?? 'text/html; charset=utf-8' });
          res.end(action.body);
          break;
        case 'hang':
          hanging.add(res);
          break;
        case 'drop':
          req.socket.destroy();
          break;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setReply: (r) => {
      current = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address on which nothing listens: connections are refused at once. */
export async function refusedAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
