import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { CONTENT_STATUSES, type ContentStatus } from '@zs/shared/api/content';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table, Tag } from '../../../components/admin/Table.tsx';
import { useQueue } from '../../../components/admin/useQueue.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { consoleApi, type ConsoleDraft } from '../api/consultation.ts';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/statuses.ts';
import '../components/consultation-admin.css';

const isStatus = (s: string): s is ContentStatus => (CONTENT_STATUSES as readonly string[]).includes(s);

/** /admin/consultation: drafts for public comment in every state; past the deadline with undecided comments in red. */
export default function AdminDraftsPage() {
  const navigate = useNavigate();
  const { filters, setFilter, table } = useQueue('consultation', { status: '' }, (f, page) =>
    consoleApi.list({ status: isStatus(f.status) ? f.status : undefined, page }),
  );
  const overdue = (d: ConsoleDraft) => !d.open && d.daysLeft === null && d.unprocessed > 0;
  return (
    <AdminShell title="征求意见管理">
      <div className="admin-panel">
        <div className="admin-actions">
          <Button type="primary" onClick={() => navigate('/admin/consultation/edit')}>
            新建征求意见稿
          </Button>
          <label>
            状态：
            <select aria-label="状态" value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
              <option value="">全部</option>
              {CONTENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Table<ConsoleDraft>
          label="征求意见稿列表"
          {...table}
          columns={[
            { title: '项目名称', render: (d) => <Link to={`/admin/consultation/edit?id=${d.id}`}>{d.projectName}</Link> },
            { title: '类型', render: (d) => d.kindName },
            { title: '计划号', render: (d) => d.planNo },
            { title: '截止时间（北京时间）', render: (d) => formatDateTime(d.deadline) },
            { title: '状态', render: (d) => <Tag color={STATUS_COLORS[d.status]}>{STATUS_LABELS[d.status]}</Tag> },
            {
              title: '意见',
              render: (d) => (
                <Link
                  to={`/admin/consultation/comments?id=${d.id}`}
                  className={overdue(d) ? 'cons-overdue' : undefined}
                  data-testid="draft-comments-link"
                >
                  {d.commentCount} 条{d.unprocessed > 0 ? `（待处理 ${d.unprocessed}${overdue(d) ? '，已超期' : ''}）` : ''}
                </Link>
              ),
            },
          ]}
        />
      </div>
    </AdminShell>
  );
}
