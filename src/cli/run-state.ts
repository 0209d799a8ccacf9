import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import type { SubjectOutcome } from '../bulk/outcome';
import {
  listingOf,
  parseMeta,
  parseOutcome,
  parseProgress,
  type RunMeta,
  type RunProgressState,
  type RunState,
  type RunStateStore,
} from '../bulk/state';

/**
 * A run that stops (quota, account, Ctrl-C, network) leaves `<output>.checklists-state.json`
 * next to its output, so `--resume` asks only what is still unanswered: quota is money.
 *
 * One JSON object per line, appended as answers arrive: a checkpoint costs only what is new,
 * and a line cut short by a crash is skipped on reading, losing at most that checkpoint.
 * It holds the bulk engine's meta, progress and answers; never the tokken, which is not in
 * scope anywhere this file is written.
 */
export function statePathFor(outputPath: string): string {
  return `${outputPath}.checklists-state.json`;
}

type Line = { meta: unknown } | { progress: unknown } | { outcomes: unknown[] };

function parseLines(text: string): Line[] {
  const out: Line[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (value && typeof value === 'object') out.push(value as Line);
    } catch {
      // A torn last line after a crash: everything before it still counts.
    }
  }
  return out;
}

export async function readStateFile(path: string): Promise<RunState | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  let meta: RunMeta | null = null;
  let progress: RunProgressState | null = null;
  const outcomes: SubjectOutcome[] = [];
  for (const line of parseLines(text)) {
    if ('meta' in line) meta = parseMeta(line.meta);
    else if ('progress' in line) progress = parseProgress(line.progress) ?? progress;
    else if ('outcomes' in line && Array.isArray(line.outcomes)) {
      for (const raw of line.outcomes) {
        const o = parseOutcome(raw);
        if (o) outcomes.push(o);
      }
    }
  }
  return meta && progress ? { meta, progress, outcomes } : null;
}

/** The engine's RunStateStore over one file that holds one run. */
export function fileRunStateStore(path: string): RunStateStore {
  const line = (value: Line) => `${JSON.stringify(value)}\n`;
  return {
    async list() {
      const state = await readStateFile(path);
      return state ? [listingOf(state.meta, state.progress)] : [];
    },
    async load(runId) {
      const state = await readStateFile(path);
      return state && state.meta.runId === runId ? state : null;
    },
    async begin(meta, progress) {
      // Owner-only: the answers name clients and their hits.
      await writeFile(path, line({ meta }) + line({ progress }), { encoding: 'utf8', mode: 0o600 });
    },
    async checkpoint(_runId, progress, outcomes) {
      const text = (outcomes.length > 0 ? line({ outcomes: [...outcomes] }) : '') + line({ progress });
      await appendFile(path, text, { encoding: 'utf8', mode: 0o600 });
    },
    async remove() {
      await rm(path, { force: true });
    },
  };
}
