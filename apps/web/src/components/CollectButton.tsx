import { useEffect, useState } from 'react';
import { toast } from '../lib/feedback.ts';
import { useSession } from '../lib/session.ts';
import { actionStorage } from '../lib/storage.ts';
import { collectedStatus, setCollected } from './collect.ts';
import './collect.css';

interface Props {
  /** 'standard' or a collectable portal section slug (news, standard-plus, …). */
  itemType: string;
  itemId: number;
  /** Known state (from a list page's status map); when absent the button asks the server itself. */
  collected?: boolean;
  onChange?: (collected: boolean) => void;
  size?: 'small' | 'middle';
}

/**
 * Collect / uncollect any item. Visitors get the login dialog; the server decides (idempotent
 * add/remove), and the button shows what it answered.
 */
export function CollectButton({ itemType, itemId, collected, onChange, size = 'middle' }: Props) {
  const isLogin = useSession((s) => s.isLogin);
  const [state, setState] = useState<{ key: string; value: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = `${itemType}:${itemId}`;
  const known = state?.key === key ? state.value : collected;

  useEffect(() => {
    if (!isLogin || collected !== undefined) return;
    let live = true;
    collectedStatus(itemType, [itemId]).then(
      (res) => {
        // A click answered first wins: this status may have been read before that click's change.
        const value = !!res.data[String(itemId)];
        if (live && res.code === 0) setState((prev) => (prev?.key === key ? prev : { key, value }));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isLogin, itemType, itemId, collected, key]);

  const on = isLogin && !!known;
  /** Resolves true when the server answered the change. */
  const change = async (collect: boolean): Promise<boolean> => {
    setBusy(true);
    try {
      const res = await setCollected(itemType, itemId, collect);
      if (res.code === 0) {
        setState({ key, value: res.data.collected });
        onChange?.(res.data.collected);
        toast.success(res.data.collected ? '收藏成功' : '已取消收藏');
        return true;
      } else if (res.code !== 401) toast.error(res.msg || '操作失败');
    } catch {
      toast.error('操作失败，请稍后重试');
    } finally {
      setBusy(false);
    }
    return false;
  };

  const click = () => {
    if (isLogin) return void change(!on);
    // Remembered through the login (a password login reloads the page) and done once it succeeds.
    actionStorage.set({ kind: 'collect', itemType, itemId });
    useSession.getState().openDialog('login', undefined, '登录后将为您收藏此条目。');
  };

  // The 收藏 a visitor asked for before logging in, done when the login lands here.
  useEffect(() => {
    const action = isLogin ? actionStorage.get() : null;
    if (action?.kind !== 'collect' || action.itemType !== itemType || action.itemId !== itemId) return;
    // Forgotten only once done: a password login sets the token just before it reloads the page, which can cut
    // this first call off; the reloaded page then does it (adding is idempotent).
    // Out of the effect's own run (and once under StrictMode's double run: the cleanup cancels the first).
    const timer = setTimeout(() => void change(true).then((done) => done && actionStorage.set(null)));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per login, for this item only
  }, [isLogin, itemType, itemId]);

  return (
    <button
      type="button"
      className={`collect-btn${size === 'small' ? ' collect-btn-small' : ''}${on ? ' is-on' : ''}`}
      disabled={busy}
      aria-pressed={on}
      data-testid="collect-button"
      onClick={click}
    >
      <span className="collect-star" aria-hidden="true">
        {on ? '★' : '☆'}
      </span>
      {on ? '已收藏' : '收藏'}
    </button>
  );
}
