/**
 * 0 → A, 25 → Z, 26 → AA: the spreadsheet's own column names. Here, below bulk and excel, so the
 * pure A1 helpers (excel/a1.ts, shared with the workbook fake) and the column recognition in
 * bulk spell columns the same way without one importing the other.
 */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
