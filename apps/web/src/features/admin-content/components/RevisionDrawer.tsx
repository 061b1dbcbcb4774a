import { Button, Drawer, List, Popconfirm } from 'antd';
import type { ContentItem } from '@zs/shared/api/content';
import { toast } from '../../../lib/feedback.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { contentApi } from '../api/content.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import type { ConsoleSectionConfig } from './sections.ts';

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
};

/** Every saved state of the item, newest first; 恢复 brings back that version's content. */
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
  const restore = async (revisionId: number) => {
    const res = await contentApi.restore(config.name, itemId, revisionId);
    if (res.code !== 0) return toast.error(res.msg);
    toast.success('已恢复到该版本');
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
                    <Popconfirm
                      key="restore"
                      title="用这个版本的内容替换当前内容？"
                      okText="恢复"
                      cancelText="取消"
                      onConfirm={() => void restore(r.id)}
                    >
                      <Button size="small">恢复</Button>
                    </Popconfirm>,
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
    </Drawer>
  );
}
