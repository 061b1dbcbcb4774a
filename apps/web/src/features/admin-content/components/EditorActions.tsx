import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import type { ContentItem } from '@zs/shared/api/content';
import { formatDateTime } from '../../../lib/dates.ts';
import { RevisionDrawer } from './RevisionDrawer.tsx';
import { ScheduleControl } from './ScheduleControl.tsx';
import type { ConsoleSectionConfig } from './sections.ts';
import { useEditorActions } from './useEditorActions.ts';

interface Props {
  config: ConsoleSectionConfig;
  item: ContentItem | undefined;
  saving: boolean;
  save: (quiet?: boolean) => Promise<ContentItem | null>;
  onChanged: (item: ContentItem) => void;
}

/**
 * 发布 (now or at a time) / 保存 / 预览 / 下线 / 历史版本. 发布 and 预览 save first. The primary button is the next
 * step the item's state calls for (issue 30): a published item is not offered 发布 again but 保存修改, a scheduled
 * one says when it goes out and offers 立即发布.
 */
export function EditorActions({ config, item, saving, save, onChanged }: Props) {
  const { busy, publish, unpublish, preview } = useEditorActions({ config, item, save, onChanged });
  const [revisions, setRevisions] = useState(false);
  const status = item?.status;
  const live = status === 'published' || status === 'scheduled' || status === 'pending';
  const pending = status === 'pending';

  return (
    <div className="content-actions">
      {status === 'scheduled' && item?.publishedAt && (
        <p className="content-scheduled" data-testid="content-scheduled">
          将于 {formatDateTime(item.publishedAt)}（北京时间）发布
        </p>
      )}
      <Space wrap>
        {status === 'published' ? (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存修改
          </Button>
        ) : (
          <>
            <Button type="primary" loading={busy} disabled={saving || pending} onClick={() => void publish(null)}>
              {status === 'scheduled' ? '立即发布' : '发布'}
            </Button>
            <Button loading={saving && !busy} onClick={() => void save()}>
              保存草稿
            </Button>
          </>
        )}
        <Button onClick={() => void preview()}>预览</Button>
      </Space>
      {status !== 'published' && <ScheduleControl disabled={busy || pending} onPublish={(at) => void publish(at)} />}
      <Space wrap>
        {live && (
          <Popconfirm
            title="下线后访客将看不到这条内容，确定下线？"
            okText="下线"
            cancelText="取消"
            onConfirm={() => void unpublish()}
          >
            <Button danger disabled={busy}>
              下线
            </Button>
          </Popconfirm>
        )}
        {item && <Button onClick={() => setRevisions(true)}>历史版本</Button>}
        {status === 'published' && config.publicPath && (
          <a href={config.publicPath(item!.id)} target="_blank" rel="noreferrer">
            查看前台页面
          </a>
        )}
      </Space>
      {item && (
        <RevisionDrawer
          open={revisions}
          onClose={() => setRevisions(false)}
          config={config}
          itemId={item.id}
          onRestored={onChanged}
        />
      )}
    </div>
  );
}
