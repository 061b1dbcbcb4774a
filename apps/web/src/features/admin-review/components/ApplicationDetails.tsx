import { Descriptions, Tag, Timeline } from 'antd';
import type { AppDetail } from '../api/review.ts';
import { FilePreview } from './FilePreview.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** What an application holds: its form, attachments and timeline. */
export function ApplicationDetails({ a }: { a: AppDetail }) {
  return (
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
    </>
  );
}
