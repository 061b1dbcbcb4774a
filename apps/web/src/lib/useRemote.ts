import { useCallback, useEffect, useState } from 'react';
import type { Envelope } from '@zs/shared/envelope';

export interface Remote<T> {
  data: T | undefined;
  loading: boolean;
  /** The server's message (or a transport message) when the call failed. */
  error: string | null;
  /** 404 from the server: the thing asked for does not exist. */
  notFound: boolean;
  reload: () => void;
}

/**
 * Loads one envelope call and tracks loading / error / retry. `key` identifies the request: a new key
 * starts a new call and answers of older calls are dropped. `null` skips the call.
 */
export function useRemote<T>(key: string | null, load: () => Promise<Envelope<T>>): Remote<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error: string | null; notFound: boolean; done: boolean }>({
    key: null,
    error: null,
    notFound: false,
    done: false,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (res) => {
        if (!live) return;
        if (res.code === 0) setState({ key, data: res.data, error: null, notFound: false, done: true });
        else setState({ key, error: res.msg || '加载失败', notFound: res.code === 404, done: true });
      },
      (err: unknown) => {
        if (!live) return;
        setState({
          key,
          error: err instanceof Error && err.message ? `加载失败：${err.message}` : '加载失败',
          notFound: false,
          done: true,
        });
      },
    );
    return () => {
      live = false;
    };
    // `load` is recreated every render; the key says when the request really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const reload = useCallback(() => {
    setState((s) => ({ ...s, done: false }));
    setAttempt((n) => n + 1);
  }, []);
  const current = state.key === key && state.done;
  return {
    data: state.key === key ? state.data : undefined,
    loading: key !== null && !current,
    error: current ? state.error : null,
    notFound: current && state.notFound,
    reload,
  };
}
