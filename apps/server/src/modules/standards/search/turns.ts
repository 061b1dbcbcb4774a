/**
 * How long one slice of the title index's build may hold the server's thread before it gives the event loop a turn
 * (docs/decisions/0104). Slices used to be counted in units of work sized for ~20 ms on a fast machine; on a slow
 * or busy one a 20,000-record build then held every request for 90–140 ms at a time.
 */
export const TURN_MS = 8;

let turnEnds = Number.POSITIVE_INFINITY;

/** Starts a slice: the work from here may run TURN_MS before it should give way. */
export function startTurn(): void {
  turnEnds = performance.now() + TURN_MS;
}

/**
 * Whether the slice is spent, for the `i`-th unit of a loop's work: the clock is read only every `every` units (a
 * unit costing a microsecond or less), so the check itself stays out of the profile.
 */
export function turnSpent(i: number, every = 512): boolean {
  return i % every === every - 1 && performance.now() >= turnEnds;
}
