// Whether the evidence spool (src/relay/evidence-spool.ts) would gain from overlapping its writes on
// this machine's disk: O_DSYNC appends of a request's line (about 900 bytes) to a file made of zeros
// first, as the spool's segments are, with 1, 2 and 4 on their way at once. Prints each write's
// time, p50/p95, and writes per second. The spool writes one at a time: docs/PERFORMANCE.md says
// what two at once bought and cost (sessions 20 and 22).
//   npx tsx bench/spool-write-overlap.ts            in the system's temporary folder
//   npx tsx bench/spool-write-overlap.ts DIR        on another disk (the relay's data folder's)
import { constants } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const WRITES = 2000;
const LINE_BYTES = 900;
const FILE_BYTES = 16 << 20;

async function run(dir: string, inFlight: number): Promise<string> {
  const file = await open(
    join(dir, `overlap-${inFlight}.bin`),
    constants.O_WRONLY | constants.O_CREAT | constants.O_DSYNC,
    0o600,
  );
  await file.write(Buffer.alloc(FILE_BYTES), 0, FILE_BYTES, 0);
  const line = Buffer.alloc(LINE_BYTES, 0x41);
  const times: number[] = [];
  let at = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let i = 0; i < WRITES / inFlight; i++) {
        const t = performance.now();
        const position = at;
        at += LINE_BYTES;
        await file.write(line, 0, LINE_BYTES, position);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await file.close();
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
  return `${String(inFlight).padStart(10)}  ${p(0.5).padStart(8)} ms  ${p(0.95).padStart(8)} ms  ${Math.round(
    WRITES / seconds,
  )
    .toString()
    .padStart(8)}`;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(process.argv[2] ?? tmpdir(), 'spool-overlap-'));
  try {
    console.log(`${WRITES} O_DSYNC writes of ${LINE_BYTES} bytes in ${dir}`);
    console.log(' in flight       p50          p95   writes/s');
    for (const inFlight of [1, 2, 4, 1, 2, 4]) console.log(await run(dir, inFlight));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
