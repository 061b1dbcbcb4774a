import { Button } from 'antd';
import type { HomeBlockItem } from '@zs/shared/api/console-layout';

interface Props {
  pinned: HomeBlockItem[];
  onMove: (i: number, by: -1 | 1) => void;
  onUnpin: (id: number) => void;
}

/** The pinned items of a home block in their order, each with 上移 / 下移 / 取消置顶. */
export function PinnedRows({ pinned, onMove, onUnpin }: Props) {
  return (
    <ol className="pin-rows">
      {pinned.map((p, i) => (
        <li key={p.id} data-testid="pin-row">
          <span className="pin-title">
            {p.title}
            {p.status !== 'published' && <em className="admin-level-amber">（未发布，首页不显示）</em>}
          </span>
          <Button size="small" disabled={i === 0} onClick={() => onMove(i, -1)} aria-label={`上移“${p.title}”`}>
            上移
          </Button>
          <Button size="small" disabled={i === pinned.length - 1} onClick={() => onMove(i, 1)} aria-label={`下移“${p.title}”`}>
            下移
          </Button>
          <Button size="small" onClick={() => onUnpin(p.id)} aria-label={`取消置顶“${p.title}”`}>
            取消置顶
          </Button>
        </li>
      ))}
    </ol>
  );
}
