import { Descriptions, Tag } from 'antd';
import { CERTIFICATION_STATE_LABELS, type CertificationState } from '@zs/shared/usercentre';
import type { CertDetail } from '../api/review.ts';
import { FilePreview } from './FilePreview.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** What a certification holds: the submitted company data, earlier attempts and the licence. */
export function CertificationDetails({ c }: { c: CertDetail }) {
  return (
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
    </>
  );
}
