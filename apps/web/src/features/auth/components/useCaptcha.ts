import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha, type Captcha } from '../api/auth.ts';

/** Image captcha: loaded when a dialog opens, refreshed on click and after a failed call (spec §4). */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(() => {
    fetchCaptcha()
      .then((res) => {
        const ok = res.code === 0 && Boolean(res.data?.key);
        setCaptcha(ok ? res.data : null);
        setFailed(!ok);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    refresh();
  }, [refresh]);
  return { captcha, failed, refresh, key: captcha?.key ?? '' };
}

export type CaptchaState = ReturnType<typeof useCaptcha>;
