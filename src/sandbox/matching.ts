import type { RegistryKey } from '../core/protocol/registries';
import type { SandboxData } from './data/generator';
import type { SandboxRecord } from './data/model';
import { allowedEdits, canonicalTokens, editDistance, normalizeDoc, skeleton } from './text';

export const LEVEL_HIGH = 'Високий';
export const LEVEL_LOW = 'Низький';
export type Level = typeof LEVEL_HIGH | typeof LEVEL_LOW;

/** What the matcher needs from a request, already normalised by the engine. */
export interface MatchQuery {
  /** name and namelat (namelat defaulted from name), each as canonical tokens; empty when not given. */
  nameVariants: string[][];
  date?: string;
  /** ipn and nonrezedentcode: codes that find a record in any asked registry. */
  codes: string[];
  /**
   * Codes that find records of some registries only: arrayedrpou names the companies whose
   * register changes are wanted, not subjects to screen, so it must not make an edr or court
   * record of that company a high hit.
   */
  scopedCodes?: readonly { codes: readonly string[]; registries: readonly RegistryKey[] }[];
  doc?: { value: string; doctype: 0 | 1 | 2 };
  search: 1 | 2;
  lowranklimit: number;
}

export interface Hit {
  record: SandboxRecord;
  percent: number;
  level: Level;
}

interface IndexedRecord {
  record: SandboxRecord;
  variants: string[][];
}

/** How closely two canonical tokens match: 1 identical, below 1 only in search=2. */
type TokenSim = (q: string, r: string) => number;

const exactSim: TokenSim = (q, r) => (q === r ? 1 : 0);

/**
 * search=2: a spelling variant (same skeleton) scores just under an identical token, a typo
 * less, by its share of edits. Scores stay below 1 so the percent shows the match was inexact.
 */
function tolerantSim(q: string, r: string): number {
  if (q === r) return 1;
  const a = skeleton(q);
  const b = skeleton(r);
  if (a === b) return 0.95;
  const limit = allowedEdits(Math.max(a.length, b.length));
  const d = editDistance(a, b, limit);
  if (d > limit) return 0;
  return 0.9 * (1 - d / Math.max(a.length, b.length));
}

interface VariantScore {
  percent: number;
  /** Every token of the query equals a token of the name and none is left over. */
  exact: boolean;
}

/**
 * Scores one query name against one record name. The shorter side must be covered in full
 * (a query of surname and first name finds the full name; a full name finds a list entry
 * without patronymic); the percent is the matched share of the longer side.
 */
export function scoreVariant(query: readonly string[], name: readonly string[], sim: TokenSim): VariantScore | null {
  if (query.length === 0 || name.length === 0) return null;
  const used = new Array<boolean>(name.length).fill(false);
  let total = 0;
  let matched = 0;
  let exactCount = 0;
  for (const q of query) {
    let best = 0;
    let bestJ = -1;
    for (let j = 0; j < name.length; j++) {
      if (used[j]) continue;
      const s = sim(q, name[j]);
      if (s > best) {
        best = s;
        bestJ = j;
        if (s === 1) break;
      }
    }
    if (bestJ >= 0) {
      used[bestJ] = true;
      total += best;
      matched++;
      if (best === 1) exactCount++;
    }
  }
  if (matched < Math.min(query.length, name.length)) return null;
  const percent = Math.round((100 * total) / Math.max(query.length, name.length));
  return { percent, exact: query.length === name.length && exactCount === query.length };
}

export class SandboxIndex {
  private readonly records: IndexedRecord[];
  private readonly byToken = new Map<string, number[]>();
  private readonly bySkeletonLength = new Map<number, Map<string, string[]>>();
  private readonly byCode = new Map<string, number[]>();
  private readonly byDoc = new Map<string, number[]>();

  constructor(data: SandboxData) {
    // The same person sits in several registries: tokenise each distinct name once.
    const tokenised = new Map<string, string[]>();
    const tokensOf = (name: string): string[] => {
      let tokens = tokenised.get(name);
      if (!tokens) {
        tokens = canonicalTokens(name);
        tokenised.set(name, tokens);
      }
      return tokens;
    };
    this.records = data.records.map((record) => ({
      record,
      variants: dedupeVariants(record.names.map(tokensOf)),
    }));
    for (const { record, variants } of this.records) {
      const tokens = new Set(variants.flat());
      for (const t of tokens) push(this.byToken, t, record.id);
      for (const c of record.codes) push(this.byCode, c, record.id);
      for (const d of record.docs) push(this.byDoc, d.value, record.id);
    }
    for (const token of this.byToken.keys()) {
      const sk = skeleton(token);
      let bucket = this.bySkeletonLength.get(sk.length);
      if (!bucket) this.bySkeletonLength.set(sk.length, (bucket = new Map()));
      const list = bucket.get(sk);
      if (list) list.push(token);
      else bucket.set(sk, [token]);
    }
  }

  get size(): number {
    return this.records.length;
  }

  /** Record ids whose names hold a token close enough to `token` for the search method. */
  private candidatesForToken(token: string, search: 1 | 2, into: Set<number>): void {
    const add = (t: string) => {
      for (const id of this.byToken.get(t) ?? []) into.add(id);
    };
    if (search === 1) {
      add(token);
      return;
    }
    const sk = skeleton(token);
    const limit = allowedEdits(sk.length + 2);
    for (let len = sk.length - limit; len <= sk.length + limit; len++) {
      const bucket = this.bySkeletonLength.get(len);
      if (!bucket) continue;
      for (const [other, tokens] of bucket) {
        const allowed = allowedEdits(Math.max(sk.length, other.length));
        if (editDistance(sk, other, allowed) <= allowed) for (const t of tokens) add(t);
      }
    }
  }

  /**
   * Every record of the asked registries that the query finds, with percent and level by the
   * service's rule: a person is high only on a full name or full alias match plus an equal birth
   * date; a company only on a company-code match.
   */
  search(query: MatchQuery, accept: (record: SandboxRecord) => boolean): Hit[] {
    const sim = query.search === 2 ? tolerantSim : exactSim;
    const nameScores = new Map<number, VariantScore>();
    for (const variant of query.nameVariants) {
      if (variant.length === 0) continue;
      const candidates = new Set<number>();
      for (const token of variant) this.candidatesForToken(token, query.search, candidates);
      for (const id of candidates) {
        const indexed = this.records[id];
        if (!accept(indexed.record)) continue;
        for (const name of indexed.variants) {
          const score = scoreVariant(variant, name, sim);
          if (!score) continue;
          const prev = nameScores.get(id);
          nameScores.set(
            id,
            prev ? { percent: Math.max(prev.percent, score.percent), exact: prev.exact || score.exact } : score,
          );
        }
      }
    }

    const codeIds = new Set<number>();
    for (const code of query.codes) for (const id of this.byCode.get(code) ?? []) codeIds.add(id);
    for (const scope of query.scopedCodes ?? []) {
      for (const code of scope.codes) {
        for (const id of this.byCode.get(code) ?? []) {
          if (scope.registries.includes(this.records[id].record.registry)) codeIds.add(id);
        }
      }
    }
    const docIds = new Set<number>();
    if (query.doc) {
      const { value, doctype } = query.doc;
      for (const id of this.byDoc.get(value) ?? []) {
        if (doctype === 0 || this.records[id].record.docs.some((d) => d.value === value && d.doctype === doctype)) {
          docIds.add(id);
        }
      }
    }

    const hits: Hit[] = [];
    const ids = new Set<number>([...nameScores.keys(), ...codeIds, ...docIds]);
    for (const id of ids) {
      const record = this.records[id].record;
      if (!accept(record)) continue;
      const name = nameScores.get(id);
      const byCode = codeIds.has(id);
      const byDoc = docIds.has(id);
      const percent = byCode || byDoc ? 100 : (name?.percent ?? 0);
      if (percent < query.lowranklimit) continue;
      let level: Level = LEVEL_LOW;
      if (record.subject === 'company') level = byCode ? LEVEL_HIGH : LEVEL_LOW;
      else if (record.subject === 'person') {
        level = name?.exact && query.date !== undefined && record.birthDate === query.date ? LEVEL_HIGH : LEVEL_LOW;
      }
      hits.push({ record, percent, level });
    }
    hits.sort((a, b) => b.percent - a.percent || a.record.id - b.record.id);
    return hits;
  }
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [id]);
  else if (list[list.length - 1] !== id) list.push(id);
}

function dedupeVariants(variants: string[][]): string[][] {
  const seen = new Set<string>();
  return variants.filter((v) => {
    const key = v.join(' ');
    if (v.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Tokens of one name the matcher looks at. search=2 compares each token with every
 * indexed skeleton of similar length, so the work per request grows with the tokens: capped,
 * it is bounded whatever a client sends (a real name has a handful).
 */
export const MAX_QUERY_TOKENS = 12;

/** Query-side helpers, so the engine and the tests normalise exactly as the index does. */
export function queryNameVariants(name: string | undefined, namelat: string | undefined): string[][] {
  const variants = [name, namelat]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => canonicalTokens(v).slice(0, MAX_QUERY_TOKENS));
  return dedupeVariants(variants);
}

export function queryDoc(doc: string | undefined, doctype: 0 | 1 | 2): MatchQuery['doc'] {
  if (!doc || doc.trim() === '') return undefined;
  return { value: normalizeDoc(doc), doctype };
}
