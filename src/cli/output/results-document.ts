import type { HighlightRule } from '../../bulk/highlights';
import type { TableCell } from '../../bulk/result-table';

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
  if (rule.positive && typeof value === 'number' && value > 0) return true;
  if (typeof value !== 'string') return false;
  if (rule.equals?.includes(value)) return true;
  return rule.startsWith?.some((p) => p.length > 0 && value.startsWith(p)) ?? false;
}
