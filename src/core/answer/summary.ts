import type { Lang } from '../text/i18n';
import { coreMessages } from '../text/messages';
import { REGISTRY_KEYS, type RegistryKey } from '../protocol/registries';
import type { ParsedEnvelope, RegistryError } from '../protocol/schema';
import { matchPlaces } from './registry-strength';

export type MatchLevel = 'high' | 'low';
export type Verdict = 'high' | 'low' | 'clear' | 'incomplete';

export interface RegistrySummary {
  key: RegistryKey;
  status: 'ok' | 'error' | 'malformed' | 'absent';
  hits: number;
  bestPercent: number | null;
  bestLevel: MatchLevel | null;
  error?: RegistryError;
}

export interface EnvelopeSummary {
  registries: RegistrySummary[];
  totalHits: number;
  bestPercent: number | null;
  bestLevel: MatchLevel | null;
  /**
   * high: some registry matched at the high level; low: hits, none high; clear: every registry
   * asked answered and none matched; incomplete: no hit, but a registry failed, so "clear" would be a lie.
   */
  verdict: Verdict;
  /** Every registry asked answered in full, and nothing outside the blocks was lost. */
  complete: boolean;
  idrequest?: string;
  dateResponse?: string;
}

/** The service writes levels in Ukrainian; some feeds use English. */
export function parseLevel(value: unknown): MatchLevel | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (v === 'високий' || v === 'high') return 'high';
  if (v === 'низький' || v === 'low') return 'low';
  return null;
}

function parsePercent(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

type Item = Record<string, unknown>;

/** Percent and level of one hit, wherever its registry keeps them. */
export function hitStrength(key: RegistryKey, item: Item): { percent: number | null; level: MatchLevel | null } {
  if (key === 'lostdocs') {
    // A lost-document hit is an exact match on series and number: nothing about it is fuzzy.
    return { percent: 100, level: 'high' };
  }
  const places = matchPlaces(key, item);
  let percent: number | null = null;
  let level: MatchLevel | null = null;
  for (const place of places) {
    const p = parsePercent(place.percent);
    if (p !== null && (percent === null || p > percent)) percent = p;
    const l = parseLevel(place.level);
    if (l === 'high' || (l === 'low' && level === null)) level = l;
  }
  return { percent, level };
}

function summarizeRegistry(envelope: ParsedEnvelope, key: RegistryKey): RegistrySummary {
  const outcome = envelope.registries[key];
  if (!outcome) return { key, status: 'absent', hits: 0, bestPercent: null, bestLevel: null };
  if (outcome.status === 'error') {
    return { key, status: 'error', hits: 0, bestPercent: null, bestLevel: null, error: outcome.error };
  }
  let bestPercent: number | null = null;
  let bestLevel: MatchLevel | null = null;
  for (const item of outcome.items as readonly Item[]) {
    const { percent, level } = hitStrength(key, item);
    if (percent !== null && (bestPercent === null || percent > bestPercent)) bestPercent = percent;
    if (level === 'high' || (level === 'low' && bestLevel === null)) bestLevel = level;
  }
  if (outcome.status === 'malformed') {
    return {
      key,
      status: 'malformed',
      // Count what arrived, not what parsed: a hit must never vanish because one field was odd.
      hits: outcome.rawCount,
      bestPercent,
      bestLevel,
      error: { code: null, message: outcome.issues.join('; ') },
    };
  }
  return { key, status: 'ok', hits: outcome.items.length, bestPercent, bestLevel };
}

/**
 * Per-registry hit counts, best percent and level, and one verdict across them. Cells, result
 * sheets and the command line all show this, so it is computed here once.
 * `asked` defaults to the registries present in the answer.
 */
export function summarize(envelope: ParsedEnvelope, asked?: readonly RegistryKey[]): EnvelopeSummary {
  const keys = asked ?? REGISTRY_KEYS.filter((k) => envelope.registries[k] !== undefined);
  const registries = keys.map((k) => summarizeRegistry(envelope, k));
  let totalHits = 0;
  let bestPercent: number | null = null;
  let bestLevel: MatchLevel | null = null;
  let complete = true;
  const answeredForAllLists = envelope.header.listdata?.trim() === '-1';
  for (const r of registries) {
    totalHits += r.hits;
    if (r.bestPercent !== null && (bestPercent === null || r.bestPercent > bestPercent)) bestPercent = r.bestPercent;
    if (r.bestLevel === 'high' || (r.bestLevel === 'low' && bestLevel === null)) bestLevel = r.bestLevel;
    if (r.status === 'error' || r.status === 'malformed') complete = false;
    // Asked by explicit lists yet missing from the answer: not searched, so its silence is not "no hits".
    // Under -1 the service itself chooses which registries the account gets, so absence says nothing.
    if (r.status === 'absent' && !answeredForAllLists) complete = false;
  }
  if (!envelope.resultIntact) complete = false;
  const verdict: Verdict = bestLevel === 'high' ? 'high' : totalHits > 0 ? 'low' : complete ? 'clear' : 'incomplete';
  return {
    registries,
    totalHits,
    bestPercent,
    bestLevel,
    verdict,
    complete,
    ...(envelope.header.idrequest !== undefined ? { idrequest: envelope.header.idrequest } : {}),
    ...(envelope.header.dateResponse !== undefined ? { dateResponse: envelope.header.dateResponse } : {}),
  };
}

/** No level reads as the verdict of no hits: one text for one thing. */
export function levelText(level: MatchLevel | null, lang: Lang): string {
  return coreMessages.t(lang, level === 'high' ? 'level.high' : level === 'low' ? 'level.low' : 'verdict.clear');
}

export function verdictText(verdict: Verdict, lang: Lang): string {
  return coreMessages.t(lang, `verdict.${verdict}`);
}

/** A registry error as a person reads it: the known codes in their language, anything else with the service's words. */
export function registryErrorText(error: RegistryError, lang: Lang): string {
  const code = error.code;
  if (code === 9000 || code === 9001 || code === 9003 || code === 9004) {
    return coreMessages.t(lang, `registry.error.${code}`);
  }
  return coreMessages.t(lang, 'registry.error.other', { message: error.message });
}
