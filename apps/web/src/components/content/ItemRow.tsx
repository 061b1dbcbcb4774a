import { Link } from 'react-router';
import type { ItemSummary, SectionConfig } from './types.ts';
import { formatDate } from '../../lib/dates.ts';
import { detailHref } from './format.ts';
import { DemoTag } from './DemoTag.tsx';
import { FieldList } from './FieldList.tsx';

/** One list entry: title (linked when the section has a detail page), tags, summary, configured fields, date. */
export function ItemRow({ item, config }: { item: ItemSummary; config: SectionConfig }) {
  return (
    <li className="item-row" data-testid="list-item">
      <div className="item-row-head">
        {item.categoryName && <span className="item-row-category">{item.categoryName}</span>}
        <h3 className="item-row-title">
          {config.detailPath ? <Link to={detailHref(config.detailPath, item.id)}>{item.title}</Link> : item.title}
          {item.demo && <DemoTag />}
        </h3>
        <time className="item-row-date" dateTime={item.publishedAt}>
          {formatDate(item.publishedAt)}
        </time>
      </div>
      {item.summary && <p className="item-row-summary">{item.summary}</p>}
      <FieldList item={item} fields={config.listFields} className="item-row-fields" />
    </li>
  );
}
