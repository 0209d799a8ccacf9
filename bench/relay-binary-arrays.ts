// Whether the audit journal's arrays would cost less sent in PostgreSQL's binary form: the relay
// sends each column of a batch as one text array ($n::jsonb[] and the like), which node-postgres
// escapes and PostgreSQL parses again; a Buffer parameter goes in binary instead (array_recv), the
// arrays encoded by hand here. Into the relay's own audit table (its columns and types read from the
// migrated store), the same rows either way (checked first), 14 to a statement as the journal's
// commits carry under load, on a throwaway embedded store, commits not waiting for the disk, alternating. Measured in session 23: no difference beyond the noise on either side
// (bench/results/2026-11-27-session23-relay-binary-arrays.txt), so the journal keeps text arrays.
//   npx tsx bench/relay-binary-arrays.ts        (ROWS, N, ROUNDS to change the defaults 14, 2000, 5)
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openStore } from '../src/relay/store/open-store';
import { AUDIT_COLUMNS, type AuditRow } from '../src/relay/store/port';
import { postgresCpuMs } from './support/process-cpu';

const ROWS = Number(process.env.ROWS ?? 14);
const N = Number(process.env.N ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const OID = { int8: 20, int4: 23, text: 25, bool: 16, jsonb: 3802, timestamptz: 1184 } as const;
type Kind = keyof typeof OID;
const EPOCH_2000_MS = Date.UTC(2000, 0, 1);

function element(kind: Kind, v: unknown): Buffer | null {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 'int8': {
      const b = Buffer.alloc(8);
      b.writeBigInt64BE(BigInt(v as number));
      return b;
    }
    case 'int4': {
      const b = Buffer.alloc(4);
      b.writeInt32BE(v as number);
      return b;
    }
    case 'bool':
      return Buffer.from([v ? 1 : 0]);
    case 'text':
      return Buffer.from(v as string, 'utf8');
    case 'jsonb':
      return Buffer.concat([Buffer.from([1]), Buffer.from(JSON.stringify(v), 'utf8')]);
    case 'timestamptz': {
      const b = Buffer.alloc(8);
      b.writeBigInt64BE(BigInt(((v as Date).getTime() - EPOCH_2000_MS) * 1000));
      return b;
    }
  }
}

function binaryArray(kind: Kind, values: readonly unknown[]): Buffer {
  const parts = values.map((v) => element(kind, v));
  const size = 20 + parts.reduce((n, p) => n + 4 + (p ? p.length : 0), 0);
  const b = Buffer.alloc(size);
  let o = 0;
  b.writeInt32BE(1, o);
  o += 4;
  b.writeInt32BE(parts.some((p) => p === null) ? 1 : 0, o);
  o += 4;
  b.writeUInt32BE(OID[kind], o);
  o += 4;
  b.writeInt32BE(values.length, o);
  o += 4;
  b.writeInt32BE(1, o);
  o += 4;
  for (const p of parts) {
    if (p === null) {
      b.writeInt32BE(-1, o);
      o += 4;
      continue;
    }
    b.writeInt32BE(p.length, o);
    o += 4;
    p.copy(b, o);
    o += p.length;
  }
  return b;
}

/** The element kinds above by PostgreSQL's name for each column's type. */
const KINDS: Record<string, Kind> = {
  bigint: 'int8',
  integer: 'int4',
  text: 'text',
  boolean: 'bool',
  jsonb: 'jsonb',
  'timestamp with time zone': 'timestamptz',
};
/** The columns the journal's INSERT fills, in its order (audit-batch-sql.ts): all but the delivery flag. */
const INSERTED = AUDIT_COLUMNS.filter((c) => c.column !== 'delivered');

let serial = 0;
function rows(n: number): unknown[][] {
  return Array.from({ length: n }, () => {
    const i = serial++;
    const row: AuditRow & { id: number } = {
      id: i,
      at: new Date(),
      analyst: `analyst-${i % 20}`,
      method: 'POST',
      query: { name: `Суб’єкт "${i}" \\ Петро`, listdata: '-1' },
      listdata: '-1',
      servedBy: 'http://127.0.0.1:1',
      idrequest: String(i),
      verdict: 'clear',
      hits: { peps: 0, sanctions: 1 },
      durationMs: 50,
      fromCache: false,
      errorCode: null,
      status: 200,
      instance: 'bench',
      state: 'answered',
      archiveId: null,
    };
    return INSERTED.map(({ field }) => row[field as keyof typeof row] ?? null);
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'relay-binary-arrays-'));
  await chmod(dir, 0o711); // as root PostgreSQL runs as `postgres`, which must pass through
  const opened = await openStore({ dataDir: dir }, { adopt: true, poolSize: 2 });
  const client = new Client({
    connectionString: opened.cluster?.url,
    options: '-c synchronous_commit=off -c plan_cache_mode=force_generic_plan',
  });
  try {
    await client.connect();
    await measure(client);
  } finally {
    await client.end().catch(() => undefined);
    await opened.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function measure(client: Client): Promise<void> {
  const types = new Map(
    (
      await client.query<{ column_name: string; data_type: string }>(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'audit'",
      )
    ).rows.map((r) => [r.column_name, r.data_type]),
  );
  const COLUMNS = INSERTED.map(({ column }): [string, Kind, string] => {
    const type = types.get(column) ?? '?';
    const kind = KINDS[type];
    if (!kind) throw new Error(`audit.${column}: no binary encoding here for ${type}`);
    return [column, kind, type === 'timestamp with time zone' ? 'timestamptz' : type];
  });
  const sql = `INSERT INTO audit (${COLUMNS.map(([c]) => c).join(', ')}) SELECT * FROM unnest(${COLUMNS.map(([, , t], i) => `$${i + 1}::${t}[]`).join(', ')})`;
  const text = (r: unknown[][]) =>
    COLUMNS.map(([, kind], c) =>
      r.map((row) =>
        kind === 'jsonb' && row[c] !== null
          ? JSON.stringify(row[c])
          : kind === 'timestamptz'
            ? (row[c] as Date).toISOString()
            : row[c],
      ),
    );
  const binary = (r: unknown[][]) =>
    COLUMNS.map(([, kind], c) =>
      binaryArray(
        kind,
        r.map((row) => row[c]),
      ),
    );
  const run = async (name: string, values: (r: unknown[][]) => unknown[]) => {
    for (let i = 0; i < 50; i++) await client.query({ name, text: sql, values: values(rows(ROWS)) });
    const cpu = postgresCpuMs();
    const own = process.cpuUsage();
    const t = performance.now();
    for (let i = 0; i < N; i++) await client.query({ name, text: sql, values: values(rows(ROWS)) });
    const wall = (performance.now() - t) / N;
    const used = process.cpuUsage(own);
    return { wall, db: (postgresCpuMs() - cpu) / N, client: (used.user + used.system) / 1000 / N };
  };
  // The two forms write the same rows.
  const a = rows(2);
  const b = a.map((r) => [Number(r[0]) + 1_000_000_000, ...r.slice(1)]);
  await client.query({ text: sql, values: text(a) });
  await client.query({ text: sql, values: binary(b) });
  const back = await client.query(
    `SELECT ${COLUMNS.map(([c]) => c).join(', ')} FROM audit WHERE id IN (${[a[0][0], b[0][0]].join(',')}) ORDER BY id`,
  );
  const norm = (r: Record<string, unknown>) => JSON.stringify({ ...r, id: null });
  console.log('same rows back:', norm(back.rows[0]) === norm(back.rows[1]), JSON.stringify(back.rows[1]));
  console.log(`${ROWS} rows a statement, ${N} statements, synchronous_commit off; ms per statement`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, f] of [
      ['text arrays', text],
      ['binary arrays', binary],
    ] as const) {
      const r = await run(label.replace(' ', '_'), f);
      console.log(
        `${label.padEnd(14)} wall ${r.wall.toFixed(3)}  postgres CPU ${r.db.toFixed(3)}  client CPU ${r.client.toFixed(3)}`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
