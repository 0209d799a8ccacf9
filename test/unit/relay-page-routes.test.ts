import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RELAY_PAGE_MARK, securityHeaders, sender } from '../../src/relay/http-parts';
import { servePage, type PageContext } from '../../src/relay/page-routes';

/** The relay's pages over real HTTP on loopback: what the add-in and the administrator fetch. */

interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function fetchRaw(port: number, method: string, path: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function serve(ctx: Partial<PageContext> & { distDir: string }): Promise<{ server: Server; port: number }> {
  const headers = securityHeaders(false);
  const full: PageContext = {
    headers,
    send: sender(headers),
    manifest: Promise.resolve('<SourceLocation DefaultValue="https://localhost:3000/taskpane.html"/>'),
    originOf: () => 'https://relay.bank.example',
    metrics: () => Promise.resolve({ type: 'text/plain; version=0.0.4', text: 'relay_up 1\n' }),
    ...ctx,
  };
  const server = createServer((req, res) => void servePage(req, res, full));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('the relay pages (page-routes.ts)', () => {
  let dist: string;
  const servers: Server[] = [];
  const start = async (ctx: Partial<PageContext> = {}) => {
    const s = await serve({ distDir: dist, ...ctx });
    servers.push(s.server);
    return s.port;
  };

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'relay-pages-'));
    writeFileSync(join(dist, 'taskpane.html'), '<html><head></head><body>pane</body></html>');
    writeFileSync(join(dist, 'taskpane.0123abcd.js'), 'console.log(1)');
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends / to the task pane when the build has no index page, and serves the index when it has one', async () => {
    let port = await start();
    const moved = await fetchRaw(port, 'GET', '/');
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe('/taskpane.html');

    writeFileSync(join(dist, 'index.html'), '<html><head></head><body>home</body></html>');
    port = await start();
    const home = await fetchRaw(port, 'GET', '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('home');
    expect(home.body).toContain(RELAY_PAGE_MARK);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-security-policy']).toContain("default-src 'self'");
    const head = await fetchRaw(port, 'HEAD', '/');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('lets bundles named by their content be cached for good, and pages only after asking again', async () => {
    const port = await start();
    const bundle = await fetchRaw(port, 'GET', '/taskpane.0123abcd.js');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const page = await fetchRaw(port, 'GET', '/taskpane.html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain(RELAY_PAGE_MARK);
  });

  it('refuses other methods, and answers a missing file in the interface error form', async () => {
    const port = await start();
    const post = await fetchRaw(port, 'POST', '/taskpane.html');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(post.body)).toEqual({
      error: 405,
      message: 'Для /taskpane.html використовуйте GET, HEAD. / Use GET, HEAD for /taskpane.html.',
    });
    const missing = await fetchRaw(port, 'GET', '/nothing-here.js');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ error: 404, message: expect.any(String) });
    // Nothing there is "not found" by any method: a 405 would say the address exists.
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const absent = await fetchRaw(port, method, '/certificates/abc.pdf');
      expect(absent.status).toBe(404);
      expect(absent.headers.allow).toBeUndefined();
    }
  });

  it('names this origin in the manifest, and refuses a Host it cannot trust', async () => {
    let port = await start();
    const manifest = await fetchRaw(port, 'GET', '/manifest.xml');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toContain('https://relay.bank.example/taskpane.html');
    expect(manifest.body).not.toContain('localhost');

    port = await start({ originOf: () => null });
    expect((await fetchRaw(port, 'GET', '/manifest.xml')).status).toBe(400);
    port = await start({ manifest: Promise.resolve(null) });
    expect((await fetchRaw(port, 'GET', '/manifest.xml')).status).toBe(404);
  });

  it('serves the metrics in their own content type, never cached', async () => {
    const port = await start();
    const got = await fetchRaw(port, 'GET', '/metrics');
    expect(got.body).toBe('relay_up 1\n');
    expect(got.headers['content-type']).toBe('text/plain; version=0.0.4');
    expect(got.headers['cache-control']).toBe('no-store');
  });
});
