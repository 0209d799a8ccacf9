import { ALL_LISTS, type Listdata } from '../core/protocol/listdata';
import { MAX_BIT } from '../core/protocol/registries';
import { normalizeDate } from './text';
import { kyivTime } from '../core/text/kyiv-time';

/** A request field as it arrived: text from a query string, any JSON value from a POST body. */
export type RawValue = unknown;

/** The fields of one request, looked up without regard to case (IDsubjectFM, idsubjectfm). */
export class RequestFields {
  private readonly byLower = new Map<string, RawValue>();

  constructor(...sources: Record<string, RawValue>[]) {
    // Later sources win: the POST body over the query string.
    for (const source of sources) {
      for (const [key, value] of Object.entries(source)) this.byLower.set(key.toLowerCase(), value);
    }
  }

  raw(name: string): RawValue {
    return this.byLower.get(name.toLowerCase());
  }

  /** Text of a scalar field; undefined when absent, null or blank. */
  text(name: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
    return undefined;
  }

  list(name: string): string[] {
    const v = this.raw(name);
    if (Array.isArray(v)) return v.map((x) => String(x).trim()).filter((x) => x !== '');
    const t = this.text(name);
    return t ? t.split(/[,;\s]+/).filter((x) => x !== '') : [];
  }
}

export class BadRequest extends Error {
  constructor(
    readonly code: 100 | 103 | 104 | 105,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Everything the engine acts on, normalised the way the service reads its input. */
export interface SandboxQuery {
  listdata: Listdata;
  /** listdata as the envelope echoes it. */
  listdataText: string;
  name?: string;
  namelat?: string;
  ipn?: string;
  date?: string;
  doc?: string;
  doctype: 0 | 1 | 2;
  search: 1 | 2;
  lowranklimit: number;
  idinternal: string;
  iduserPC: string;
  edrchangesfrom: string;
  edrchangesto: string;
  arrayedrpou: string[];
  onlyactual: boolean;
  nonrezedentcode?: string;
}

export const EDR_CHANGES_EARLIEST = '1991-08-24';

function parseListdata(text: string | undefined): { value: Listdata; text: string } {
  if (text === undefined) return { value: ALL_LISTS, text: '-1' };
  if (!/^-?\d+$/.test(text)) throw new BadRequest(100, `listdata "${text.slice(0, 40)}"`);
  const n = BigInt(text);
  if (n === -1n) return { value: ALL_LISTS, text: '-1' };
  if (n < 0n) throw new BadRequest(100, `listdata "${text.slice(0, 40)}"`);
  // Bits past the table select nothing; keep only the known ones.
  return { value: n & ((1n << BigInt(MAX_BIT + 1)) - 1n), text: n.toString() };
}

function parseLowRankLimit(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^\d{1,3}$/.test(text)) throw new BadRequest(105, text);
  const n = Number(text);
  if (n > 100) throw new BadRequest(105, text);
  return n;
}

function parseChangeDate(text: string | undefined, fallback: string, code: 103 | 104): string {
  if (text === undefined) return fallback;
  const iso = normalizeDate(text);
  if (!iso || text.length > 19) throw new BadRequest(code, text);
  const [y, m, d] = iso.split('-').map(Number);
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) {
    throw new BadRequest(code, text);
  }
  return iso;
}

/**
 * Today as the service's clock reads it: Kyiv's, wherever the sandbox runs. On a relay's host, often
 * on UTC, the machine's date refused a Kyiv analyst's "changes up to today" between midnight and 02:00.
 */
function serviceDate(now: Date): string {
  return kyivTime(now).slice(0, 10);
}

/** Longer names are refused (error 100): no person or company name comes close, and matching time grows with it. */
export const MAX_NAME_CHARS = 300;

function boundedName(fields: RequestFields, key: 'name' | 'namelat'): string | undefined {
  const value = fields.text(key);
  if (value !== undefined && value.length > MAX_NAME_CHARS) {
    throw new BadRequest(100, `${key} longer than ${MAX_NAME_CHARS} characters`);
  }
  return value;
}

export function parseSandboxQuery(fields: RequestFields, now: Date): SandboxQuery {
  const listdata = parseListdata(fields.text('listdata'));
  const lowranklimit = parseLowRankLimit(fields.text('lowranklimit'));
  const today = serviceDate(now);
  const from = parseChangeDate(fields.text('edrchangesfrom'), EDR_CHANGES_EARLIEST, 103);
  if (from < EDR_CHANGES_EARLIEST || from > today) throw new BadRequest(103, from);
  const to = parseChangeDate(fields.text('edrchangesto'), today, 104);
  if (to < from || to > today) throw new BadRequest(104, to);
  const doctype = fields.text('doctype');
  const onlyactual = fields.text('onlyactual')?.toLowerCase();
  return {
    listdata: listdata.value,
    listdataText: listdata.text,
    name: boundedName(fields, 'name'),
    namelat: boundedName(fields, 'namelat'),
    ipn: fields.text('ipn')?.replace(/\s/g, ''),
    date: normalizeDate(fields.text('date')),
    doc: fields.text('doc'),
    doctype: doctype === '1' ? 1 : doctype === '2' ? 2 : 0,
    search: fields.text('search') === '2' ? 2 : 1,
    lowranklimit,
    idinternal: fields.text('IDinternal') ?? '',
    iduserPC: fields.text('IDuserPC') ?? '',
    edrchangesfrom: from,
    edrchangesto: to,
    arrayedrpou: fields.list('arrayedrpou'),
    onlyactual: !(onlyactual === 'false' || onlyactual === '0'),
    nonrezedentcode: fields.text('nonrezedentcode'),
  };
}
