import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Seconds left until a deadline, ticking once a second. Counted from the deadline rather than by
 * decrementing, so a throttled background tab still re-enables the button on time. Unmounting
 * (dialog switch or close) stops it (docs/product.md §4).
 */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    (seconds: number) => {
      stop();
      const deadline = Date.now() + seconds * 1000;
      const tick = () => {
        const s = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
        setLeft(s);
        if (s === 0) stop();
      };
      setLeft(seconds);
      timer.current = setInterval(tick, 1000);
    },
    [stop],
  );
  return { left, start };
}
