// The transport floor for `npm run bench`: a bare node:http client, no engine, no files. It POSTs
// D questions at concurrency C and sends each next request the moment an answer's bytes are in,
// which is what the CLI does with a whole engine behind it. Started as a process of its own, like
// the CLI, so its wall time includes the same Node start-up.
//   node bench/floor-client.cjs <base url> <D> <C>
const http = require('node:http');

const [base, count, concurrency] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const target = new URL(`${base}/api`);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
let next = 0;
let done = 0;

function ask() {
  if (next >= count) return;
  const i = next++;
  const body = JSON.stringify({
    tokken: 'demo-tokken',
    IDsubjectFM: 'demo-subject',
    name: `Мостовий Тест ${i}`,
    listdata: '-1',
    search: 1,
    lowranklimit: 0,
    IDinternal: `floor:${i}`,
  });
  const req = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      agent,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    },
    (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        ask();
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (++done === count) agent.destroy();
      });
    },
  );
  req.on('error', (e) => {
    console.error(e.message);
    process.exit(1);
  });
  req.end(body);
}

for (let k = 0; k < concurrency; k++) ask();
