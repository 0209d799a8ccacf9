import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditJournal } from '../../src/relay/audit-journal';
import { EvidenceSpool } from '../../src/relay/evidence-spool';
import { SharedAnswerCache } from '../../src/relay/shared-answer-cache';
import type { AuditBatch, AuditBatchIds, AuditRow, RelayStore, StoredAnswer } from '../../src/relay/store/port';
import { parseEnvelope } from '../../src/core/protocol/schema';

/**
 * The relay's journal and shared cache against a store that records each statement (issue 30):
 * what rides along with the audit's commits, and what an instance alone on its database reads.
 */

function row(analyst: string): AuditRow {
  return {
    state: 'asked',
    at: new Date(),
    analyst,
    method: 'POST',
    query: { name: 'Суб’єкт' },
    listdata: '-1',
    servedBy: null,
    idrequest: null,
    verdict: null,
    hits: {},
    durationMs: 0,
    fromCache: false,
    errorCode: null,
    archiveId: null,
    status: 0,
    instance: 'test',
  } as AuditRow;
}

function answer(key: string): StoredAnswer {
  return {
    key,
    subject: key,
    listdata: -1n,
    servedBy: 'http://upstream',
    storedAt: Date.now(),
    raw: '{}',
    archiveId: null,
  };
}

interface Recorded {
  batches: AuditBatch[];
  reads: string[][];
  keyLists: number;
  /** Fails the next statement that carries a shared-cache entry. */
  failAnswers: boolean;
  stored: Map<string, StoredAnswer>;
}

function recordingStore(): { store: RelayStore; rec: Recorded; release: () => void; hold: () => void } {
  const rec: Recorded = { batches: [], reads: [], keyLists: 0, failAnswers: false, stored: new Map() };
  let nextId = 1;
  let gate: Promise<void> | null = null;
  let open = () => undefined as void;
  const store = {
    async writeAuditBatch(batch: AuditBatch): Promise<AuditBatchIds> {
      rec.batches.push(batch);
      if (gate) await gate;
      if (rec.failAnswers && (batch.answers?.length ?? 0) > 0) {
        rec.failAnswers = false;
        throw new Error('cache row refused');
      }
      for (const a of batch.answers ?? []) rec.stored.set(a.key, a);
      return {
        audit: batch.inserts.map(() => nextId++),
        archive: (batch.archives ?? []).map(() => nextId++),
        answersKept: (batch.answers ?? []).map(() => true),
        claims: (batch.claims ?? []).map(() => ({ claimed: true, answer: null })),
      };
    },
    async readAnswers(keys: readonly string[]) {
      rec.reads.push([...keys]);
      return keys.map((k) => rec.stored.get(k) ?? null);
    },
    async answerKeys() {
      rec.keyLists++;
      return [...rec.stored.keys()];
    },
    async dropAnswers() {},
    async reserveAuditIds(n: number) {
      return Array.from({ length: n }, () => nextId++);
    },
  };
  return {
    store: store as unknown as RelayStore,
    rec,
    hold: () => {
      gate = new Promise<void>((r) => (open = r));
    },
    release: () => {
      gate = null;
      open();
    },
  };
}

describe('what rides along with the audit’s commits (issue 30)', () => {
  it('cache entries, claims given back and deliveries go with the next audit commit instead of a statement each', async () => {
    const { store, rec, hold, release } = recordingStore();
    const journal = new AuditJournal(store, {}, 60_000);
    hold();
    // One commit on its way (it takes its batch after this turn of the event loop); everything
    // below waits for the next.
    const first = journal.insert(row('olena'));
    await new Promise((r) => setImmediate(r));
    const riders = [
      journal.keepAnswer(answer('a1')),
      journal.keepAnswer(answer('a2')),
      journal.release({ name: 'relay-subject:a1', owner: 'o1' }),
      journal.delivered(1, true),
    ];
    const second = journal.insert(row('petro'));
    release();
    await first;
    await second;
    expect(await Promise.all(riders)).toEqual([true, true, undefined, undefined]);
    expect(rec.batches).toHaveLength(2);
    const next = rec.batches[1];
    expect(next.inserts.map((r) => r.analyst)).toEqual(['petro']);
    expect(next.answers?.map((a) => a.key)).toEqual(['a1', 'a2']);
    expect(next.answersTtlMs).toBe(60_000);
    expect(next.releases).toEqual([{ name: 'relay-subject:a1', owner: 'o1' }]);
    expect(next.deliveries).toEqual([{ id: 1, delivered: true }]);
  });

  it('a rider with nothing to ride waits a little for a commit to go along with, then goes on its own', async () => {
    const { store, rec } = recordingStore();
    const journal = new AuditJournal(store, {}, 60_000);
    // An "asked" row arriving within the wait takes the rider along: one statement, not two.
    const rider = journal.delivered(7, true);
    await new Promise((r) => setTimeout(r, 5));
    expect(rec.batches).toHaveLength(0);
    await journal.insert(row('olena'));
    await rider;
    expect(rec.batches).toHaveLength(1);
    expect(rec.batches[0].deliveries).toEqual([{ id: 7, delivered: true }]);
    expect(rec.batches[0].inserts).toHaveLength(1);

    // Nothing comes: it goes on its own after the wait. Two entries for one key never share a statement.
    const started = performance.now();
    await Promise.all([journal.keepAnswer(answer('same')), journal.keepAnswer(answer('same'))]);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(rec.batches.slice(1).map((b) => b.answers?.map((a) => a.key))).toEqual([['same'], ['same']]);
    expect(rec.batches.slice(1).every((b) => b.inserts.length === 0 && (b.archives ?? []).length === 0)).toBe(true);
    await journal.drained();
  });

  it('a claim made a few microtasks after its asked row shares that row’s commit when the journal was idle', async () => {
    const { store, rec } = recordingStore();
    const journal = new AuditJournal(store, {}, 60_000);
    // As the service does: the asked row first, then the search, whose claim comes after awaits.
    const asked = journal.insert(row('olena'));
    const claim = (async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
      return journal.claim({ claim: { name: 'relay-subject:s1', owner: 'o1' }, key: 'k1' }, 45_000);
    })();
    await asked;
    expect(await claim).toEqual({ claimed: true, answer: null });
    expect(rec.batches).toHaveLength(1);
    expect(rec.batches[0].inserts).toHaveLength(1);
    expect(rec.batches[0].claims).toEqual([{ claim: { name: 'relay-subject:s1', owner: 'o1' }, key: 'k1' }]);
  });

  it('a cache entry the database refuses never costs an audit row its commit', async () => {
    const { store, rec, hold, release } = recordingStore();
    const refused: unknown[] = [];
    const journal = new AuditJournal(store, { onCommitFailed: (error) => refused.push(error) }, 60_000);
    hold();
    const first = journal.insert(row('olena'));
    await new Promise((r) => setImmediate(r));
    rec.failAnswers = true;
    const entry = journal.keepAnswer(answer('bad'));
    const second = journal.insert(row('petro'));
    release();
    await first;
    // The shared commit failed for the entry's sake: the row went again on its own and is durable.
    expect(typeof (await second)).toBe('number');
    await expect(entry).resolves.toBe(true);
    const carried = rec.batches.slice(1).map((b) => [b.inserts.length, b.answers?.length ?? 0]);
    expect(carried).toEqual([
      [1, 1],
      [1, 0],
      [0, 1],
    ]);
    // The refusal is counted (relay_audit_commit_failures_total), though every request got its write.
    expect(refused.map((e) => (e as Error).message)).toEqual(['cache row refused']);
  });
});

describe('subject claims beside spooled evidence (issue 30)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'journal-claims-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a claim goes in a commit of its own while what is queued beside it has waited less than its turn', async () => {
    const { store, rec } = recordingStore();
    const { spool } = await EvidenceSpool.open(dir, store);
    // A clock that stands still: on a loaded machine the claim's commit may start more than
    // SPOOLED_WAIT_MS after the row was queued, and then the row rightly goes along.
    const journal = new AuditJournal(store, {}, 60_000, { spool, chain: null }, () => 0);
    // On disk in the spool, queued for the database; a delivery report rides along with the next commit.
    await journal.insert(row('olena'));
    const delivered = journal.delivered(1, true);
    const claimed = await journal.claim({ claim: { name: 'relay-subject:s1', owner: 'o1' }, key: 'k1' }, 45_000);
    expect(claimed).toEqual({ claimed: true, answer: null });
    expect(rec.batches).toHaveLength(1);
    expect(rec.batches[0]).toMatchObject({ inserts: [], deliveries: [] });
    expect(rec.batches[0].claims).toHaveLength(1);
    // The row and the report go in the next commit, within SPOOLED_WAIT_MS.
    await delivered;
    await journal.drained();
    expect(rec.batches.slice(1).flatMap((b) => b.inserts.map((r) => r.analyst))).toEqual(['olena']);
    await spool.close();
  });

  it('what has waited its turn already goes along with the claim', async () => {
    const { store, rec, hold, release } = recordingStore();
    const { spool } = await EvidenceSpool.open(dir, store);
    const journal = new AuditJournal(store, {}, 60_000, { spool, chain: null });
    // A commit on its way holds the queue past SPOOLED_WAIT_MS.
    hold();
    const first = journal.claim({ claim: { name: 'relay-subject:s0', owner: 'o1' }, key: 'k0' }, 45_000);
    await new Promise((r) => setTimeout(r, 1));
    await journal.insert(row('petro'));
    const second = journal.claim({ claim: { name: 'relay-subject:s1', owner: 'o1' }, key: 'k1' }, 45_000);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await Promise.all([first, second]);
    expect(rec.batches.map((b) => [b.claims?.length ?? 0, b.inserts.length])).toEqual([
      [1, 0],
      [1, 1],
    ]);
    await journal.drained();
    await spool.close();
  });
});

describe('a relay alone on its database (issue 30)', () => {
  const raw = { idrequest: '1', result: { peps: [{ name: 'Суб’єкт Один', percent: 80, level: 'Низький' }] } };
  const envelope = parseEnvelope(raw);

  it('knows every key stored: a new subject costs no read, a stored one is read, and a restart reads the keys again', async () => {
    const { store, rec } = recordingStore();
    const journal = new AuditJournal(store, {}, 60_000);
    const options = { ttlMs: 60_000, namespace: 'relay:test', maxEntryBytes: 1 << 20, misses: 'known-keys' as const };
    const cache = new SharedAnswerCache(store, { ...options, write: (a) => journal.keepAnswer(a) });
    expect(await cache.peek('subject one')).toBeNull();
    expect(await cache.peek('subject two')).toBeNull();
    expect(rec.keyLists).toBe(1);
    expect(rec.reads).toEqual([]);
    expect(await cache.put('subject one', -1n, raw, envelope, 'http://upstream')).toBe(true);

    // After a restart: the keys are read once, the stored subject is read, a new one is not.
    const again = new SharedAnswerCache(store, { ...options, write: (a) => journal.keepAnswer(a) });
    expect(await again.peek('subject one')).toEqual(expect.objectContaining({ subjectKey: 'subject one' }));
    expect(await again.peek('subject three')).toBeNull();
    expect(rec.keyLists).toBe(2);
    expect(rec.reads).toEqual([[again.keyOf('subject one')]]);
  });

  it('reads every miss where other instances share the database', async () => {
    const { store, rec } = recordingStore();
    const journal = new AuditJournal(store, {}, 60_000);
    const cache = new SharedAnswerCache(store, {
      ttlMs: 60_000,
      namespace: 'relay:test',
      maxEntryBytes: 1 << 20,
      write: (a) => journal.keepAnswer(a),
    });
    expect(await cache.peek('subject one')).toBeNull();
    expect(rec.reads).toEqual([[cache.keyOf('subject one')]]);
    expect(rec.keyLists).toBe(0);
  });
});
