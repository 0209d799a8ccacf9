import { ALL_LISTS, listdataForRegistries, registriesOf, type Listdata } from './listdata';
import { REGISTRY_KEYS, type RegistryKey } from './registries';
import type {
  EdrchangesItem,
  EdrChange,
  EdrCompanyChanges,
  ParsedEnvelope,
  ParsedRegistries,
  PsanctionsItem,
  RegistryError,
} from './schema';

/**
 * An answer fetched for more lists than one asker wanted (a merged request, or a cached answer
 * for a wider listdata) must show that asker only what its own lists would have returned:
 * several lists fill one registry (sanctions bits 0-7 and 37-39, register changes bits 23-29),
 * so dropping unasked registries is not enough. Pure: the envelope given is never changed.
 *
 * Within a registry an item is dropped only when it says which lists it is on and none of them
 * was asked: a hit that cannot be attributed is kept, since a hidden sanctions hit costs far
 * more than a superfluous one.
 *
 * `peps` is not filtered: its items carry typePEP / categoryPEP, but how those map to bits 9-12
 * is not documented, and guessing would hide PEPs.
 *
 * The header (listdata, idrequest ...) is kept as the service sent it: it describes the request
 * that was actually made, which audit lines must quote unchanged.
 */
export function restrictToListdata(envelope: ParsedEnvelope, listdata: Listdata): ParsedEnvelope {
  if (listdata === ALL_LISTS) return envelope;
  const wanted = new Set(registriesOf(listdata));
  const registries: ParsedRegistries = { ...envelope.registries };
  let changed = false;
  for (const key of REGISTRY_KEYS) {
    if (registries[key] !== undefined && !wanted.has(key)) {
      delete registries[key];
      changed = true;
    }
  }
  const sanctions = registries.psanctions;
  if (sanctions && !coversRegistry(listdata, 'psanctions')) {
    const next = filterOutcome(sanctions, (items) => items.filter((item) => onAskedList(item, listdata)));
    if (next !== sanctions) {
      registries.psanctions = next;
      changed = true;
    }
  }
  const changes = registries.edrchanges;
  if (changes && !coversRegistry(listdata, 'edrchanges')) {
    const next = filterOutcome(changes, (items) => filterChangeBlocks(items, listdata));
    if (next !== changes) {
      registries.edrchanges = next;
      changed = true;
    }
  }
  return changed ? { ...envelope, registries } : envelope;
}

const REGISTRY_MASKS = new Map<RegistryKey, Listdata>(REGISTRY_KEYS.map((k) => [k, listdataForRegistries([k])]));

/** Every list of the registry asked: the service's own selection needs no second pass. */
function coversRegistry(listdata: Listdata, key: RegistryKey): boolean {
  const mask = REGISTRY_MASKS.get(key) ?? 0n;
  return (listdata & mask) === mask;
}

/**
 * Applies an item filter to an outcome, returning the same outcome when nothing was dropped.
 * A malformed block keeps its status and issues; records that could not be read at all cannot
 * be attributed to a list, so they stay counted in rawCount.
 */
type Outcome<T> =
  | { status: 'ok'; items: T[] }
  | { status: 'error'; error: RegistryError }
  | { status: 'malformed'; items: T[]; rawCount: number; issues: string[] };

function filterOutcome<T>(outcome: Outcome<T>, filter: (items: T[]) => T[]): Outcome<T> {
  if (outcome.status === 'error') return outcome;
  const kept = filter(outcome.items);
  if (kept.length === outcome.items.length && kept.every((item, i) => item === outcome.items[i])) return outcome;
  if (outcome.status === 'ok') return { status: 'ok', items: kept };
  const unreadable = Math.max(0, outcome.rawCount - outcome.items.length);
  return { ...outcome, items: kept, rawCount: kept.length + unreadable };
}

/** The psanctions fields that name lists as a listdata mask (all of it, then the POST-form groups). */
const SANCTION_MASK_FIELDS = [
  'p_listdata',
  'p_listdata_ns',
  'p_listdata_aas',
  'p_listdata_nas',
  'p_listdata_ca',
  'p_listdata_cn',
] as const;

function maskOf(value: unknown): Listdata | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return BigInt(value);
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) {
    const n = BigInt(value.trim());
    return n > 0n ? n : null;
  }
  return null;
}

/**
 * The lists an entry is on. The groups are joined with p_listdata because real answers do not
 * keep them consistent: the interface's own example has p_listdata 10 (NSDC, EU) and a caution
 * in p_listdata_ca (bit 37) that p_listdata leaves out. Null when nothing says.
 */
export function sanctionListsOf(item: PsanctionsItem): Listdata | null {
  let mask: Listdata | null = null;
  for (const field of SANCTION_MASK_FIELDS) {
    const m = maskOf(item[field]);
    if (m !== null) mask = (mask ?? 0n) | m;
  }
  return mask;
}

function onAskedList(item: PsanctionsItem, asked: Listdata): boolean {
  const lists = sanctionListsOf(item);
  return lists === null || (lists & asked) !== 0n;
}

/** The register-changes lists (bits 23..29) in changetype order 1..7, as the sandbox answers them. */
const FIRST_CHANGE_BIT = 23;
const CHANGE_TYPES = 7;

/** The listdata bit of one change detail; null when its changetype is missing or unknown. */
export function changeTypeBit(changetype: unknown): number | null {
  const n = typeof changetype === 'string' && changetype.trim() !== '' ? Number(changetype) : changetype;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > CHANGE_TYPES) return null;
  return FIRST_CHANGE_BIT + n - 1;
}

function detailAsked(changetype: unknown, asked: Listdata): boolean {
  const bit = changeTypeBit(changetype);
  return bit === null || ((asked >> BigInt(bit)) & 1n) === 1n;
}

function filterChange(change: EdrChange, asked: Listdata): EdrChange | null {
  const details = change.changedetails;
  if (!details || details.length === 0) return change;
  const kept = details.filter((d) => detailAsked(d.changetype, asked));
  if (kept.length === details.length) return change;
  return kept.length > 0 ? { ...change, changedetails: kept } : null;
}

function filterCompany(company: EdrCompanyChanges, asked: Listdata): EdrCompanyChanges | null {
  const changes = company.changes;
  if (!changes || changes.length === 0) return company;
  const kept = filterList(changes, (c) => filterChange(c, asked));
  if (kept === changes) return company;
  return kept.length > 0 ? { ...company, changes: kept } : null;
}

function filterChangeBlocks(blocks: EdrchangesItem[], asked: Listdata): EdrchangesItem[] {
  return filterList(blocks, (block) => {
    const companies = block.edrchanges;
    if (!companies || companies.length === 0) return block;
    const kept = filterList(companies, (c) => filterCompany(c, asked));
    if (kept === companies) return block;
    return kept.length > 0 ? { ...block, edrchanges: kept } : null;
  });
}

/** Maps and drops (null) elements; the same array back when nothing changed. */
function filterList<T>(list: T[], map: (element: T) => T | null): T[] {
  let changed = false;
  const out: T[] = [];
  for (const element of list) {
    const next = map(element);
    if (next !== element) changed = true;
    if (next !== null) out.push(next);
  }
  return changed ? out : list;
}
