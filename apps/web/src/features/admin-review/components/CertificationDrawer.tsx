import { useState } from 'react';
import { Button, Descriptions, Tag } from 'antd';
import { CERTIFICATION_STATE_LABELS, type CertificationState } from '@zs/shared/usercentre';
import { certificationDetail, reviewCertification } from '../api/review.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { acceptedThen } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';
import { confirmAction } from '../../../lib/confirmAction.ts';
import { FilePreview } from './FilePreview.tsx';
import { ReviewDrawer, type ReviewDrawerProps } from './ReviewDrawer.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** One certification: what was submitted, the licence, earlier attempts; approve or reject (reason required). */
export default function CertificationDrawer({ id, onClose, onDone }: ReviewDrawerProps) {
  const remote = useRemote(id === null ? null : `cert:${id}`, () => certificationDetail(id!));
  const [rejecting, setRejecting] = useState(false);

  const decide = (decision: 'approve' | 'reject', reason?: string) =>
    acceptedThen(reviewCertification(id!, decision, reason), (res) => {
      // The server's message carries a warning when another account holds the same credit code.
      toast.success(decision === 'approve' ? res.msg || '已通过认证' : '已驳回');
      setRejecting(false);
      onDone();
    });

  return (
    <ReviewDrawer title="企业认证详情" open={id !== null} onClose={onClose} size={640} remote={remote}>
      {(c) => (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="状态">
              <Tag>{c.statusName}</Tag>
              {c.rejectReason && `驳回原因：${c.rejectReason}`}
            </Descriptions.Item>
            <Descriptions.Item label="企业名称">{c.companyName}</Descriptions.Item>
            <Descriptions.Item label="统一社会信用代码">
              {c.creditCode}
              {c.sameCreditCodeElsewhere > 0 && <Tag color="orange">另有 {c.sameCreditCodeElsewhere} 个账号使用此代码</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="法定代表人">{c.legalRep}</Descriptions.Item>
            <Descriptions.Item label="联系人">{c.contactName}</Descriptions.Item>
            <Descriptions.Item label="联系人手机">{c.contactMobile}</Descriptions.Item>
            <Descriptions.Item label="申请账号">
              {c.username}（{c.userMobile}）
            </Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatDateTime(c.submittedAt)}</Descriptions.Item>
            {c.earlierSubmissions.length > 0 && (
              <Descriptions.Item label="历次提交">
                {c.earlierSubmissions.map((h) => (
                  <div key={h.id}>
                    {formatDateTime(h.submittedAt)} {CERTIFICATION_STATE_LABELS[h.status as CertificationState] ?? h.status}
                    {h.rejectReason ? `：${h.rejectReason}` : ''}
                  </div>
                ))}
              </Descriptions.Item>
            )}
          </Descriptions>
          <h3 style={{ margin: '16px 0 8px' }}>营业执照</h3>
          {c.licenceFile ? <FilePreview file={c.licenceFile} label="营业执照" /> : <p>未上传</p>}
          {c.status === 'pending' && (
            <div className="admin-actions">
              <Button
                type="primary"
                onClick={() =>
                  void confirmAction({
                    title: `确定通过「${c.companyName}」的企业认证吗？`,
                    content:
                      c.sameCreditCodeElsewhere > 0
                        ? `注意：另有 ${c.sameCreditCodeElsewhere} 个账号使用此统一社会信用代码提交或通过了认证，请核实后再通过。`
                        : undefined,
                    onOk: () => void decide('approve'),
                  })
                }
              >
                通过
              </Button>
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
            </div>
          )}
          <ReasonDialog
            open={rejecting}
            title="驳回企业认证"
            required
            okText="确认驳回"
            onCancel={() => setRejecting(false)}
            onOk={(reason) => decide('reject', reason)}
          />
        </>
      )}
    </ReviewDrawer>
  );
}
