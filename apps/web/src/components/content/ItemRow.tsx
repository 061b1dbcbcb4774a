import { Link } from 'react-router';
import type { ItemSummary, SectionConfig } from './types.ts';
import { formatDate } from '../../lib/dates.ts';
import { detailHref } from './format.ts';
import { DemoTag } from './DemoTag.tsx';
import { FieldList } from './FieldList.tsx';

/**
 * One list entry: title (linked when the section has a detail page), tags, summary, configured fields, date. The
 * title is a heading one level below the list's own (h2 under the page's h1, h3 under a group's h2): a skipped level
 * is an error for the Nu HTML Checker (decisions/0080).
 */
export function ItemRow({ item, config, level = 2 }: { item: ItemSummary; config: SectionConfig; level?: 2 | 3 }) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <li className="item-row" data-testid="list-item">
      <div className="item-row-head">
        {item.categoryName && <span className="item-row-category">{item.categoryName}</span>}
        <Title className="item-row-title">
          {config.detailPath ? <Link to={detailHref(config.detailPath, item.id)}>{item.title}</Link> : item.title}
          {item.demo && <DemoTag />}
        </Title>
        <time className="item-row-date" dateTime={item.publishedAt}>
          {formatDate(item.publishedAt)}
        </time>
      </div>
      {item.summary && <p className="item-row-summary">{item.summary}</p>}
      <FieldList item={item} fields={config.listFields} className="item-row-fields" />
    </li>
  );
}
