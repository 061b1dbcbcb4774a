import { useState } from 'react';
import { toast } from '../../../lib/feedback.ts';
import { contentApi } from '../api/content.ts';
import type { ConsoleSectionConfig } from './sections.ts';

export type BulkAction = 'publish' | 'unpublish';

/** 批量发布 / 批量下线 of the selected items; says what the server did, then `onDone` (clear and reload). */
export function useBulkAction(config: ConsoleSectionConfig, selected: number[], onDone: () => void) {
  const [busy, setBusy] = useState(false);

  const bulk = async (action: BulkAction) => {
    setBusy(true);
    try {
      const res = await contentApi.bulk(config.name, selected, action);
      if (res.code !== 0) return toast.error(res.msg);
      const { changed, pending, skipped } = res.data;
      toast.success(
        `${action === 'publish' ? '发布' : '下线'} ${changed} 条${pending ? `，${pending} 条已提交审核` : ''}${skipped ? `，${skipped} 条无需处理` : ''}`,
      );
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return { busy, bulk };
}
