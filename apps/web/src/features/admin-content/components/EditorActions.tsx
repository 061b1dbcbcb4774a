import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import type { ContentItem } from '@zs/shared/api/content';
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

/** 保存草稿 / 预览 / 发布 (now or at a time) / 下线 / 历史版本. 发布 and 预览 save first. */
export function EditorActions({ config, item, saving, save, onChanged }: Props) {
  const { busy, publish, unpublish, preview } = useEditorActions({ config, item, save, onChanged });
  const [revisions, setRevisions] = useState(false);

  const live = item?.status === 'published' || item?.status === 'scheduled' || item?.status === 'pending';
  return (
    <div className="content-actions">
      <Space wrap>
        <Button type="primary" loading={busy} disabled={saving || item?.status === 'pending'} onClick={() => void publish(null)}>
          发布
        </Button>
        <Button loading={saving && !busy} onClick={() => void save()}>
          {item?.status === 'published' ? '保存修改' : '保存草稿'}
        </Button>
        <Button onClick={() => void preview()}>预览</Button>
      </Space>
      <ScheduleControl disabled={busy || item?.status === 'pending'} onPublish={(at) => void publish(at)} />
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
        {item?.status === 'published' && config.publicPath && (
          <a href={config.publicPath(item.id)} target="_blank" rel="noreferrer">
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
