import { z } from 'zod';
import { Fnv2x32 } from '../core/cache/fnv';
import { parseJson } from '../core/text/json';
import { REGISTRY_KEYS } from '../core/protocol/registries';
import type { KeyValueStorage } from '../core/settings/storage';
import { lowranklimitSchema, searchModeSchema } from '../core/query';
import { columnMappingSchema, type CellValue } from './columns';
import { outcomeSchema, type SubjectOutcome } from './outcome';
import type { RunQueryOptions } from './plan';

/**
 * Everything a run needs to continue where it stopped, as plain JSON. It holds client data
 * (headers, subject keys, hit names) but never a credential. Answers are appended as they
 * arrive, so a run that crashes loses at most the answers since its last checkpoint; rows
 * already on the results sheet are never asked again.
 *
 * Where it lives is the front end's choice (RunStateStore): in Excel a very hidden worksheet
 * of the same workbook (src/excel/bulk/bulk-state.ts), so state and results are saved, shared and
 * lost together and can never disagree; in Node any KeyValueStorage (a directory of files).
 */
export const RUN_STATE_VERSION = 1;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const localized = z.object({ uk: z.string(), en: z.string() });
const registryKey = z.enum(REGISTRY_KEYS);

export const runMetaSchema = z.object({
  version: z.literal(RUN_STATE_VERSION),
  runId: z.string().min(1),
  /** ISO time the run began; also the "today" every row is validated against, so a resume judges rows alike. */
  createdAt: z.string(),
  lang: z.enum(['uk', 'en']),
  options: z.object({
    listdata: z.string().regex(/^-?\d+$/),
    search: searchModeSchema,
    lowranklimit: lowranklimitSchema,
    idUserPC: z.string(),
    /** Present for a workbook in the 1904 date system, so a resume reads its dates alike. */
    dateSystem: z.literal(1904).optional(),
  }),
  registries: z.array(registryKey),
  /** True when listdata was -1: the header says "every list", not eighteen names. */
  allRegistries: z.boolean(),
  mapping: columnMappingSchema,
  headers: z.array(cell),
  input: z.object({
    /** Where the rows came from, as people read it ("Clients!A1:E2001"). */
    source: z.string(),
    rowCount: z.number().int().min(0),
    firstSourceRow: z.number().int().min(0),
    fingerprint: z.string(),
    /**
     * Rows left out as hidden when the run began, as runs [first data row, count]: a resume leaves
     * out the same. Pairs are checked by refine: zod's tuple would add its code to the first render.
     */
    hiddenRows: z.array(z.array(z.number().int().min(0)).refine((run) => run.length === 2 && run[1] > 0)).optional(),
  }),
  mode: z.enum(['sandbox', 'live']),
  modeLabel: localized,
  /** Writer-specific names (sheet names, file paths) so a resume writes to the same place. */
  output: z.record(z.string(), z.string()),
  /** A re-screen: where its previous results came from. Such a run is not resumed (the decisions are not in the state). */
  rescreenOf: z.string().optional(),
  /**
   * The live service a run asks (origins only, never a URL with credentials) and the account's
   * IDsubjectFM: a resume that would mix two services' or accounts' answers in one report is refused.
   */
  service: z.object({ origins: z.array(z.string()), idSubjectFM: z.string() }).optional(),
  /** Things about the input the reviewer must know (hidden sheet, merged cells...), repeated in the run header. */
  notes: z.array(localized).optional(),
  /** Through the organisation's relay: the analyst its key names, whom the relay records (and sends as IDuserPC). */
  analyst: z.string().optional(),
});
export type RunMeta = z.infer<typeof runMetaSchema>;

/** The query options a run asks with, as its meta keeps them: a resume asks exactly as the run began. */
export function queryOptionsOf(meta: RunMeta): RunQueryOptions {
  return {
    listdata: BigInt(meta.options.listdata),
    search: meta.options.search,
    lowranklimit: meta.options.lowranklimit,
    idUserPC: meta.options.idUserPC,
    ...(meta.options.dateSystem ? { dateSystem: meta.options.dateSystem } : {}),
  };
}

export const RUN_STATUSES = ['running', 'cancelled', 'stopped-account', 'stopped-unreachable', 'completed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Counts over the rows already written, so progress after a resume starts from the truth. */
const countersSchema = z.object({
  rowsWithHits: z.number().int().min(0),
  highRows: z.number().int().min(0),
  failedRows: z.number().int().min(0),
  invalidRows: z.number().int().min(0),
  /** Blank rows, apart from invalidRows; absent in a state saved before (its blank rows are among invalidRows). */
  emptyRows: z.number().int().min(0).optional(),
  /** Rows left out as hidden, apart from both; absent in a state saved before (it had none). */
  hiddenRows: z.number().int().min(0).optional(),
  /** Rows with no hits that their input puts in doubt (no-hit-doubts); absent in a state saved before it was counted. */
  noHitsInDoubt: z.number().int().min(0).optional(),
  /** Hits listed with no decision, by suggestion (hit-triage.ts); absent in a state saved before they were counted. */
  hitsToDecide: z
    .object({
      'true-match': z.number().int().min(0),
      'needs-review': z.number().int().min(0),
      'false-positive': z.number().int().min(0),
    })
    .optional(),
  /**
   * The registry columns (by place among the run's registries) in which some written row shows
   * a hit count above 0: the rest hold only zeros and blanks (a registry's error is in the row's
   * "Registry errors" cell), and the finished sheet groups them out of the way. Absent in a state
   * saved before it was kept: then none is quiet.
   */
  shownRegistries: z.array(z.number().int().min(0)).optional(),
});
export type WrittenCounters = z.infer<typeof countersSchema>;

/** A run before its first row is written, or one written again from the top. */
export const ZERO_COUNTERS: Readonly<WrittenCounters> = {
  rowsWithHits: 0,
  highRows: 0,
  failedRows: 0,
  invalidRows: 0,
  emptyRows: 0,
  hiddenRows: 0,
  noHitsInDoubt: 0,
  shownRegistries: [],
};

export const runProgressSchema = z.object({
  /** Rows 0..written-1 are on the results sheet with their final values. */
  written: z.number().int().min(0),
  /** Hit lines already on the hits sheet (all belong to rows below `written`). */
  hitsWritten: z.number().int().min(0),
  counters: countersSchema,
  /** "running" after a crash: the writer never got to say otherwise. */
  status: z.enum(RUN_STATUSES),
  stopReason: localized.optional(),
  updatedAt: z.string(),
});
export type RunProgressState = z.infer<typeof runProgressSchema>;

export interface RunState {
  meta: RunMeta;
  progress: RunProgressState;
  /** Every answer persisted so far, in arrival order; later entries win for the same key. */
  outcomes: SubjectOutcome[];
}

/** A resumable run as a list entry: enough to offer it, without loading its answers. */
export interface RunListing {
  runId: string;
  createdAt: string;
  updatedAt: string;
  source: string;
  rowCount: number;
  written: number;
  status: RunStatus;
  output: Record<string, string>;
}

/** Where runs are persisted. Every method may be called from one run at a time only. */
export interface RunStateStore {
  list(): Promise<RunListing[]>;
  load(runId: string): Promise<RunState | null>;
  begin(meta: RunMeta, progress: RunProgressState): Promise<void>;
  /**
   * Optional: saves one answer the moment it arrives. A store that has it gets every answer here
   * and none through checkpoint, so a crash costs at most the requests in flight.
   */
  record?(runId: string, outcome: SubjectOutcome): void;
  /** Appends answers and replaces the progress record; answers first, so a crash between the two loses nothing. */
  checkpoint(runId: string, progress: RunProgressState, outcomes: readonly SubjectOutcome[]): Promise<void>;
  remove(runId: string): Promise<void>;
}

export function parseMeta(raw: unknown): RunMeta | null {
  const r = runMetaSchema.safeParse(raw);
  return r.success ? r.data : null;
}

export function parseProgress(raw: unknown): RunProgressState | null {
  const r = runProgressSchema.safeParse(raw);
  return r.success ? r.data : null;
}

/** A stored answer that does not read back is dropped: its subject is simply asked again. */
export function parseOutcome(raw: unknown): SubjectOutcome | null {
  const r = outcomeSchema.safeParse(raw);
  return r.success ? r.data : null;
}

export function listingOf(meta: RunMeta, progress: RunProgressState): RunListing {
  return {
    runId: meta.runId,
    createdAt: meta.createdAt,
    updatedAt: progress.updatedAt,
    source: meta.input.source,
    rowCount: meta.input.rowCount,
    written: progress.written,
    status: progress.status,
    output: meta.output,
  };
}

/**
 * A fingerprint of the input rows (FNV-1a, 2 x 32 bits, fed cell by cell): a resume refuses
 * to continue over rows that changed, which would pair old answers with new people. Fed one
 * row at a time, so a file streamed past once gets the same fingerprint as the rows in memory.
 */
export class RowFingerprint {
  private readonly hash = new Fnv2x32();
  private rows = 0;

  constructor(private readonly width: number) {}

  /** The header row: fed first, and not counted as a row. */
  header(headers: readonly CellValue[]): void {
    this.feedRow(headers);
  }

  add(row: readonly CellValue[]): void {
    this.feedRow(row);
    this.rows++;
  }

  private feedRow(row: readonly CellValue[]): void {
    for (let i = 0; i < this.width; i++) {
      const v = row[i];
      this.hash.update(v === null || v === undefined ? '\u0000' : `${typeof v}:${String(v)}`);
      this.hash.update('\u0001');
    }
    this.hash.update('\u0002');
  }

  digest(): string {
    return `${this.hash.hex()}:${this.rows}`;
  }
}

export function fingerprintRows(headers: readonly CellValue[], rows: readonly (readonly CellValue[])[]): string {
  const print = new RowFingerprint(headers.length);
  print.header(headers);
  for (const row of rows) print.add(row);
  return print.digest();
}

export function newRunId(now: Date, random: () => number = Math.random): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  const tail = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `${stamp}-${tail}`;
}

/**
 * RunStateStore over any KeyValueStorage: meta and progress under their own keys, answers in
 * numbered batches so a checkpoint writes only what is new. Used by the CLI (files) and tests;
 * Excel keeps its state in the workbook instead (see the module comment).
 */
export function keyValueRunStateStore(storage: KeyValueStorage, prefix = 'checklists.bulk.v1.'): RunStateStore {
  const metaKey = (id: string) => `${prefix}${id}.meta`;
  const progressKey = (id: string) => `${prefix}${id}.progress`;
  const batchPrefix = (id: string) => `${prefix}${id}.o.`;
  const nextBatch = new Map<string, number>();

  const readJson = async (key: string): Promise<unknown> => parseJson(await storage.getItem(key));

  const batchKeys = async (id: string): Promise<{ key: string; n: number }[]> => {
    const p = batchPrefix(id);
    return (await storage.keys())
      .filter((k) => k.startsWith(p))
      .map((key) => ({ key, n: Number(key.slice(p.length)) }))
      .filter((b) => Number.isInteger(b.n) && b.n >= 0)
      .sort((a, b) => a.n - b.n);
  };

  return {
    async list() {
      const ids = (await storage.keys())
        .filter((k) => k.startsWith(prefix) && k.endsWith('.meta'))
        .map((k) => k.slice(prefix.length, -'.meta'.length));
      const out: RunListing[] = [];
      for (const id of ids) {
        const meta = parseMeta(await readJson(metaKey(id)));
        const progress = parseProgress(await readJson(progressKey(id)));
        if (meta && progress) out.push(listingOf(meta, progress));
      }
      return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    async load(runId) {
      const meta = parseMeta(await readJson(metaKey(runId)));
      const progress = parseProgress(await readJson(progressKey(runId)));
      if (!meta || !progress) return null;
      const outcomes: SubjectOutcome[] = [];
      const batches = await batchKeys(runId);
      for (const b of batches) {
        const raw = await readJson(b.key);
        if (!Array.isArray(raw)) continue;
        for (const item of raw) {
          const o = parseOutcome(item);
          if (o) outcomes.push(o);
        }
      }
      nextBatch.set(runId, (batches.at(-1)?.n ?? -1) + 1);
      return { meta, progress, outcomes };
    },

    async begin(meta, progress) {
      await storage.setItem(metaKey(meta.runId), JSON.stringify(meta));
      await storage.setItem(progressKey(meta.runId), JSON.stringify(progress));
      nextBatch.set(meta.runId, 0);
    },

    async checkpoint(runId, progress, outcomes) {
      if (outcomes.length > 0) {
        let n = nextBatch.get(runId);
        if (n === undefined) n = ((await batchKeys(runId)).at(-1)?.n ?? -1) + 1;
        await storage.setItem(`${batchPrefix(runId)}${n}`, JSON.stringify(outcomes));
        nextBatch.set(runId, n + 1);
      }
      await storage.setItem(progressKey(runId), JSON.stringify(progress));
    },

    async remove(runId) {
      for (const b of await batchKeys(runId)) await storage.removeItem(b.key);
      await storage.removeItem(progressKey(runId));
      await storage.removeItem(metaKey(runId));
      nextBatch.delete(runId);
    },
  };
}
