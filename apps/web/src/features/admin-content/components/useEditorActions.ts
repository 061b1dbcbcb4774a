import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import type { ContentItem } from '@zs/shared/api/content';
import { fromBeijingPicker } from '../../../lib/beijingTime.ts';
import { toast } from '../../../lib/feedback.ts';
import { contentApi } from '../api/content.ts';
import type { ConsoleSectionConfig } from './sections.ts';

interface Args {
  config: ConsoleSectionConfig;
  item: ContentItem | undefined;
  save: (quiet?: boolean) => Promise<ContentItem | null>;
  onChanged: (item: ContentItem) => void;
}

/** 发布 (now or at a time), 下线 and 预览 of the edited item; 发布 and 预览 save first. */
export function useEditorActions({ config, item, save, onChanged }: Args) {
  const [busy, setBusy] = useState(false);

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
      return {
        id: saved.id,
        res: await contentApi.publish(config.name, saved.id, publishAt ? fromBeijingPicker(publishAt) : null),
      };
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

  return { busy, publish, unpublish, preview };
}
