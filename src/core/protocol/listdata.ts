import { InvalidInputError } from './errors';
import { coreMessages } from '../text/messages';
import { LISTS, MAX_BIT, REGISTRIES, REGISTRY_KEYS, isRegistryKey, listByName, type RegistryKey } from './registries';

/**
 * listdata is a bit mask reaching bit 39, past JavaScript's 32-bit bitwise operators,
 * so it is a bigint everywhere inside the program. ALL_LISTS (-1) means "every list
 * the account may use" and is kept as its own value, never expanded, because only the
 * service knows what the account may use.
 */
export type Listdata = bigint;

export const ALL_LISTS: Listdata = -1n;
const LIMIT = 1n << BigInt(MAX_BIT + 1);

/** Anything a person or a formula may use to name lists. */
export type ListdataSpec = Listdata | number | string | readonly (string | number)[] | null | undefined;

function bitValue(bit: number): bigint {
  return 1n << BigInt(bit);
}

export function listdataFromBits(bits: Iterable<number>): Listdata {
  let value = 0n;
  for (const bit of bits) {
    if (!Number.isInteger(bit) || bit < 0 || bit > MAX_BIT) throw new RangeError(`bit ${bit} out of range`);
    value |= bitValue(bit);
  }
  return value;
}

export function bitsOf(listdata: Listdata): number[] {
  if (listdata === ALL_LISTS) return LISTS.filter((l) => !l.reserved).map((l) => l.bit);
  const bits: number[] = [];
  for (let bit = 0; bit <= MAX_BIT; bit++) if ((listdata >> BigInt(bit)) & 1n) bits.push(bit);
  return bits;
}

export function listdataForRegistries(keys: Iterable<RegistryKey>): Listdata {
  const bits = new Set<number>();
  for (const key of keys) for (const bit of REGISTRIES.find((r) => r.key === key)?.bits ?? []) bits.add(bit);
  return listdataFromBits(bits);
}

/** Registries that answer for a listdata value, in catalogue order. */
export function registriesOf(listdata: Listdata): RegistryKey[] {
  if (listdata === ALL_LISTS) return [...REGISTRY_KEYS];
  const keys = new Set<RegistryKey>();
  for (const bit of bitsOf(listdata)) for (const key of LISTS[bit].keys) keys.add(key);
  return REGISTRY_KEYS.filter((k) => keys.has(k));
}

export function unionListdata(...values: Listdata[]): Listdata {
  if (values.some((v) => v === ALL_LISTS)) return ALL_LISTS;
  return values.reduce((acc, v) => acc | v, 0n);
}

/** Does an answer for `outer` hold everything an ask for `inner` needs? */
export function containsListdata(outer: Listdata, inner: Listdata): boolean {
  if (outer === ALL_LISTS) return true;
  if (inner === ALL_LISTS) return false;
  return (outer & inner) === inner;
}

/** JSON number for the POST body: exact, since every value is below 2^40. */
export function listdataToWire(listdata: Listdata): number {
  return Number(listdata);
}

export function listdataToString(listdata: Listdata): string {
  return listdata.toString();
}

function invalid(value: string, code: 'listdata.unknown' | 'listdata.range' | 'listdata.empty'): InvalidInputError {
  return new InvalidInputError([{ field: 'listdata', code, message: coreMessages.text(code, { value }) }]);
}

function fromNumber(n: bigint, original: string): Listdata {
  if (n === ALL_LISTS) return ALL_LISTS;
  if (n <= 0n || n >= LIMIT) throw invalid(original, 'listdata.range');
  return n;
}

function fromToken(token: string): Listdata {
  const t = token.trim();
  if (/^-?\d+$/.test(t)) return fromNumber(BigInt(t), t);
  const lower = t.toLowerCase();
  if (lower === 'all' || lower === '*' || lower === 'усі' || lower === 'всі') return ALL_LISTS;
  if (isRegistryKey(lower)) return listdataForRegistries([lower]);
  const list = listByName(lower);
  if (list && !list.reserved) return bitValue(list.bit);
  throw invalid(t, 'listdata.unknown');
}

/**
 * Accepts registry keys ("peps, psanctions"), list names ("sanctions-eu"), listdata numbers,
 * decimal strings, "all"/-1 and arrays of any of these (a range of cells); returns their union.
 * Empty input means "nothing said" and yields `fallback`.
 */
export function parseListdata(spec: ListdataSpec, fallback: Listdata = ALL_LISTS): Listdata {
  if (spec === null || spec === undefined) return fallback;
  if (typeof spec === 'bigint') return fromNumber(spec, spec.toString());
  if (typeof spec === 'number') {
    if (!Number.isSafeInteger(spec)) throw invalid(String(spec), 'listdata.range');
    return fromNumber(BigInt(spec), String(spec));
  }
  const tokens: string[] = [];
  const add = (s: string) => tokens.push(...s.split(/[,;\s]+/).filter((x) => x.length > 0));
  if (typeof spec === 'string') add(spec);
  else {
    for (const item of spec) {
      if (typeof item === 'number') tokens.push(String(item));
      else if (typeof item === 'string') add(item);
    }
  }
  if (tokens.length === 0) return fallback;
  return unionListdata(...tokens.map(fromToken));
}
