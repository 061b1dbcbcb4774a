import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCaptcha, type Captcha } from '../api/auth.ts';

/** Image captcha: loaded when a dialog opens, refreshed on click and after a failed call (spec §4). */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  // Quick clicks can overlap; only the newest answer may replace the image.
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const id = ++latest.current;
    fetchCaptcha()
      .then((res) => {
        if (id !== latest.current) return;
        const ok = res.code === 0 && Boolean(res.data?.key);
        setCaptcha(ok ? res.data : null);
        setFailed(!ok);
      })
      .catch(() => id === latest.current && setFailed(true));
  }, []);
  useEffect(() => {
    refresh();
  }, [refresh]);
  return { captcha, failed, refresh, key: captcha?.key ?? '' };
}

export type CaptchaState = ReturnType<typeof useCaptcha>;
