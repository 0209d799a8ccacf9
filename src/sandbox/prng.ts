import { FNV_OFFSET_BASIS, fnv1a32 } from '../core/cache/fnv';

/**
 * A small seeded generator (mulberry32): the same seed gives the same data and the same
 * fault pattern on every machine, which Math.random cannot promise.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Up to `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[];
  digits(length: number): string;
}

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Derives an independent stream from a seed and a label, so adding a registry does not reshuffle the others. */
export function deriveSeed(seed: number, label: string): number {
  return fnv1a32(label, seed ^ FNV_OFFSET_BASIS);
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)];
    },
    sample: (items, count) => {
      const pool = [...items];
      const out: (typeof items)[number][] = [];
      while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
      return out;
    },
    digits: (length) => {
      let s = '';
      for (let i = 0; i < length; i++) s += String(Math.floor(next() * 10));
      return s;
    },
  };
  return rng;
}
