import { useState } from 'react';
import { Button, DatePicker, Popconfirm, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ContentItem } from '@zs/shared/api/content';
import { toast } from '../../../lib/feedback.ts';
import { contentApi } from '../api/content.ts';
import { RevisionDrawer } from './RevisionDrawer.tsx';
import type { ConsoleSectionConfig } from './sections.ts';

interface Props {
  config: ConsoleSectionConfig;
  item: ContentItem | undefined;
  saving: boolean;
  save: (quiet?: boolean) => Promise<ContentItem | null>;
  onChanged: (item: ContentItem) => void;
}

/** 保存草稿 / 预览 / 发布 (now or at a time) / 下线 / 历史版本. 发布 and 预览 save first. */
export function EditorActions({ config, item, saving, save, onChanged }: Props) {
  const [busy, setBusy] = useState(false);
  const [at, setAt] = useState<Dayjs | null>(null);
  const [revisions, setRevisions] = useState(false);

  const reload = async (id: number) => {
    const res = await contentApi.item(config.name, id);
    if (res.code === 0) onChanged(res.data);
  };
  /** Runs one state change, says what the server answered and reloads the item. */
  const change = async (action: () => Promise<{ id: number; res: { code: number; msg: string } } | null>) => {
    setBusy(true);
    try {
      const done = await action();
      if (!done) return;
      if (done.res.code !== 0) toast.error(done.res.msg);
      else toast.success(done.res.msg);
      await reload(done.id);
    } finally {
      setBusy(false);
    }
  };
  const publish = (publishAt: Dayjs | null) =>
    change(async () => {
      const saved = await save(true);
      if (!saved) return null;
      return { id: saved.id, res: await contentApi.publish(config.name, saved.id, publishAt?.toISOString() ?? null) };
    });
  const unpublish = () =>
    change(async () => (item ? { id: item.id, res: await contentApi.unpublish(config.name, item.id) } : null));
  const preview = async () => {
    // Open the tab now (a later window.open counts as a pop-up), then point it at the saved item.
    const tab = window.open('about:blank', '_blank');
    const saved = await save(true);
    if (!saved) return tab?.close();
    const url = `/admin/content/${config.name}/${saved.id}/preview`;
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  };

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
      <div className="content-schedule">
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder="选择定时发布时间"
          aria-label="定时发布时间"
          value={at}
          onChange={setAt}
          disabledDate={(d) => d.isBefore(new Date(), 'day')}
        />
        <Button disabled={!at || busy || item?.status === 'pending'} onClick={() => void publish(at)}>
          定时发布
        </Button>
      </div>
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
