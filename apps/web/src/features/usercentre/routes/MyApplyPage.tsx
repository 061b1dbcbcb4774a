import { useState } from 'react';
import { Link } from 'react-router';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';
import { Chips, Tag } from '../components/ui.tsx';
import { Pager } from '../../../components/content/Pager.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { listApplications } from '../api/usercentre.ts';
import { APPLICATION_STATUS_COLORS } from '../../../lib/requestStatus.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { EmptyView, ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';

/** Full-width space between meta items. */
const SP = '\u3000';
const FILTERS = [
  { label: '全部', value: '' },
  { label: '待受理', value: 'submitted' },
  { label: '已受理', value: 'accepted' },
  { label: '审核中', value: 'reviewing' },
  { label: '已通过', value: 'approved' },
  { label: '已驳回', value: 'rejected' },
  { label: '已撤回', value: 'withdrawn' },
];

/** /my-apply: every application and sign-up of the user, newest first, with its status. */
export default function MyApplyPage() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const remote = useRemote(`${status}:${page}`, () => listApplications({ page, status: status || undefined }));
  const data = remote.data;
  return (
    <UserCentreLayout title="我的申请">
      <Chips
        label="申请状态"
        value={status}
        options={FILTERS}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
      />
      {remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.reload} />
      ) : !data ? (
        <LoadingView />
      ) : data.list.length === 0 ? (
        <EmptyView text="暂无申请记录" />
      ) : (
        <>
          <ul className="uc-list" aria-label="申请列表">
            {data.list.map((a) => (
              <li key={a.id} className="uc-row" data-testid="application-row">
                <div className="uc-row-main">
                  <span className="uc-row-title">
                    <Tag color={APPLICATION_STATUS_COLORS[a.status]}>{a.statusName}</Tag>
                    <Link to={`/geographical-detail?id=${a.id}`}>
                      {a.kindName}
                      {a.refTitle ? `：${a.refTitle}` : ''}
                    </Link>
                  </span>
                  <span className="uc-row-meta">
                    编号 {a.referenceNo}
                    {SP}提交于 {formatDateTime(a.createdAt)}
                    {SP}更新于 {formatDateTime(a.updatedAt)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={data.page} pageSize={data.size} total={data.total} onChange={setPage} />
        </>
      )}
    </UserCentreLayout>
  );
}
