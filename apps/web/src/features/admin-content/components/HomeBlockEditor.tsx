import { Button, Select } from 'antd';
import type { ConsoleHomeBlock, HomeBlockItem } from '@zs/shared/api/console-layout';
import { formatDate } from '../../../lib/dates.ts';
import { HomeBlockPreview } from './HomeBlockPreview.tsx';
import { PinnedRows } from './PinnedRows.tsx';
import { useHomeBlockPins } from './useHomeBlockPins.ts';

/** What the home page will show: the pinned published items, then the newest ones, up to the block's size. */
export function previewOf(pinned: HomeBlockItem[], latest: HomeBlockItem[], size: number): HomeBlockItem[] {
  const live = pinned.filter((p) => p.status === 'published');
  const ids = new Set(live.map((p) => p.id));
  return [...live, ...latest.filter((l) => !ids.has(l.id))].slice(0, size);
}

/** One block of the home page: pin, unpin and order its items, with a preview of the result. */
export function HomeBlockEditor({ block }: { block: ConsoleHomeBlock }) {
  const { saved, pinned, options, busy, dirty, search, pin, move, unpin, undo, save } = useHomeBlockPins(block);
  const full = pinned.length >= block.size;

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
          <PinnedRows pinned={pinned} onMove={move} onUnpin={unpin} />
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
              <Button onClick={undo} disabled={busy}>
                撤销修改
              </Button>
            )}
          </div>
        </div>
        <HomeBlockPreview title={block.title} preview={preview} pinned={pinned} dirty={dirty} />
      </div>
    </section>
  );
}
