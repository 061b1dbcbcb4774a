import type { HomeBlockItem } from '@zs/shared/api/console-layout';

interface Props {
  title: string;
  preview: HomeBlockItem[];
  pinned: HomeBlockItem[];
  dirty: boolean;
}

/** What the home page will show for a block, pinned items marked 置顶. */
export function HomeBlockPreview({ title, preview, pinned, dirty }: Props) {
  return (
    <div className="home-block-preview" aria-label={`${title}：首页预览`}>
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
  );
}
