import type { HighlightRule, TableCell, TableColumn } from '../bulk/result-table';
import type { Lang } from '../core/i18n';

/**
 * Everything a results file holds, already rendered by the bulk result-table model: the CLI
 * writers only lay it out, so an .xlsx, a .csv and the add-in's sheet say the same thing.
 */
export interface ResultsDocument {
  resultsSheet: string;
  hitsSheet: string;
  /** Label/value rows above the table: when, which service (SANDBOX or live), which lists. */
  runHeader: readonly (readonly TableCell[])[];
  columns: readonly TableColumn[];
  rows: readonly (readonly TableCell[])[];
  hitsColumns: readonly TableColumn[];
  hits: readonly (readonly TableCell[])[];
  highlight: readonly HighlightRule[];
  /** Output language: the Decision column's validation list is in it. */
  lang?: Lang;
  /** A re-screen: hits of the previous run no longer found, in the hits columns, on a sheet (file) of their own. */
  gone?: { sheet: string; rows: readonly (readonly TableCell[])[] };
}

/** Excel refuses to open a file with a longer cell. */
export const CELL_TEXT_LIMIT = 32_767;

export function fitText(text: string): string {
  if (text.length <= CELL_TEXT_LIMIT) return text;
  let cut = CELL_TEXT_LIMIT - 1;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

export function matchesRule(rule: HighlightRule, value: TableCell): boolean {
  if (typeof value !== 'string') return false;
  if (rule.equals?.includes(value)) return true;
  return rule.startsWith?.some((p) => p.length > 0 && value.startsWith(p)) ?? false;
}
