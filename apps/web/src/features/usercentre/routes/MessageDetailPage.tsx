import { useEffect } from 'react';
import { Button } from 'antd';
import { Tag } from '../components/ui.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';
import { openMessage } from '../api/usercentre.ts';
import { refreshUserInfo } from '../../../lib/userInfo.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';

/** Only links inside this site are followed from a message (the server writes them; still, never an open redirect). */
const internal = (link: string | null) => (link && /^\/(?!\/)[\w\-/?=&.%]*$/.test(link) ? link : null);

/** /message-detail?id=: opening it marks it read on the server; the header's dot follows. */
export default function MessageDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const remote = useRemote(id ? `msg:${id}` : null, () => openMessage(id));
  const m = remote.data;

  useEffect(() => {
    if (m) void refreshUserInfo();
  }, [m]);

  const link = internal(m?.link ?? null);
  return (
    <UserCentreLayout title="消息详情" actions={<Button onClick={() => navigate('/my-message')}>返回消息列表</Button>}>
      {!id ? (
        <ErrorView message="缺少消息编号" />
      ) : remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.notFound ? undefined : remote.reload} />
      ) : !m ? (
        <LoadingView />
      ) : (
        <article className="uc-section" data-testid="message-detail">
          <h2>
            <Tag>{m.kindName}</Tag>
            {m.title}
          </h2>
          <p className="uc-row-meta">
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
          </p>
          <p style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>{m.body}</p>
          {link && (
            <p>
              <Link to={link}>查看详情</Link>
            </p>
          )}
        </article>
      )}
    </UserCentreLayout>
  );
}
