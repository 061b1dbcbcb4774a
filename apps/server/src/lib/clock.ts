/**
 * The time source of everything that expires (captcha answers, SMS codes, rate windows, tokens,
 * lock-outs). Tests move it forward instead of waiting; production never touches the offset.
 */
let offsetMs = 0;

export const clock = {
  now: (): number => Date.now() + offsetMs,
};

/** Test helper: pretend `ms` milliseconds have passed. */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}
