import { Button, Input } from 'antd';
import type { CategoryRowValue } from './useCategoryRows.ts';

interface Props {
  row: CategoryRowValue;
  /** Position in the list (0-based) and the list's length, for the order number and the move buttons. */
  index: number;
  count: number;
  onChange: (patch: Partial<CategoryRowValue>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One category: its order, name, use count, 隐藏 box, 上移 / 下移 and 删除. */
export function CategoryRow({ row: r, index: i, count, onChange, onMove, onRemove }: Props) {
  return (
    <li className={r.hidden ? 'is-hidden' : undefined} data-testid="category-row">
      <span className="category-order">{i + 1}</span>
      <Input
        aria-label={`第 ${i + 1} 个类别名称`}
        value={r.name}
        maxLength={20}
        placeholder="类别名称"
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <span className="category-use">{r.code ? `${r.inUse} 条内容` : '新增'}</span>
      <label className="category-hide">
        <input
          type="checkbox"
          checked={r.hidden}
          onChange={(e) => onChange({ hidden: e.target.checked })}
          aria-label={`隐藏“${r.name}”`}
        />
        隐藏
      </label>
      <Button size="small" disabled={i === 0} onClick={() => onMove(-1)} aria-label={`上移“${r.name}”`}>
        上移
      </Button>
      <Button size="small" disabled={i === count - 1} onClick={() => onMove(1)} aria-label={`下移“${r.name}”`}>
        下移
      </Button>
      <Button size="small" danger onClick={onRemove} aria-label={`删除“${r.name}”`}>
        删除
      </Button>
    </li>
  );
}
