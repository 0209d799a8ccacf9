import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the proxy saw it: which name, when it came, when its answer left. */
export interface ProxiedRequest {
  name: string;
  started: number;
  ended?: number;
}

export interface ServiceProxy {
  url: string;
  requests: ProxiedRequest[];
  /** Requests whose name matches are held open (a row hanging at the service). */
  hang: (name: string) => boolean;
  /** Rewrites the service's answer text for a name (echoes, escapes); identity by default. */
  rewrite: (text: string, name: string) => string;
  /** Answers a name with an error body of its own instead of asking the service. */
  fail: (name: string) => { status: number; body: unknown } | null;
  /** Holds every answer this long (a slow service), changeable between runs. */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of a real sandbox server: the answers are the sandbox's, over real
 * sockets, and the test decides which rows hang or what the service echoes back.
 */
export async function startServiceProxy(target: string): Promise<ServiceProxy> {
  const held = new Set<http.ServerResponse>();
  const proxy: Omit<ServiceProxy, 'url' | 'close'> = {
    requests: [],
    hang: () => false,
    rewrite: (text) => text,
    fail: () => null,
    delayMs: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let name = '';
      try {
        name = String((JSON.parse(body) as { name?: unknown }).name ?? '');
      } catch {
        // Not JSON: forwarded as it is.
      }
      const record: ProxiedRequest = { name, started: Date.now() };
      proxy.requests.push(record);
      if (proxy.hang(name)) {
        held.add(res);
        return;
      }
      const failure = proxy.fail(name);
      if (failure) {
        record.ended = Date.now();
        res.writeHead(failure.status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(failure.body));
        return;
      }
      const delay = proxy.delayMs;
      fetch(`${target}/api`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
        .then(async (answer) => {
          if (delay > 0) await new Promise((r) => setTimeout(r, delay));
          const text = proxy.rewrite(await answer.text(), name);
          res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8' });
          res.end(text, () => (record.ended = Date.now()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of held) r.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
