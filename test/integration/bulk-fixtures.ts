import { CheckListsClient } from '../../src/core/request/client';
import { RequestScheduler } from '../../src/core/request/scheduler';
import { DEMO_CREDENTIALS, createSandboxEngine, type SandboxEngine, type SandboxFaults } from '../../src/sandbox';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/server';

/**
 * A client list as analysts hand it over, built so the test knows the truth about every row
 * without asking the code under test: which rows are invalid and why, which repeat an earlier
 * subject (in another spelling), which hold names the sandbox has records for, and which start
 * with characters a spreadsheet would evaluate.
 */
export type RowKind = 'fresh' | 'known' | 'duplicate' | 'invalid';

export interface ListRow {
  cells: (string | number | null)[];
  kind: RowKind;
  /** Same number for rows asking the same subject; -1 for invalid rows. */
  subject: number;
  hostile: boolean;
}

export const LIST_HEADERS = ['ПІБ', 'Дата народження', 'ІПН', 'Паспорт'];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Excel's serial number of an ISO date, the way a date cell reads through Range.values. */
function serialOf(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

const HOSTILE_PREFIXES = ['=', '+', '@', '-', '=HYPERLINK("http://evil.test","'] as const;

export function makeClientList(count: number, engine: SandboxEngine, seed = 20261122): ListRow[] {
  const random = rng(seed);
  const known = engine.data.records.filter(
    (r) => r.subject === 'person' && r.registry === 'peps' && r.birthDate && r.names[0],
  );
  const rows: ListRow[] = [];
  let subjects = 0;
  let knownUsed = 0;
  const earlier: ListRow[] = [];
  for (let i = 0; i < count; i++) {
    // Exactly 10% invalid and 20% repeats; the rest new subjects, about one in seven with records.
    const slot = i % 10;
    if (slot === 9) {
      const variant = i % 4;
      const cells: (string | number | null)[] =
        variant === 0
          ? ['', '', '', '']
          : variant === 1
            ? [`Клієнт Недійсний ${i}`, '31.02.1990', '', '']
            : variant === 2
              ? [`Клієнт Недійсний ${i}`, '1980-01-01', '12345', '']
              : [`Клієнт Недійсний ${i}`, '', '', 'XYZ'];
      rows.push({ cells, kind: 'invalid', subject: -1, hostile: false });
    } else if ((slot === 2 || slot === 6) && earlier.length > 0) {
      const original = earlier[Math.floor(random() * earlier.length)];
      const [name, date, ipn, doc] = original.cells;
      // The same person typed differently: case, spacing, a date cell instead of date text.
      const respelled =
        typeof name === 'string' ? (i % 2 ? name.toUpperCase() : `  ${name.replace(/ /g, '  ')} `) : name;
      const redated =
        typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && i % 3 === 0 ? serialOf(date) : date;
      rows.push({
        cells: [respelled, redated, ipn, doc],
        kind: 'duplicate',
        subject: original.subject,
        hostile: original.hostile,
      });
    } else if (random() < 0.15 && knownUsed < known.length) {
      const record = known[knownUsed++];
      rows.push({
        cells: [record.names[0], record.birthDate ?? '', '', ''],
        kind: 'known',
        subject: subjects++,
        hostile: false,
      });
      earlier.push(rows[rows.length - 1]);
    } else {
      const hostile = i % 17 === 0;
      const prefix = hostile ? HOSTILE_PREFIXES[i % HOSTILE_PREFIXES.length] : '';
      const year = 1940 + Math.floor(random() * 60);
      const date = `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      rows.push({
        cells: [`${prefix}Клієнтенко Тест ${i}`, i % 5 === 0 ? serialOf(date) : date, '', ''],
        kind: 'fresh',
        subject: subjects++,
        hostile,
      });
      earlier.push(rows[rows.length - 1]);
    }
  }
  return rows;
}

export function distinctSubjects(rows: readonly ListRow[], upTo = rows.length): number {
  return new Set(
    rows
      .slice(0, upTo)
      .filter((r) => r.subject >= 0)
      .map((r) => r.subject),
  ).size;
}

/** What each sandbox instance answered, counted from its own request log. */
export interface CountingServer {
  server: SandboxServer;
  statuses: Map<number, number>;
}

export function countOf(servers: readonly CountingServer[], predicate: (status: number) => boolean): number {
  let n = 0;
  for (const s of servers) for (const [status, count] of s.statuses) if (predicate(status)) n += count;
  return n;
}

export async function startCounting(options: {
  engine?: SandboxEngine;
  faults: SandboxFaults;
  port?: number;
}): Promise<CountingServer> {
  const statuses = new Map<number, number>();
  const server = await startSandboxServer({
    ...(options.engine ? { engine: options.engine } : {}),
    faults: options.faults,
    port: options.port ?? 0,
    log: (line) => {
      const status = Number(line.split(' ')[2]);
      statuses.set(Number.isFinite(status) ? status : 0, (statuses.get(Number.isFinite(status) ? status : 0) ?? 0) + 1);
    },
  });
  return { server, statuses };
}

/** A primary and one reserve over one engine (shared data and quota), each failing 5% with a 5xx. */
export async function startPair(
  extra: SandboxFaults = {},
  engine: SandboxEngine = createSandboxEngine(),
): Promise<CountingServer[]> {
  const primary = await startCounting({
    engine,
    faults: { seed: 11, failRate: 0.05, latencyMs: 1, jitterMs: 3, ...extra },
  });
  const reserve = await startCounting({
    engine,
    faults: { seed: 12, failRate: 0.05, latencyMs: 1, jitterMs: 3, ...extra },
  });
  return [primary, reserve];
}

export function schedulerFor(urls: readonly string[], concurrency = 4): RequestScheduler {
  const client = new CheckListsClient({
    addresses: urls,
    credentials: DEMO_CREDENTIALS,
    timeoutMs: 5_000,
    retries: 2,
    backoffMs: 5,
    cooldownMs: 50,
  });
  // No answer cache: every answer here must come over the wire, so the servers' counts tell the truth.
  return new RequestScheduler({ search: (q, o) => client.search(q, o), cache: null, concurrency, batchWindowMs: 1 });
}
