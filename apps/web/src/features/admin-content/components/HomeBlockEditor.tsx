import { useState } from 'react';
import { Button, Select } from 'antd';
import type { ConsoleHomeBlock, HomeBlockItem } from '@zs/shared/api/console-layout';
import { contentApi } from '../api/content.ts';
import { layoutApi } from '../api/layout.ts';
import { toast } from '../../../lib/feedback.ts';
import { formatDate } from '../../../lib/dates.ts';

/** What the home page will show: the pinned published items, then the newest ones, up to the block's size. */
export function previewOf(pinned: HomeBlockItem[], latest: HomeBlockItem[], size: number): HomeBlockItem[] {
  const live = pinned.filter((p) => p.status === 'published');
  const ids = new Set(live.map((p) => p.id));
  return [...live, ...latest.filter((l) => !ids.has(l.id))].slice(0, size);
}

/** One block of the home page: pin, unpin and order its items, with a preview of the result. */
export function HomeBlockEditor({ block }: { block: ConsoleHomeBlock }) {
  const [saved, setSaved] = useState(block);
  const [pinned, setPinned] = useState(block.pinned);
  const [options, setOptions] = useState<HomeBlockItem[]>(block.latest);
  const [busy, setBusy] = useState(false);
  const dirty = pinned.map((p) => p.id).join() !== saved.pinned.map((p) => p.id).join();
  const full = pinned.length >= block.size;

  const search = async (keyword: string) => {
    const r = await contentApi.list(block.key, { keyword, status: 'published', sortBy: 'publishedAt', page: 1, size: 20 });
    if (r.code === 0)
      setOptions(
        r.data.list.map((i) => ({ id: i.id, title: i.title, status: i.status, publishedAt: i.publishedAt, demo: i.demo })),
      );
  };
  const pin = (id: number) => {
    const item = options.find((o) => o.id === id);
    if (item && !pinned.some((p) => p.id === id)) setPinned([...pinned, item]);
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...pinned];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setPinned(next);
  };
  const save = async () => {
    setBusy(true);
    const r = await layoutApi
      .savePins(
        block.key,
        pinned.map((p) => p.id),
      )
      .catch(() => null);
    setBusy(false);
    if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
    setSaved(r.data);
    setPinned(r.data.pinned);
    toast.success(`“${block.title}”置顶已保存，前台刷新首页即可看到`);
  };

  const preview = previewOf(pinned, saved.latest, block.size);
  return (
    <section
      className="admin-panel layout-panel home-block-editor"
      aria-label={`首页区块：${block.title}`}
      data-testid={`home-block-${block.key}`}
    >
      <h2>
        {block.title}
        <span className="admin-hint">（首页显示 {block.size} 条）</span>
      </h2>
      <div className="home-block-grid">
        <div>
          <h3>置顶条目（按顺序显示在最前）</h3>
          {pinned.length === 0 && <p className="admin-hint">未置顶：按置顶权重和发布时间显示最新内容。</p>}
          <ol className="pin-rows">
            {pinned.map((p, i) => (
              <li key={p.id} data-testid="pin-row">
                <span className="pin-title">
                  {p.title}
                  {p.status !== 'published' && <em className="admin-level-amber">（未发布，首页不显示）</em>}
                </span>
                <Button size="small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`上移“${p.title}”`}>
                  上移
                </Button>
                <Button
                  size="small"
                  disabled={i === pinned.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`下移“${p.title}”`}
                >
                  下移
                </Button>
                <Button
                  size="small"
                  onClick={() => setPinned(pinned.filter((x) => x.id !== p.id))}
                  aria-label={`取消置顶“${p.title}”`}
                >
                  取消置顶
                </Button>
              </li>
            ))}
          </ol>
          <Select
            showSearch={{ filterOption: false, onSearch: (v) => void search(v) }}
            className="pin-picker"
            value={null}
            disabled={full}
            placeholder={full ? `最多置顶 ${block.size} 条` : '搜索已发布的内容并置顶'}
            aria-label={`${block.title}：添加置顶`}
            onChange={(id: number) => pin(id)}
            onOpenChange={(open) => open && void search('')}
            options={options
              .filter((o) => !pinned.some((p) => p.id === o.id))
              .map((o) => ({ value: o.id, label: `${o.title}（${formatDate(o.publishedAt)}）` }))}
          />
          <div className="layout-actions">
            <Button type="primary" disabled={!dirty} loading={busy} onClick={() => void save()}>
              保存置顶
            </Button>
            {dirty && (
              <Button onClick={() => setPinned(saved.pinned)} disabled={busy}>
                撤销修改
              </Button>
            )}
          </div>
        </div>
        <div className="home-block-preview" aria-label={`${block.title}：首页预览`}>
          <h3>首页显示效果{dirty ? '（未保存）' : ''}</h3>
          <ol>
            {preview.map((p) => (
              <li key={p.id}>
                {pinned.some((x) => x.id === p.id) && <span className="pin-badge">置顶</span>}
                {p.title}
              </li>
            ))}
            {preview.length === 0 && <li className="admin-hint">暂无已发布内容</li>}
          </ol>
        </div>
      </div>
    </section>
  );
}
