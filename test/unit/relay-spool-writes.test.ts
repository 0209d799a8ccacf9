import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditRowBase } from '../../src/relay/audit-row';
import { EvidenceSpool, type SpooledAnswer } from '../../src/relay/evidence-spool';
import type { AuditOutcome, RelayStore } from '../../src/relay/store/port';

/**
 * How the evidence spool (src/relay/evidence-spool.ts) overlaps its writes: a row does not wait for
 * the write before it to reach the disk, but an archived answer does wait for the answer before it
 * (the chain on disk must never miss a link). Real files; each row's write is held at a gate of the
 * test's, so what is on its way at once is seen, not timed.
 */

type Write = (buffer: Buffer, offset: number, length: number, position: number) => Promise<unknown>;

let dir: string;
let gates: Map<string, Promise<void>>;
/** The text of each row write as it started, in order. */
let started: string[];
let restore: () => void;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spool-writes-'));
  gates = new Map();
  started = [];
  // FileHandle is not exported: its prototype from a handle.
  const probe = await open(join(dir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as { write: Write };
  await probe.close();
  await rm(join(dir, 'probe'));
  const original = proto.write;
  proto.write = async function held(this: unknown, buffer, offset, length, position) {
    const text = buffer.toString('utf8', 0, Math.min(buffer.length, 4096));
    // The zeros a segment is made with pass; a row's write waits for its gate, if it has one.
    if (text.startsWith('{')) {
      started.push(text);
      for (const [mark, gate] of gates) if (text.includes(mark)) await gate;
    }
    return original.call(this, buffer, offset, length, position);
  };
  restore = () => (proto.write = original);
});

afterEach(async () => {
  restore();
  await rm(dir, { recursive: true, force: true });
});

/** A gate on every write that holds `mark`; open it with the function returned. */
function hold(mark: string): () => void {
  let open = () => {};
  gates.set(mark, new Promise<void>((resolve) => (open = resolve)));
  return () => open();
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('not within five seconds');
}

const asked = (name: string) => auditRowBase('POST', 'olena', { name }, 'asked', 'A');
const outcome: AuditOutcome = {
  state: 'answered',
  servedBy: 'http://upstream',
  idrequest: '1',
  verdict: 'none',
  hits: {},
  durationMs: 3,
  fromCache: false,
  errorCode: null,
  status: 200,
  archiveId: null,
};
const answer = (id: number, body: string): SpooledAnswer => ({
  row: {
    id,
    auditId: id,
    receivedAt: new Date('2026-11-27T05:00:00Z'),
    analyst: 'olena',
    request: '{}',
    answer: Buffer.from(body),
    answerSha256: Buffer.alloc(32, id),
    chain: Buffer.alloc(32, id + 1),
    chainId: null,
  },
  outcome,
});
// The spool never asks the store for anything until a segment is removed, which these tests leave to close().
const noStore = {} as RelayStore;

it('a row does not wait for the write before it to reach the disk', async () => {
  const { spool } = await EvidenceSpool.open(dir, noStore);
  const openFirst = hold('Перший');
  let firstDone = false;
  const first = spool.append(1, asked('Перший')).then(() => (firstDone = true));
  await until(() => started.length === 1);

  await spool.append(2, asked('Другий'));
  expect(firstDone).toBe(false);
  openFirst();
  await first;

  const [segment] = await readdir(dir);
  const rows = (await readFile(join(dir, segment), 'utf8')).split(/[\n\0]+/).filter((l) => l.startsWith('{'));
  expect(rows.map((l) => (JSON.parse(l) as { id: number }).id).sort()).toEqual([1, 2]);
  await spool.close();
});

it("an archived answer's write waits for the answer's before it, while rows go past both", async () => {
  const { spool } = await EvidenceSpool.open(dir, noStore);
  const openFirst = hold('Zmlyc3Q'); // base64 of the first answer's body
  let firstDone = false;
  const first = spool.appendAnswer(answer(1, 'first')).then(() => (firstDone = true));
  await until(() => started.length === 1);

  const second = spool.appendAnswer(answer(2, 'second'));
  // A row's write starts and ends meanwhile: the second answer's has had its chance to start.
  await spool.append(3, asked('Третій'));
  expect(firstDone).toBe(false);
  expect(started.some((w) => w.includes('c2Vjb25k'))).toBe(false);

  openFirst();
  await Promise.all([first, second]);
  const answers = started.filter((w) => w.includes('"answer"'));
  expect(answers.map((w) => (w.includes('Zmlyc3Q') ? 'first' : 'second'))).toEqual(['first', 'second']);
  await spool.close();
});

it('close() waits for every write on its way', async () => {
  const { spool } = await EvidenceSpool.open(dir, noStore);
  const openFirst = hold('Перший');
  const first = spool.append(1, asked('Перший'));
  const second = spool.append(2, asked('Другий'));
  await until(() => started.length === 2);
  let closed = false;
  const closing = spool.close().then(() => (closed = true));
  await second;
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(closed).toBe(false);
  openFirst();
  await Promise.all([first, closing]);
  // Its rows are not in any database: the segment stays for the next start.
  expect(await readdir(dir)).toHaveLength(1);
});
