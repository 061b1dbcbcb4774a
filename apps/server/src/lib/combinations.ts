/** The number of `h`-element combinations of `n` items. */
export function binomial(n: number, h: number): number {
  let c = 1;
  for (let i = 0; i < h; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

/** The `h`-element combinations of `items`, in lexicographic order of their positions. */
export function combinations<T>(items: T[], h: number): T[][] {
  const out: T[][] = [];
  const pick = (start: number, acc: T[]) => {
    if (acc.length === h) out.push(acc);
    else for (let i = start; i <= items.length - (h - acc.length); i++) pick(i + 1, [...acc, items[i]!]);
  };
  pick(0, []);
  return out;
}
