import { useState } from 'react';
import { Button, Descriptions, Tag, Timeline } from 'antd';
import type { ApplicationStatus } from '@zs/shared/portal';
import { applicationDetail, reviewApplication, type AppDecision } from '../api/review.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { acceptedThen } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';
import { FilePreview } from './FilePreview.tsx';
import { ReviewDrawer, type ReviewDrawerProps } from './ReviewDrawer.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** Forward-only decisions per status (the server enforces the same, apps/server/src/modules/applications/review.ts). */
const NEXT: Record<ApplicationStatus, AppDecision[]> = {
  submitted: ['accept', 'review', 'approve', 'reject'],
  accepted: ['review', 'approve', 'reject'],
  reviewing: ['approve', 'reject'],
  approved: [],
  rejected: [],
  withdrawn: [],
};
const LABEL: Record<AppDecision, string> = { accept: '受理', review: '进入审核', approve: '通过', reject: '驳回' };

/** One application: form, attachments, timeline; the decisions its status allows, each with a note (reason required to reject). */
export default function ApplicationDrawer({ id, onClose, onDone }: ReviewDrawerProps) {
  const [version, setVersion] = useState(0);
  const remote = useRemote(id === null ? null : `app:${id}:${version}`, () => applicationDetail(id!));
  const [deciding, setDeciding] = useState<AppDecision | null>(null);

  const decide = (reason: string) =>
    acceptedThen(reviewApplication(id!, deciding!, reason), () => {
      toast.success(`已${LABEL[deciding!]}`);
      setDeciding(null);
      setVersion((v) => v + 1);
      onDone();
    });

  return (
    <ReviewDrawer title="申请详情" open={id !== null} onClose={onClose} size={680} remote={remote}>
      {(a) => (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="类型">{a.kindName}</Descriptions.Item>
            <Descriptions.Item label="编号">{a.referenceNo}</Descriptions.Item>
            {a.refTitle && <Descriptions.Item label="对象">{a.refTitle}</Descriptions.Item>}
            <Descriptions.Item label="状态">
              <Tag data-testid="admin-application-status">{a.statusName}</Tag>
              {a.reason && `原因：${a.reason}`}
            </Descriptions.Item>
            <Descriptions.Item label="申请账号">
              {a.username}（{a.userMobile}）
            </Descriptions.Item>
            {Object.entries(a.form)
              .filter(([k, v]) => k !== 'attachments' && v !== null && v !== '' && typeof v !== 'object')
              .map(([k, v]) => (
                <Descriptions.Item key={k} label={k}>
                  <span style={{ whiteSpace: 'pre-wrap' }}>{String(v)}</span>
                </Descriptions.Item>
              ))}
          </Descriptions>
          {a.attachments.length > 0 && (
            <>
              <h3 style={{ margin: '16px 0 8px' }}>附件</h3>
              {a.attachments.map((f) => (
                <FilePreview key={f.id} file={f} />
              ))}
            </>
          )}
          <h3 style={{ margin: '16px 0 8px' }}>办理进度</h3>
          <Timeline
            items={a.timeline.map((e) => ({
              content: (
                <span>
                  <strong>{e.statusName}</strong> {formatDateTime(e.createdAt)} {e.note}
                </span>
              ),
            }))}
          />
          {NEXT[a.status].length > 0 && (
            <div className="admin-actions">
              {NEXT[a.status].map((d) => (
                <Button
                  key={d}
                  type={d === 'approve' ? 'primary' : 'default'}
                  danger={d === 'reject'}
                  onClick={() => setDeciding(d)}
                >
                  {LABEL[d]}
                </Button>
              ))}
            </div>
          )}
          <ReasonDialog
            open={deciding !== null}
            title={deciding ? `${LABEL[deciding]}申请` : ''}
            required={deciding === 'reject'}
            okText={deciding ? `确认${LABEL[deciding]}` : '确定'}
            onCancel={() => setDeciding(null)}
            onOk={decide}
          />
        </>
      )}
    </ReviewDrawer>
  );
}
