import { useState } from 'react';
import type { DocCheckResultT } from '@zs/shared/api/document-check';
import { DOC_VERDICT_LABELS, type DocVerdict } from '@zs/shared/document-check';
import { useSession } from '../../../lib/session.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { docCheckApi } from '../api/document-check.ts';

type Change = { index: number; text: string; before: Side; after: Side };
type Side = { verdict: DocVerdict; standardNo: string | null };
const side = (s: Side) => `${DOC_VERDICT_LABELS[s.verdict]}${s.standardNo ? `（${s.standardNo}）` : ''}`;

/**
 * A signed-in user's saved document checks (issue 26): save the result shown (its citations and verdicts, never
 * the document), run a saved one again and see which citations changed since, delete it.
 */
export function SavedDocChecks({ result }: { result: DocCheckResultT | null }) {
  const isLogin = useSession((s) => s.isLogin);
  const saved = useRemote(isLogin ? 'doc-checks' : null, () => docCheckApi.saved());
  const list = saved.data ?? [];
  const [message, setMessage] = useState('');
  const [changes, setChanges] = useState<{ id: number; changes: Change[] } | null>(null);
  if (!isLogin)
    return <p className="doc-note-muted">登录后可保存核查结果（只保存引用与结论，不保存文档），日后重新核查查看变化。</p>;

  const act = async (call: () => Promise<{ code: number; msg: string }>, done?: string) => {
    try {
      const res = await call();
      setMessage(res.code === 0 ? (done ?? res.msg) : res.msg);
      if (res.code === 0) saved.reload();
    } catch {
      setMessage('操作失败，请稍后重试');
    }
  };
  const rerun = async (id: number) => {
    try {
      const res = await docCheckApi.recheck(id);
      if (res.code === 0) setChanges({ id, changes: res.data.changes });
      else setMessage(res.msg);
    } catch {
      setMessage('重新核查失败，请稍后重试');
    }
  };
  return (
    <section className="doc-saved" aria-label="我的核查记录" data-testid="doc-saved">
      <h2 className="doc-saved-title">我的核查记录</h2>
      {result && result.citations.length > 0 && (
        <button type="button" className="btn" data-testid="doc-save" onClick={() => void act(() => docCheckApi.save(result))}>
          保存本次核查结果
        </button>
      )}
      {(message || saved.error) && <p role="status">{message || saved.error}</p>}
      {list.length === 0 ? (
        <p className="doc-note-muted">还没有保存的核查结果。</p>
      ) : (
        <ul className="doc-saved-list">
          {list.map((s) => (
            <li key={s.id}>
              {s.name ?? '粘贴的文本'}（{s.createdAt.slice(0, 10)}，引用 {s.summary.cited} 处，被代替 {s.summary.superseded}
              ，未收录 {s.summary.notFound}）{' '}
              <button type="button" className="doc-filter" onClick={() => void rerun(s.id)}>
                重新核查
              </button>{' '}
              <button type="button" className="doc-filter" onClick={() => void act(() => docCheckApi.remove(s.id), '已删除')}>
                删除
              </button>
              {changes?.id === s.id && (
                <div data-testid="doc-changes">
                  {changes.changes.length === 0 ? (
                    <p>保存以来没有变化。</p>
                  ) : (
                    <ul>
                      {changes.changes.map((c) => (
                        <li key={c.index}>
                          第{c.index}处 {c.text}：{side(c.before)} → {side(c.after)}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
