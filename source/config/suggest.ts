// "Did you mean" suggestions for misspelled keys and values.

/** Optimal string alignment distance: Levenshtein plus adjacent transpositions ("modle" → "model" is 1). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[rows - 1][cols - 1];
}

/** The closest candidate, ignoring case and underscores/dashes, or undefined when none is close enough. */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_]/g, '');
  const target = norm(input);
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(target, norm(name));
    if (!best || distance < best.distance) best = { name, distance };
  }
  if (!best) return undefined;
  const limit = Math.max(2, Math.floor(best.name.length / 3));
  return best.distance <= limit && best.distance < target.length ? best.name : undefined;
}
