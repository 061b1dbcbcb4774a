import { Alert } from 'antd';
import type { ContentItem } from '@zs/shared/api/content';
import { formatDateTime } from '../../../lib/dates.ts';

/** Above the editor: why the last publish request came back, or that one is waiting for an admin. */
export function ContentEditorNotices({ item }: { item: ContentItem | undefined }) {
  return (
    <>
      {item?.returnedReason && item.status === 'draft' && (
        <Alert type="warning" showIcon title={`发布申请被退回：${item.returnedReason}`} style={{ marginBottom: 16 }} />
      )}
      {item?.pendingRequest && (
        <Alert
          type="info"
          showIcon
          title={`${item.pendingRequest.requestedBy ?? ''} 于 ${formatDateTime(item.pendingRequest.requestedAt)} 提交了发布申请，等待管理员审核`}
          style={{ marginBottom: 16 }}
        />
      )}
    </>
  );
}
