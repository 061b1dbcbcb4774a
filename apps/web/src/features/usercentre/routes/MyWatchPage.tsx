import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
import { WATCH_KIND_LABELS, WATCH_KINDS, type WatchKind } from '@zs/shared/alert-constants';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';
import { addWatch, listWatches, removeWatch } from '../api/usercentre.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { EmptyView, ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';
import { AlertChoices } from '../settings/AlertChoices.tsx';

const PLACEHOLDER: Record<WatchKind, string> = {
  standard: '标准的编号（在标准详情页点“关注”更方便）',
  series: '如 DB4420/T、JGJ/T',
  ccs: '如 P 或 P32',
  ics: '如 91.140',
  keyword: '标题中的词，如 燃气',
  unit: '起草单位或归口单位的名称',
};

/**
 * /my-watch (我的关注, docs/alerts.md): what the user watches — standards (collecting one watches it too), series,
 * classes, keywords in titles, drafting or 归口 units — and by which channel and how often each kind of alert comes.
 */
export default function MyWatchPage() {
  const remote = useRemote('my-watch', listWatches);
  const { busy, submit } = useSubmit();
  const [kind, setKind] = useState<WatchKind>('series');
  const [value, setValue] = useState('');

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const done = await submit(() => addWatch(kind, value), { success: '已关注' });
    if (done) {
      setValue('');
      remote.reload();
    }
  };
  const remove = async (id: number) => {
    if (await submit(() => removeWatch(id), { success: '已取消关注' })) remote.reload();
  };

  const list = remote.data?.list ?? [];
  return (
    <UserCentreLayout title="我的关注">
      <p className="uc-hint">
        收藏的标准自动关注。关注的标准状态变更、出新版本、即将实施，或关注的系列、分类、关键词、单位有新标准时提醒您。
      </p>
      <form className="uc-form" onSubmit={(e) => void add(e)} aria-label="添加关注" data-testid="watch-form">
        <label>
          关注类型{' '}
          <select value={kind} onChange={(e) => setKind(e.target.value as WatchKind)}>
            {WATCH_KINDS.map((k) => (
              <option key={k} value={k}>
                {WATCH_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          关注内容{' '}
          <input value={value} onChange={(e) => setValue(e.target.value)} placeholder={PLACEHOLDER[kind]} maxLength={100} />
        </label>{' '}
        <Button htmlType="submit" type="primary" loading={busy} disabled={!value.trim()}>
          添加关注
        </Button>
      </form>
      {remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.reload} />
      ) : !remote.data ? (
        <LoadingView />
      ) : list.length === 0 ? (
        <EmptyView text="还没有关注，可在上方添加，或在检索页点“关注此检索”" />
      ) : (
        <ul className="uc-list" data-testid="watch-list">
          {list.map((w) => (
            <li key={w.id} className="uc-row">
              <div className="uc-row-main">
                <span className="uc-row-title">{w.label ?? w.value}</span>
                <span className="uc-row-meta">{WATCH_KIND_LABELS[w.kind]}</span>
              </div>
              <div className="uc-row-side">
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => void remove(w.id)}
                  aria-label={`取消关注 ${w.label ?? w.value}`}
                >
                  取消关注
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AlertChoices />
    </UserCentreLayout>
  );
}
