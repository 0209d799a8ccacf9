/**
 * The known word closest to a mistyped one ("--registrie" → "--registries", "scren" → "screen"),
 * or null when none is close enough to be a likely typo: at most a third of the word's letters
 * differ (edits: insert, delete, replace, swap two neighbours).
 */
export function nearestWord(typed: string, known: readonly string[]): string | null {
  let best: { word: string; distance: number } | null = null;
  for (const word of known) {
    const d = distance(typed.toLowerCase(), word.toLowerCase());
    if (!best || d < best.distance) best = { word, distance: d };
  }
  if (!best) return null;
  return best.distance > 0 && best.distance <= Math.max(1, Math.floor(typed.length / 3)) ? best.word : null;
}

/** Optimal string alignment distance. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
      }
    }
  }
  return rows[a.length][b.length];
}
