import { useCallback, useEffect, useRef, useState } from 'react';
import type { Captcha } from '@zs/shared/api/captcha';
import { callApi } from './http.ts';

/**
 * Image captcha of the login dialogs and the change-mobile form: loaded on mount, refreshed on click
 * and after a failed call (docs/product.md §4.4).
 */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  // Quick clicks can overlap; only the newest answer may replace the image.
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const id = ++latest.current;
    callApi('GET /api/sys/auth/captcha')
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
