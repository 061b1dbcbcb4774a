import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ReasonDialog } from '../components/ReasonDialog.tsx';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table, Tag } from '../../../components/admin/Table.tsx';
import { StatusTabs } from '../components/StatusTabs.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { REVIEW_STATUS_COLORS } from '../../../lib/requestStatus.ts';
import { handleMissingReport, missingReports, type MissingReportRow, type ReportStatus } from '../api/review.ts';
import { useQueue } from '../../../components/admin/useQueue.ts';
import { acceptedThen } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';

// The API lists one status at a time, so there is no 全部 tab.
const STATUSES: { label: string; value: ReportStatus }[] = [
  { label: '待处理', value: 'pending' },
  { label: '已采纳', value: 'accepted' },
  { label: '已驳回', value: 'rejected' },
];
const STATUS_NAME: Record<string, string> = { pending: '待处理', accepted: '已采纳', rejected: '已驳回' };
const REGION: Record<string, string> = { zhongshan: '中山标准', shenzhen: '深圳标准' };
const isStatus = (s: string): s is ReportStatus => STATUSES.some((t) => t.value === s);

/** /admin/missing-reports: standards the public reported missing (form on /standard-zhongshan, /standard-shenzhen). */
export default function AdminMissingReportsPage() {
  const { filters, setFilter, remote, table } = useQueue('missing', { status: 'pending' }, (f, p) =>
    missingReports({ status: isStatus(f.status) ? f.status : 'pending', page: p }),
  );
  const status: ReportStatus = isStatus(filters.status) ? filters.status : 'pending';

  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState<MissingReportRow | null>(null);
  // 采纳 opens the new-standard form prefilled from the report; saving it accepts the report.
  const accept = (r: MissingReportRow) =>
    navigate(`/admin/standards/edit?${new URLSearchParams({ no: r.standardNo, name: r.title, report: String(r.id) })}`);
  const reject = (reason: string) =>
    acceptedThen(handleMissingReport(rejecting!.id, 'rejected', { reason }), () => {
      toast.success('已驳回，反馈人已收到通知');
      setRejecting(null);
      remote.reload();
    });

  return (
    <AdminShell title="缺失标准反馈">
      <div className="admin-panel">
        <StatusTabs label="处理状态" tabs={STATUSES} value={status} onChange={(value) => setFilter('status', value)} />
        <Table<MissingReportRow>
          label="缺失标准反馈列表"
          {...table}
          columns={[
            { title: '标准号', render: (r) => r.standardNo },
            { title: '标准名称', render: (r) => r.title },
            { title: '来源', render: (r) => r.seenAt },
            { title: '联系方式', render: (r) => r.contact ?? '—' },
            { title: '提交页面', render: (r) => REGION[r.region] ?? r.region },
            { title: '提交时间', render: (r) => formatDateTime(r.createdAt) },
            {
              title: '状态',
              render: (r) => <Tag color={REVIEW_STATUS_COLORS[r.status]}>{STATUS_NAME[r.status] ?? r.status}</Tag>,
            },
            {
              title: '操作',
              render: (r) =>
                r.status === 'pending' ? (
                  <>
                    <Button type="link" size="small" onClick={() => accept(r)} aria-label={`补录 ${r.standardNo}`}>
                      补录为标准
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setRejecting(r)} aria-label={`驳回 ${r.standardNo}`}>
                      驳回
                    </Button>
                  </>
                ) : null,
            },
          ]}
        />
      </div>
      <ReasonDialog
        open={rejecting !== null}
        title={`驳回反馈「${rejecting?.standardNo ?? ''}」`}
        required
        okText="确认驳回"
        onCancel={() => setRejecting(null)}
        onOk={reject}
      />
    </AdminShell>
  );
}
