/**
 * Size of what a batch sends. Excel on the web refuses a request whose payload passes 5 MB
 * (RequestPayloadSizeLimitExceeded), and what counts is the JSON the batch serialises, in UTF-8:
 * Cyrillic text costs two bytes a character, control characters six (\u0001).
 */

/** Excel on the web's documented request/response limit. */
export const EXCEL_WEB_PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** UTF-8 length of a JS string without allocating an encoded copy. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes of JSON.stringify(value) in UTF-8; 0 for values JSON drops (undefined, functions). */
export function jsonByteLength(value: unknown): number {
  const json = JSON.stringify(value);
  return json === undefined ? 0 : utf8ByteLength(json);
}
