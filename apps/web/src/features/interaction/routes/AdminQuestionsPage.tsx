import { Button, Input, Select, Table, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { QUESTION_STATE_LABELS, QUESTION_STATES, type QuestionState } from '@zs/shared/interaction';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { useRemote } from '../../../lib/useRemote.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { consoleApi, type ConsoleQuestion, type QueueFilter } from '../api/interaction.ts';
import '../components/interaction-admin.css';

function filterOf(p: URLSearchParams): QueueFilter {
  const state = p.get('state') ?? '';
  return {
    state: (QUESTION_STATES as readonly string[]).includes(state) ? (state as QuestionState) : '',
    overdue: p.get('overdue') === '1',
    keyword: (p.get('keyword') ?? '').slice(0, 100),
    page: Math.max(1, Number(p.get('page')) || 1),
  };
}

/** The deadline is the instant the last working day ends; the console shows that last day and the exact instant. */
export const deadlineText = (d: string) => `${formatDateTime(new Date(Date.parse(d) - 60_000).toISOString())} 前`;

/** /admin/interaction: the queue of questions, open ones first by deadline, red past it. */
export default function AdminQuestionsPage() {
  const [params, setParams] = useSearchParams();
  const f = filterOf(params);
  const remote = useRemote(`console-questions?${params}`, () => consoleApi.list(f));
  const set = (c: Partial<QueueFilter>) => {
    const n = { ...f, ...c };
    const p = new URLSearchParams();
    if (n.state) p.set('state', n.state);
    if (n.overdue) p.set('overdue', '1');
    if (n.keyword) p.set('keyword', n.keyword);
    if (n.page > 1) p.set('page', String(n.page));
    setParams(p);
  };
  const columns = [
    {
      title: '标题',
      key: 'title',
      render: (_: unknown, q: ConsoleQuestion) => <Link to={`/admin/interaction/answer?id=${q.id}`}>{q.title}</Link>,
    },
    { title: '类别', dataIndex: 'categoryName', key: 'category', width: 110 },
    {
      title: '状态',
      key: 'state',
      width: 90,
      render: (_: unknown, q: ConsoleQuestion) => <Tag>{q.stateName}</Tag>,
    },
    { title: '提问人', dataIndex: 'username', key: 'username', width: 120 },
    { title: '承办人', key: 'assignee', width: 110, render: (_: unknown, q: ConsoleQuestion) => q.assigneeName ?? '—' },
    {
      title: '答复期限（北京时间）',
      key: 'deadline',
      width: 200,
      render: (_: unknown, q: ConsoleQuestion) => (
        <span className={q.overdue ? 'qa-overdue' : undefined} data-testid="question-deadline">
          {deadlineText(q.deadline)}
          {q.overdue ? '（已超期）' : ''}
        </span>
      ),
    },
  ];
  return (
    <AdminShell title="咨询留言">
      <div className="admin-panel">
        <div className="qa-admin-bar">
          <Select
            aria-label="状态"
            style={{ width: 140 }}
            value={f.state}
            onChange={(v) => set({ state: v, page: 1 })}
            options={[
              { value: '', label: '全部状态' },
              ...QUESTION_STATES.map((s) => ({ value: s, label: QUESTION_STATE_LABELS[s] })),
            ]}
          />
          <Input.Search
            aria-label="搜索标题或内容"
            placeholder="搜索标题或内容"
            style={{ width: 220 }}
            maxLength={100}
            defaultValue={f.keyword}
            allowClear
            onSearch={(v) => set({ keyword: v.trim(), page: 1 })}
          />
          <Button type={f.overdue ? 'primary' : 'default'} onClick={() => set({ overdue: !f.overdue, page: 1 })}>
            {f.overdue ? '显示全部' : '只看已超期'}
          </Button>
          <Link to="/admin/interaction/templates">答复模板</Link>
          <Link to="/admin/interaction/calendar">节假日安排</Link>
        </div>
        {remote.error && <p role="alert">{remote.error}</p>}
        {/* Focusable: on a phone the table scrolls sideways, and keyboard users must be able to scroll it. */}
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="咨询留言列表（可横向滚动）">
          <Table
            rowKey="id"
            size="small"
            loading={remote.loading}
            columns={columns}
            dataSource={remote.data?.list ?? []}
            rowClassName={(q) => (q.overdue ? 'qa-row-overdue' : '')}
            pagination={{ current: f.page, pageSize: 20, total: remote.data?.total ?? 0, onChange: (page) => set({ page }) }}
          />
        </div>
      </div>
    </AdminShell>
  );
}
