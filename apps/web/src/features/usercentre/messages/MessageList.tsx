import { Link } from 'react-router';
import type { ResponseOf } from '@zs/shared/api/endpoint';
import type { listMessages } from '@zs/shared/api/user';
import { Tag } from '../components/ui.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { Pager } from '../../../components/content/Pager.tsx';
import { EmptyView } from '../../../components/content/StateViews.tsx';

/** Messages with an unread dot; the title opens the detail, which marks it read. */
export function MessageList({ data, onPage }: { data: ResponseOf<typeof listMessages>; onPage: (page: number) => void }) {
  if (data.list.length === 0) return <EmptyView text="暂无消息" />;
  return (
    <>
      <ul className="uc-list" aria-label="消息列表">
        {data.list.map((m) => (
          <li
            key={m.id}
            className={`uc-row uc-message${m.read ? '' : ' is-unread'}`}
            data-testid="message-row"
            data-read={m.read}
          >
            <div className="uc-row-main">
              <span className="uc-row-title">
                {!m.read && <span className="uc-unread-dot" role="img" aria-label="未读" />}
                <Tag>{m.kindName}</Tag>
                <Link to={`/message-detail?id=${m.id}`}>{m.title}</Link>
              </span>
              <span className="uc-row-meta">{m.body.length > 80 ? `${m.body.slice(0, 80)}…` : m.body}</span>
            </div>
            <div className="uc-row-side uc-row-meta">
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={data.page} pageSize={data.size} total={data.total} onChange={onPage} />
    </>
  );
}
