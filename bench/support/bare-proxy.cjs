// The relay's floor for bench/relay-load.ts: the least any relay must do, in a process of its own
// as the relay runs. It takes the analyst's POST over node:http, reads its JSON and puts the
// credentials in (the relay's reason to exist: the tokken stays with it), sends it to the service
// on kept-alive connections and passes the answer's bytes back. No store, no audit row, no
// archive, no summary: what this adds to the direct row is what two HTTP exchanges cost on this
// machine, the part of the relay's added latency no database work can take away.
//   node bench/support/bare-proxy.cjs '<json: {upstream, concurrency, tokken, idSubjectFM}>'
// Tells its URL on IPC; ends on the message 'close'.
const http = require('node:http');

const config = JSON.parse(process.argv[2]);
const upstream = new URL('/api', config.upstream);
const agent = new http.Agent({ keepAlive: true, maxSockets: config.concurrency });

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const query = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const body = Buffer.from(JSON.stringify({ ...query, tokken: config.tokken, IDsubjectFM: config.idSubjectFM }));
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: upstream.pathname,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
      },
      (answer) => {
        const parts = [];
        answer.on('data', (c) => parts.push(c));
        answer.on('end', () => {
          const bytes = Buffer.concat(parts);
          res.writeHead(answer.statusCode ?? 502, {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': bytes.length,
          });
          res.end(bytes);
        });
      },
    );
    out.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    out.end(body);
  });
});

server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` });
});
process.on('message', (m) => {
  if (m?.type !== 'close') return;
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
