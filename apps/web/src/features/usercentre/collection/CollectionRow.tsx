import { Button } from 'antd';
import { Tag } from '../components/ui.tsx';
import { Link } from 'react-router';
import type { CollectionEntry } from '@zs/shared/api/user';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { standardStatusColor, standardStatusLabel } from '@zs/shared/standards';
import { detailOf } from './itemTypes.ts';

/** Full-width space between meta items. */
const SP = '\u3000';

/** One collected item; a standard shows its status and, after a change, 现行 → 废止/被代替 with the replacement. */
export function CollectionRow({ entry, onRemove }: { entry: CollectionEntry; onRemove: (e: CollectionEntry) => void }) {
  const std = entry.standard;
  const href = entry.available ? detailOf(entry.itemType, entry.itemId) : null;
  const title = std ? `${std.standardNo} ${std.nameZh}` : (entry.item?.title ?? '该内容已删除或下线');
  const change = std?.lastChange;
  return (
    <li className="uc-row" data-testid="collection-row">
      <div className="uc-row-main">
        <span className="uc-row-title">
          {std && <Tag color={standardStatusColor(std.status)}>{standardStatusLabel(std.status)}</Tag>}
          {entry.item && <Tag>{entry.item.sectionName}</Tag>}
          {href ? <Link to={href}>{title}</Link> : <span>{title}</span>}
        </span>
        {change && change.oldStatus && change.oldStatus !== change.newStatus && (
          <span className="uc-status-change" data-testid="status-change">
            状态变更：{standardStatusLabel(change.oldStatus)} → {standardStatusLabel(change.newStatus)}
            {change.changedAt && `（${formatDate(change.changedAt)}）`}
          </span>
        )}
        {std?.replacedBy && (
          <span className="uc-row-meta">
            被代替为：<Link to={`/standard-detail?id=${std.replacedBy.id}`}>{std.replacedBy.standardNo}</Link>
          </span>
        )}
        <span className="uc-row-meta">
          {std?.implementDate && `实施日期 ${std.implementDate}${SP}`}
          {std?.abolishDate && `废止日期 ${std.abolishDate}${SP}`}
          收藏于 {formatDateTime(entry.createdAt)}
        </span>
      </div>
      <div className="uc-row-side">
        <Button size="small" onClick={() => onRemove(entry)} aria-label={`取消收藏 ${title}`}>
          取消收藏
        </Button>
      </div>
    </li>
  );
}
