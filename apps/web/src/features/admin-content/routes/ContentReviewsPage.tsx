import { Table } from 'antd';
import type { ContentReviewRow } from '@zs/shared/api/content';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { ContentNav } from '../components/ContentNav.tsx';
import { ReturnReviewModal } from '../components/ReturnReviewModal.tsx';
import { ReviewSettingsPanel } from '../components/ReviewSettingsPanel.tsx';
import { reviewColumns } from '../components/reviewColumns.tsx';
import { useContentReviews } from '../components/useContentReviews.ts';

/** /admin/content/reviews: publish requests waiting for an admin, and the 发布需审核 switch. */
export default function ContentReviewsPage() {
  const { admin, settings, queue, returning, setReturning, reason, setReason, toggle, decide } = useContentReviews();

  return (
    <AdminShell title="内容管理 · 发布审核">
      <ContentNav />
      <ReviewSettingsPanel admin={admin} settings={settings.data} onToggle={(on) => void toggle(on)} />
      <div className="admin-panel">
        <Table<ContentReviewRow>
          rowKey="id"
          loading={queue.loading}
          dataSource={queue.data}
          pagination={false}
          locale={{ emptyText: queue.error ?? '没有待审核的发布申请' }}
          columns={reviewColumns({ admin, onApprove: (r) => void decide(r, 'approve'), onReturn: setReturning })}
        />
      </div>
      <ReturnReviewModal
        returning={returning}
        reason={reason}
        onReason={setReason}
        onReturn={(row, why) => void decide(row, 'return', why)}
        onCancel={() => setReturning(null)}
      />
    </AdminShell>
  );
}
