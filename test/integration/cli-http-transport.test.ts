/**
 * The command line's node:http transport keeps fetchTransport's contract, over real HTTP on
 * 127.0.0.1: every status resolves with its body, redirects and dead ports reject, an abort
 * rejects at once, and connections are reused across requests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeHttpTransport } from '../../src/cli/transport/http-transport';

let server: Server;
let base: string;
const sockets = new Set<unknown>();

beforeAll(async () => {
  server = createServer((req, res) => {
    sockets.add(req.socket);
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (req.url?.startsWith('/redirect')) {
        res.writeHead(302, { Location: 'http://example.invalid/' }).end();
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 5_000).unref();
      } else if (req.url === '/busy') {
        res.writeHead(503, { 'Content-Type': 'text/html' }).end('<h1>busy</h1>');
      } else {
        res
          .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
          .end(JSON.stringify({ method: req.method, body, type: req.headers['content-type'] }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const signal = () => new AbortController().signal;

test('posts the body as UTF-8 and resolves with status, content type and text; connections are kept alive', async () => {
  const transport = nodeHttpTransport();
  const body = JSON.stringify({ name: 'Кривоклен Северин' });
  for (let i = 0; i < 3; i++) {
    const answer = await transport.send({
      url: `${base}/api`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: signal(),
    });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.text)).toEqual({ method: 'POST', body, type: 'application/json' });
  }
  expect(sockets.size).toBe(1);
});

test('tells onArrived the status and content type once the whole answer is in, before send resolves', async () => {
  const transport = nodeHttpTransport();
  const events: string[] = [];
  const sent = transport.send({
    url: `${base}/busy`,
    method: 'GET',
    headers: {},
    signal: signal(),
    onArrived: (status, type) => events.push(`${status} ${type}`),
  });
  const answer = await sent.then((a) => (events.push('resolved'), a));
  expect(answer.text).toBe('<h1>busy</h1>');
  expect(events).toEqual(['503 text/html', 'resolved']);
});

test('a 5xx resolves like any answer; a redirect and a dead port reject without quoting the URL', async () => {
  const transport = nodeHttpTransport();
  const busy = await transport.send({ url: `${base}/busy`, method: 'GET', headers: {}, signal: signal() });
  expect([busy.status, busy.contentType, busy.text]).toEqual([503, 'text/html', '<h1>busy</h1>']);
  await expect(
    transport.send({ url: `${base}/redirect?tokken=secret`, method: 'GET', headers: {}, signal: signal() }),
  ).rejects.toThrow(new TypeError('redirect refused'));
  const dead = createServer();
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  const port = (dead.address() as AddressInfo).port;
  await new Promise((resolve) => dead.close(resolve));
  await expect(
    transport.send({ url: `http://127.0.0.1:${port}/api`, method: 'GET', headers: {}, signal: signal() }),
  ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
});

test('an abort rejects at once with the signal’s reason', async () => {
  const transport = nodeHttpTransport();
  const controller = new AbortController();
  const started = Date.now();
  const pending = transport.send({ url: `${base}/slow`, method: 'GET', headers: {}, signal: controller.signal });
  setTimeout(() => controller.abort(new Error('stop')), 50);
  await expect(pending).rejects.toThrow('stop');
  expect(Date.now() - started).toBeLessThan(2_000);
});

describe('kept-alive connections (the bulk run’s transport)', () => {
  const post = (transport: ReturnType<typeof nodeHttpTransport>, body: string) =>
    transport.send({
      url: `${base}/api`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: signal(),
    });
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  const until = async (check: () => Promise<boolean>) => {
    for (let waited = 0; !(await check()); waited += 10) {
      if (waited > 3_000) throw new Error('condition not reached in 3 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  beforeEach(() => {
    server.closeAllConnections();
    sockets.clear();
  });

  test('every POST gets its own answer, one after another over one kept-alive connection, whatever its headers', async () => {
    const transport = nodeHttpTransport();
    for (let i = 0; i < 8; i++) {
      const body = JSON.stringify({ name: `Кривоклен ${i}` });
      const answer = await post(transport, body);
      expect(JSON.parse(answer.text)).toEqual({ method: 'POST', body, type: 'application/json' });
    }
    expect(sockets.size).toBe(1);
    for (const type of ['text/plain', 'application/json', 'text/plain']) {
      const answer = await transport.send({
        url: `${base}/api`,
        method: 'POST',
        headers: { 'Content-Type': type },
        body: 'x',
        signal: signal(),
      });
      expect(JSON.parse(answer.text)).toEqual({ method: 'POST', body: 'x', type });
    }
    expect(sockets.size).toBe(1);
  });

  test('a kept-alive connection the server closed is not used: the next POST still gets its answer', async () => {
    const transport = nodeHttpTransport();
    await post(transport, '{"n":1}');
    await until(async () => (await connections()) === 1);
    server.closeIdleConnections();
    await until(async () => (await connections()) === 0);
    // The client reads the close on its next turns; a request sent in the same instant meets the race every kept-alive connection has.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await post(transport, '{"n":2}');
    expect(JSON.parse(answer.text)).toEqual({ method: 'POST', body: '{"n":2}', type: 'application/json' });
  });
});
