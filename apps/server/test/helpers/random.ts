/**
 * Deterministic pseudo-random numbers for generated catalogues (the same records on every run and engine): a linear
 * congruential generator, and a pick from a list with it.
 */
export function seeded(seed: number) {
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  return { rnd, pick };
}
