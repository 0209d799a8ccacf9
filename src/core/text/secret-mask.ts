/**
 * The one redaction every surface uses (client errors and answers, CLI screen and files, run
 * state, add-in cells, relay). A service or proxy that echoes the tokken rarely echoes it as
 * typed: it may upper- or lower-case it, URL- or JSON- or HTML-escape it, base64 it (Basic
 * auth headers, debug dumps), cut it short ("Bad tokken abcd1234…"), space it out or reverse it. One regex per secret
 * matches all of these, so a surface never has to know which form it is looking at.
 */

export const MASK = '***';

/**
 * A truncated echo is masked from this many characters on (or half the secret, if longer).
 * Shorter prefixes say too little to matter and start matching ordinary data: a tokken
 * "Acme-Bank-7f3a…" shares "Acme-Bank-" with the account's own IDsubjectFM.
 */
export const MIN_PREFIX_CHARS = 12;

function minPrefix(length: number): number {
  return Math.min(length, Math.max(MIN_PREFIX_CHARS, Math.ceil(length / 2)));
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

const NAMED_ENTITIES: Record<string, string[]> = {
  '&': ['&amp;'],
  '<': ['&lt;'],
  '>': ['&gt;'],
  '"': ['&quot;', '\\\\"'],
  "'": ['&apos;', '&#39;'],
  '/': ['\\\\/'],
  '\\': ['\\\\\\\\'],
  '+': ['%2B', ' '],
};

/** Every way one character may be written in text that passed through URL, JSON or HTML escaping. */
function charAlternatives(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  const hex = code.toString(16);
  const percent = utf8Bytes(ch)
    .map((b) => `%${b.toString(16).padStart(2, '0')}`)
    .join('');
  const alts = [
    escapeRegex(ch),
    escapeRegex(percent),
    `\\\\u0*${hex}`,
    `&#0*${code};`,
    `&#x0*${hex};`,
    ...(NAMED_ENTITIES[ch] ?? []).map((e) => (e.startsWith('\\') ? e : escapeRegex(e))),
  ];
  return `(?:${alts.join('|')})`;
}

/**
 * Between two characters of an echo: nothing, or up to two spaces, dots, dashes or underscores (a
 * secret read out or typed back "in groups": "Zq7T okke n/Se…" or "Z q 7 T …").
 */
const SEPARATOR = '[\\s._-]{0,2}';

/** Matches `text` whole, or any prefix of it at least `minChars` long, each character in any escaped form. */
function prefixPattern(text: string): string {
  const chars = Array.from(text);
  const min = minPrefix(chars.length);
  let tail = '';
  for (let i = chars.length - 1; i >= min; i--) tail = `(?:${SEPARATOR}${charAlternatives(chars[i])}${tail})?`;
  return chars.slice(0, min).map(charAlternatives).join(SEPARATOR) + tail;
}

/**
 * UTF-8 bytes and base64 by hand: core runs in Excel's runtime, Node and test environments
 * (jsdom) alike, and not every one of them has TextEncoder or btoa.
 */
function utf8Bytes(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function bytesToBase64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = [B64[(n >> 18) & 63], B64[(n >> 12) & 63], B64[(n >> 6) & 63], B64[n & 63]];
    out += chars.slice(0, Math.min(4, bytes.length - i + 1)).join('');
  }
  return out;
}

/**
 * The base64 text of the secret at each of the three byte alignments it can have inside a longer
 * encoded string ("tokken=…" base64'd whole), trimmed to the characters that depend on the secret
 * alone; plus the URL-safe alphabet of each.
 */
export function base64Forms(secret: string): string[] {
  const bytes = utf8Bytes(secret);
  const forms = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const encoded = bytesToBase64([...Array<number>(offset).fill(0), ...bytes]);
    const start = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const stable = encoded.slice(start, end);
    if (stable.length >= MIN_PREFIX_CHARS) {
      forms.add(stable);
      forms.add(stable.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...forms];
}

/** A letter or digit, Latin or Cyrillic: what a short secret must not be glued to, to count as an echo. */
const WORD_CHAR = '[0-9A-Za-z\\u0400-\\u04FF]';

/**
 * Every form of every secret, in one pattern. The plain and reversed forms of a secret shorter than
 * MIN_PREFIX_CHARS match only as a whole word, after the character their group 1 keeps: a short
 * secret ("demo", a mistyped "x") is a common run of letters, and masking it inside every word
 * would make each message unreadable, while an echo of it stands alone ("tokken=x&", "\"x\"").
 * Lookbehind is not used: Safari before 16.4, which Excel on a Mac may run the add-in in, rejects it.
 */
export function secretPattern(secrets: readonly string[]): RegExp | null {
  const anywhere: string[] = [];
  const whole: string[] = [];
  for (const secret of secrets) {
    if (!secret) continue;
    const plain = Array.from(secret).length < MIN_PREFIX_CHARS ? whole : anywhere;
    plain.push(prefixPattern(secret));
    // Written backwards (a debug dump, a "reversed for safety" log line).
    plain.push(prefixPattern(Array.from(secret).reverse().join('')));
    for (const b of base64Forms(secret)) anywhere.push(prefixPattern(b));
  }
  if (whole.length > 0) anywhere.unshift(`(^|(?!${WORD_CHAR})[^])(?:${whole.join('|')})(?!${WORD_CHAR})`);
  // Case-insensitive covers upper and lower case (and costs base64 nothing that matters).
  return anywhere.length > 0 ? new RegExp(anywhere.join('|'), 'gi') : null;
}

export type SecretMask = (text: string) => string;

/** A function that replaces every form of every given secret with ***; the identity when there is none. */
export function createSecretMask(secrets: readonly (string | null | undefined)[]): SecretMask {
  const pattern = secretPattern(secrets.filter((s): s is string => typeof s === 'string' && s.length > 0));
  if (!pattern) return (text) => text;
  return (text) => {
    pattern.lastIndex = 0;
    // Without a short secret the pattern has no group, and the second argument is the offset.
    return text.replace(pattern, (_match, before: unknown) => `${typeof before === 'string' ? before : ''}${MASK}`);
  };
}

/** Masks every string inside a JSON value, returning a new value; other values pass unchanged. */
export function maskDeep<T>(value: T, mask: SecretMask): T {
  if (typeof value === 'string') return mask(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => maskDeep(v, mask)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[mask(k)] = maskDeep(v, mask);
    return out as T;
  }
  return value;
}
