/**
 * The first index in [from, end) of the ascending `a` whose value is at least `v`, or `end`: a binary search. Typed
 * Int32Array only, so the title index's hot callers (list lookups, window starts) stay monomorphic.
 */
export function lowerBound(a: Int32Array, v: number, from = 0, end = a.length): number {
  let lo = from;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
