import { useState } from 'react';
import { Button } from 'antd';
import { certificationDetail, reviewCertification } from '../api/review.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { acceptedThen } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';
import { confirmAction } from '../../../lib/confirmAction.ts';
import { CertificationDetails } from './CertificationDetails.tsx';
import { ReviewDrawer, type ReviewDrawerProps } from './ReviewDrawer.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';

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
          <CertificationDetails c={c} />
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
