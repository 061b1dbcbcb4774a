import { useEffect, useState } from 'react';
import { toast } from '../lib/feedback.ts';
import { useSession } from '../lib/session.ts';
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
  const click = async () => {
    if (!isLogin) {
      useSession.getState().openDialog('login');
      return;
    }
    setBusy(true);
    try {
      const res = await setCollected(itemType, itemId, !on);
      if (res.code === 0) {
        setState({ key, value: res.data.collected });
        onChange?.(res.data.collected);
        toast.success(res.data.collected ? '收藏成功' : '已取消收藏');
      } else if (res.code !== 401) toast.error(res.msg || '操作失败');
    } catch {
      toast.error('操作失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

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
