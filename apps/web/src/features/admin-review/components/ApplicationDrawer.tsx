import { useState } from 'react';
import { Button } from 'antd';
import type { ApplicationStatus } from '@zs/shared/portal';
import { applicationDetail, reviewApplication, type AppDecision } from '../api/review.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { acceptedThen } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';
import { ApplicationDetails } from './ApplicationDetails.tsx';
import { ReviewDrawer, type ReviewDrawerProps } from './ReviewDrawer.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';

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
          <ApplicationDetails a={a} />
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
