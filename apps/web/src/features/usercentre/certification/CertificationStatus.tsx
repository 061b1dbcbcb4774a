import { Button } from 'antd';
import type { CertificationAnswer } from '@zs/shared/api/user';
import { formatDateTime } from '../../../lib/dates.ts';
import { Fields } from '../components/ui.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { toast } from '../../../lib/feedback.ts';
import { Notice } from '../../../components/content/StateViews.tsx';

/** 待审核 / 已认证 / 已驳回 with what was submitted; a rejected one offers 重新提交. */
export function CertificationStatus({ answer, onResubmit }: { answer: CertificationAnswer; onResubmit: () => void }) {
  const c = answer.certification;
  if (!c) return null;
  const licence = c.licenceFile;
  return (
    <div className="uc-section" data-testid="certification-status" data-status={answer.status}>
      {answer.status === 'pending' && (
        <Notice type="info">
          <strong>待审核</strong>：认证信息已提交，运营人员审核后将以站内消息通知您。
        </Notice>
      )}
      {answer.status === 'approved' && (
        <Notice type="success">
          <strong>已认证</strong>：{c.companyName}。您已获得企业用户的全文阅读与下载权限。
        </Notice>
      )}
      {answer.status === 'rejected' && (
        <Notice type="error">
          <strong>已驳回</strong>：驳回原因：{c.rejectReason ?? '未说明'}{' '}
          {answer.canSubmit && (
            <Button type="primary" size="small" onClick={onResubmit}>
              重新提交
            </Button>
          )}
        </Notice>
      )}
      <Fields
        rows={[
          ['企业名称', c.companyName],
          ['统一社会信用代码', c.creditCode],
          ['法定代表人', c.legalRep],
          ['联系人', c.contactName],
          ['联系人手机', c.contactMobile],
          [
            '营业执照',
            licence ? (
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  void downloadFile(`/user/files/${licence.id}`, licence.name, { keepName: true }).then(
                    (r) => !r.ok && toast.error(r.message),
                  )
                }
              >
                {licence.name}
              </button>
            ) : (
              '—'
            ),
          ],
          ['提交时间', formatDateTime(c.submittedAt)],
          c.reviewedAt ? ['审核时间', formatDateTime(c.reviewedAt)] : null,
        ]}
      />
    </div>
  );
}
