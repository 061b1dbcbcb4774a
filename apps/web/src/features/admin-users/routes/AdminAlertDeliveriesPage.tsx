import { useState } from 'react';
import { DELIVERY_STATE_NAMES, type AlertDeliveryRow } from '@zs/shared/api/alert-delivery-log';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table, Tag } from '../../../components/admin/Table.tsx';
import { FilterSelect } from '../../../components/admin/FilterSelect.tsx';
import { DayPicker } from '../../../components/admin/DayPicker.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';
import { deliveryList, deliverySummary } from '../api/alertDeliveries.ts';
import { CHANNEL_NAMES, channelName, DeliverySummary } from '../components/DeliverySummary.tsx';

const STATE_COLOR: Record<string, string> = {
  sent: 'green',
  queued: 'blue',
  failed: 'red',
  unsubscribed: 'default',
  skipped: 'default',
  digested: 'green',
};
const EMPTY = { channel: '', state: '', event: '', user: '', from: '', to: '' };

/** /admin/alert-deliveries: the office's delivery log of alerts — counts and every row of the outbox (docs/alerts.md). */
export default function AdminAlertDeliveriesPage() {
  const staff = useSession((s) => s.userInfo?.role === 'operator' || s.userInfo?.role === 'admin');
  const [typed, setTyped] = useState(EMPTY);
  const [f, setF] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const clean = Object.fromEntries(Object.entries(f).filter(([, v]) => v));
  const summary = useRemote(staff ? `delivery-summary:${f.channel}:${f.from}:${f.to}` : null, () =>
    deliverySummary({ channel: f.channel || undefined, from: f.from || undefined, to: f.to || undefined }),
  );
  const list = useRemote(staff ? `deliveries:${page}:${JSON.stringify(f)}` : null, () =>
    deliveryList({ ...clean, page, size: 20 }),
  );
  const set = (key: keyof typeof EMPTY, value: string) => setTyped({ ...typed, [key]: value });

  return (
    <AdminShell title="提醒投递记录">
      <div className="admin-panel">
        <form
          className="admin-filters"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setF(typed);
            setPage(1);
          }}
        >
          <FilterSelect
            label="渠道"
            allLabel="全部渠道"
            value={typed.channel}
            options={Object.entries(CHANNEL_NAMES)}
            onChange={(v) => set('channel', v)}
          />
          <FilterSelect
            label="状态"
            allLabel="全部状态"
            value={typed.state}
            options={Object.entries(DELIVERY_STATE_NAMES)}
            onChange={(v) => set('state', v)}
          />
          <input
            aria-label="事件"
            placeholder="事件，如 status:12"
            value={typed.event}
            onChange={(e) => set('event', e.target.value.trim())}
          />
          <input
            aria-label="用户"
            placeholder="用户名或手机号"
            value={typed.user}
            onChange={(e) => set('user', e.target.value.trim())}
          />
          {(['from', 'to'] as const).map((key) => (
            <span key={key} className="admin-filter-day">
              <DayPicker
                label={key === 'from' ? '开始日期' : '结束日期'}
                placeholder={key === 'from' ? '开始日期' : '结束日期'}
                value={typed[key]}
                onChange={(v) => set(key, v)}
              />
            </span>
          ))}
          <button type="submit">筛选</button>
        </form>
        {summary.error && <p role="alert">{summary.error}</p>}
        {summary.data && <DeliverySummary summary={summary.data} />}
        <Table<AlertDeliveryRow>
          label="投递记录"
          rows={list.data?.list}
          loading={list.loading}
          error={list.error}
          page={page}
          size={20}
          total={list.data?.total ?? 0}
          onPage={setPage}
          columns={[
            { title: '时间', render: (r) => formatDateTime(r.createdAt) },
            { title: '用户', render: (r) => `${r.username ?? '已删除用户'} ${r.mobile}`.trim() },
            { title: '事件', render: (r) => (r.standardNo ? `${r.event}（${r.standardNo}）` : r.event) },
            { title: '渠道', render: (r) => channelName(r.channel) },
            { title: '状态', render: (r) => <Tag color={STATE_COLOR[r.state]}>{r.stateName}</Tag> },
            { title: '尝试次数', render: (r) => r.attempts },
            { title: '最后错误', render: (r) => r.lastError ?? '' },
          ]}
        />
      </div>
    </AdminShell>
  );
}
