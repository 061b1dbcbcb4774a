import { useCallback, useEffect, useRef, useState } from 'react';
import { get } from '../../../lib/http.ts';

interface Captcha {
  key: string;
  image: string;
}

/** Image captcha for the change-mobile form: loaded on mount, refreshed on click and after a failed send. */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const id = ++latest.current;
    get<Captcha>('/sys/auth/captcha')
      .then((res) => {
        if (id !== latest.current) return;
        setCaptcha(res.code === 0 && res.data?.key ? res.data : null);
        setFailed(res.code !== 0);
      })
      .catch(() => id === latest.current && setFailed(true));
  }, []);
  useEffect(refresh, [refresh]);
  return { captcha, failed, refresh };
}

/** Seconds left of the SMS resend wait, counted from a deadline (a throttled tab still ends on time). */
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
      setLeft(seconds);
      timer.current = setInterval(() => {
        const s = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
        setLeft(s);
        if (s === 0) stop();
      }, 1000);
    },
    [stop],
  );
  return { left, start };
}
