import { useState } from 'react';
import type { WatchKind } from '@zs/shared/alert-constants';
import { callApi } from '../lib/http.ts';
import { toast } from '../lib/feedback.ts';
import { useSession } from '../lib/session.ts';
import './collect.css';

interface Props {
  kind: WatchKind;
  value: string;
  /** The button's text: 关注 on a record, 关注此检索 on the search page. */
  text: string;
  /** What is watched, for the screen reader and the toast. */
  what: string;
}

/**
 * Adds a watch (docs/alerts.md): visitors get the login dialog; adding twice is harmless (the server answers the
 * existing watch). Managing watches is on /my-watch.
 */
export function WatchButton({ kind, value, text, what }: Props) {
  const isLogin = useSession((s) => s.isLogin);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = `${kind}:${value}`;
  const click = async () => {
    if (!isLogin) return useSession.getState().openDialog('login', undefined, '登录后可关注，有变化时提醒您。');
    setBusy(true);
    try {
      const res = await callApi('POST /api/user/watches', { body: { kind, value } });
      if (res.code === 0) {
        setDone(key);
        toast.success(`已关注${what}，可在“我的关注”中管理`);
      } else if (res.code !== 401) toast.error(res.msg || '操作失败');
    } catch {
      toast.error('操作失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  const on = isLogin && done === key;
  return (
    <button
      type="button"
      className={`collect-btn${on ? ' is-on' : ''}`}
      disabled={busy}
      aria-pressed={on}
      aria-label={`${text}：${what}`}
      data-testid="watch-button"
      onClick={() => void click()}
    >
      {on ? '已关注' : text}
    </button>
  );
}

/** What "关注此检索" watches for a search: a class filter first, then a number prefix (series), else the keyword. */
export function watchOfSearch(s: {
  keyword: string;
  ccs: string;
  ics: string;
}): { kind: WatchKind; value: string; what: string } | null {
  if (s.ccs) return { kind: 'ccs', value: s.ccs, what: ` CCS 分类 ${s.ccs}` };
  if (s.ics) return { kind: 'ics', value: s.ics, what: ` ICS 分类 ${s.ics}` };
  const k = s.keyword.trim();
  if (/^[A-Za-z]{1,8}[A-Za-z0-9/.-]*\/[A-Za-z]*$/.test(k) || /^[A-Z]{2,8}$/.test(k))
    return { kind: 'series', value: k, what: `系列 ${k.toUpperCase()}` };
  if (k.length >= 2 && k.length <= 100) return { kind: 'keyword', value: k, what: `关键词“${k}”` };
  return null;
}
