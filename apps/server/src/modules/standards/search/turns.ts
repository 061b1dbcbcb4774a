/**
 * How long one slice of the title index's build may hold the server's thread before it gives the event loop a turn
 * (docs/decisions/0104). Slices used to be counted in units of work sized for ~20 ms on a fast machine; on a slow
 * or busy one a 20,000-record build then held every request for 90–140 ms at a time.
 */
export const TURN_MS = 8;

let turnEnds = Number.POSITIVE_INFINITY;

/** Starts a slice: the work from here may run `ms` (TURN_MS) before it should give way; tests pass -1 to cut at every check. */
export function startTurn(ms = TURN_MS): void {
  turnEnds = performance.now() + ms;
}

/**
 * Whether the slice is spent, for the `i`-th unit of a loop's work: the clock is read only every `every` units (a
 * unit costing a microsecond or less), so the check itself stays out of the profile.
 */
export function turnSpent(i: number, every = 512): boolean {
  return i % every === every - 1 && performance.now() >= turnEnds;
}

/** Elements sorted natively at a time by sortInTurns: a few milliseconds of work. */
const SORT_RUN = 1 << 15;

/**
 * `a` sorted ascending in slices (decisions/0116): runs of SORT_RUN sorted natively, then merged pairwise, yielding
 * whenever the slice is spent. A native sort of 5,000,000 numbers held the server's thread for about a second.
 * Returns `a` or a second array of the same length; either way `a`'s contents are not kept.
 */
export function* sortInTurns(a: Float64Array): Generator<void, Float64Array> {
  const n = a.length;
  for (let at = 0; at < n; at += SORT_RUN) {
    a.subarray(at, Math.min(n, at + SORT_RUN)).sort();
    if (turnSpent(0, 1)) yield;
  }
  if (n <= SORT_RUN) return a;
  let src: Float64Array = a;
  let dst: Float64Array = new Float64Array(n);
  for (let width = SORT_RUN; width < n; width *= 2) {
    let k = 0;
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      while (i < mid && j < hi) {
        dst[k++] = src[i]! <= src[j]! ? src[i++]! : src[j++]!;
        if (turnSpent(k, 4096)) yield;
      }
      // One side is used up: the rest of the other is already in order (a copy of at most `width` numbers).
      dst.set(src.subarray(i, mid), k);
      k += mid - i;
      dst.set(src.subarray(j, hi), k);
      k += hi - j;
    }
    [src, dst] = [dst, src];
  }
  return src;
}
