import { Alert } from 'antd';
import type { ContentItem } from '@zs/shared/api/content';
import { formatDateTime } from '../../../lib/dates.ts';

/** Above the editor: why the last request came back, or that one (a publish or an edit of the live item) is waiting. */
export function ContentEditorNotices({ item }: { item: ContentItem | undefined }) {
  return (
    <>
      {item?.returnedReason && item.status === 'draft' && (
        <Alert type="warning" showIcon title={`发布申请被退回：${item.returnedReason}`} style={{ marginBottom: 16 }} />
      )}
      {item?.returnedReason && item.status === 'published' && !item.pendingRequest && (
        <Alert type="warning" showIcon title={`修改被退回：${item.returnedReason}`} style={{ marginBottom: 16 }} />
      )}
      {item?.pendingRequest && (
        <Alert
          type="info"
          showIcon
          data-testid="content-pending"
          title={
            item.pendingRequest.kind === 'edit'
              ? `${item.pendingRequest.requestedBy ?? ''} 于 ${formatDateTime(item.pendingRequest.requestedAt)} 提交了修改，等待管理员审核；审核通过前，前台仍显示已发布的版本。下方是待审核的修改。`
              : `${item.pendingRequest.requestedBy ?? ''} 于 ${formatDateTime(item.pendingRequest.requestedAt)} 提交了发布申请，等待管理员审核`
          }
          style={{ marginBottom: 16 }}
        />
      )}
    </>
  );
}
