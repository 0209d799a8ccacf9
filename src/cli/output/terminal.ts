import { BIDI_CONTROL, CONTROL, everywhere } from '../../core/text/control-chars';

const SHOWN_AS_REPLACEMENT = everywhere(CONTROL, BIDI_CONTROL);

/**
 * Text from the service or an input file reaches a terminal here. Escape sequences in it could
 * rewrite the screen or the window title, so every control character is made visible first.
 */
export function plain(text: string): string {
  return text.replace(/\r\n|\r|\n|\t/g, ' ').replace(SHOWN_AS_REPLACEMENT, '�');
}

/** Code points, not UTF-16 units: Cyrillic and Latin take one column each, which is what we print. */
export function width(text: string): number {
  return [...text].length;
}

export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

function pad(text: string, size: number, align: 'left' | 'right'): string {
  const gap = ' '.repeat(Math.max(0, size - width(text)));
  return align === 'right' ? gap + text : text + gap;
}

export interface TextTableColumn {
  header: string;
  align?: 'left' | 'right';
  max?: number;
}

/** A plain-text table: no colours or box drawing, so it survives logs, mail and `| less` alike. */
export function renderTable(columns: readonly TextTableColumn[], rows: readonly (readonly string[])[]): string {
  const cells = rows.map((row) => row.map((cell, i) => truncate(plain(cell), columns[i]?.max ?? 60)));
  const sizes = columns.map((c, i) => Math.max(width(c.header), ...cells.map((r) => width(r[i] ?? ''))));
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => pad(cell, sizes[i], columns[i]?.align ?? 'left'))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), line(sizes.map((s) => '-'.repeat(s))), ...cells.map(line)].join('\n');
}
