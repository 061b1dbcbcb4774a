export type DiffLine = { op: 'same' | 'del' | 'add'; text: string };

/** Beyond this many line pairs the table would be large; the diff falls back to all removed, all added. */
const MAX_CELLS = 1_000_000;

/**
 * Lines of `before` and `after` marked kept, removed or added, by their longest common subsequence: the
 * comparison a revision shows before it is restored (bodies are a few hundred paragraphs at most).
 */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  if (n * m > MAX_CELLS)
    return [...before.map((text) => ({ op: 'del' as const, text })), ...after.map((text) => ({ op: 'add' as const, text }))];
  // lcs[i][j]: length of the common subsequence of before[i..] and after[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      out.push({ op: 'same', text: before[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: 'del', text: before[i++]! });
    else out.push({ op: 'add', text: after[j++]! });
  }
  while (i < n) out.push({ op: 'del', text: before[i++]! });
  while (j < m) out.push({ op: 'add', text: after[j++]! });
  return out;
}
