/**
 * Control characters, by what each surface lets through. One home for the ranges, so a fix to one
 * reaches every place that needs it. Each pattern is non-global; `everywhere` makes a global copy
 * for `replace`.
 */

/** Every C0 and C1 control character and DEL, tab and line breaks included. */
export const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Controls but tab, line feed and carriage return: what a cell or a CSV field may hold of them. */
export const CONTROL_BUT_TAB_AND_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Controls but whitespace (tab, line feed, vertical tab, form feed, carriage return), which collapses to a space. */
export const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/;

/** Direction marks and embeddings: invisible, and able to make a terminal line read backwards. */
export const BIDI_CONTROL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** A global copy of `pattern`, for `replace`; any of the above, or an alternation of them. */
export function everywhere(...patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((p) => p.source).join('|'), 'g');
}
