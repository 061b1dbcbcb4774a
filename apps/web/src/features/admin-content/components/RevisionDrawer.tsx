import { useState } from 'react';
import { Button, Drawer, List } from 'antd';
import type { ContentItem, ContentRevisionDetail } from '@zs/shared/api/content';
import { toast } from '../../../lib/feedback.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { contentApi } from '../api/content.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import type { ConsoleSectionConfig } from './sections.ts';
import { RevisionCompare } from './RevisionCompare.tsx';

const ACTIONS: Record<string, string> = {
  create: '新建',
  update: '修改',
  publish: '发布',
  schedule: '设置定时发布',
  publish_due: '定时发布生效',
  publish_request: '提交发布审核',
  return: '审核退回',
  unpublish: '下线',
  restore: '恢复历史版本',
  approve_edit: '审核通过的修改',
};

/**
 * Every saved state of the item, newest first; 查看 previews a version and compares it with the current content,
 * and 恢复 there brings back that version's content (to review first when 发布需审核 holds edits of live items).
 */
export function RevisionDrawer({
  open,
  onClose,
  config,
  itemId,
  onRestored,
}: {
  open: boolean;
  onClose: () => void;
  config: ConsoleSectionConfig;
  itemId: number;
  onRestored: (item: ContentItem) => void;
}) {
  const remote = useRemote(open ? `revisions:${itemId}` : null, () => contentApi.revisions(config.name, itemId));
  const [detail, setDetail] = useState<ContentRevisionDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const view = async (revisionId: number) => {
    setBusy(true);
    const res = await contentApi.revision(config.name, itemId, revisionId).finally(() => setBusy(false));
    if (res.code !== 0) return toast.error(res.msg);
    setDetail(res.data);
  };
  const restore = async (revisionId: number) => {
    setBusy(true);
    const res = await contentApi.restore(config.name, itemId, revisionId).finally(() => setBusy(false));
    if (res.code !== 0) return toast.error(res.msg);
    toast.success(res.data.pendingRequest?.kind === 'edit' ? res.msg : '已恢复到该版本');
    setDetail(null);
    onClose();
    onRestored(res.data);
  };
  return (
    <Drawer title="历史版本" open={open} onClose={onClose} size={420}>
      <List
        loading={remote.loading}
        dataSource={remote.data ?? []}
        locale={{ emptyText: remote.error ?? '暂无历史版本' }}
        renderItem={(r, i) => (
          <List.Item
            actions={
              i === 0
                ? [<span key="now">当前版本</span>]
                : [
                    <Button key="view" size="small" disabled={busy} onClick={() => void view(r.id)}>
                      查看与对比
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={r.title}
              description={`${formatDateTime(r.createdAt)} · ${r.actorName ?? '系统'} · ${ACTIONS[r.action] ?? r.action}`}
            />
          </List.Item>
        )}
      />
      {detail && (
        <RevisionCompare
          detail={detail}
          restoring={busy}
          onClose={() => setDetail(null)}
          onRestore={() => void restore(detail.id)}
        />
      )}
    </Drawer>
  );
}
