import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';

// Only the console's date pickers use dayjs; setting its locale here keeps dayjs off public pages.
dayjs.locale('zh-cn');
import { contentItemInputSchema, type ContentItem, type ContentItemInput } from '@zs/shared/api/content';
import { sectionAttrsSchemas } from '@zs/shared/api/content-attrs';
import { fromBeijingPicker, toBeijingPicker } from '../../../lib/beijingTime.ts';
import { firstMessage } from '@zs/shared/validation';
import type { ConsoleSectionConfig } from './sections.ts';

/** What the editor's form holds: dates as Dayjs for the pickers, everything else as sent. */
export interface EditorValues {
  title: string;
  category: string | null;
  publishedAt: Dayjs | null;
  summary: string;
  bodyHtml: string;
  cover: string | null;
  source: string;
  sourceUrl: string;
  sort: number;
  attrs: Record<string, unknown>;
}

export function toForm(config: ConsoleSectionConfig, item: ContentItem | undefined): EditorValues {
  const attrs: Record<string, unknown> = { ...config.defaults(), ...(item?.attrs ?? {}) };
  for (const f of config.fields) {
    const v = attrs[f.key];
    if (f.kind === 'date' && typeof v === 'string') attrs[f.key] = dayjs(v);
    // Times are Beijing wall-clock in the pickers, whatever the browser's zone (lib/beijingTime.ts).
    if (f.kind === 'datetime' && typeof v === 'string') attrs[f.key] = toBeijingPicker(v);
  }
  return {
    title: item?.title ?? '',
    category: item ? item.category : config.defaultCategory,
    publishedAt: toBeijingPicker(item?.publishedAt),
    summary: item?.summary ?? '',
    bodyHtml: item?.bodyHtml ?? '',
    cover: item?.cover ?? null,
    source: item?.source ?? '',
    sourceUrl: item?.sourceUrl ?? '',
    sort: item?.sort ?? 0,
    attrs,
  };
}

function attrsOut(config: ConsoleSectionConfig, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of config.fields) {
    const v = values[f.key];
    if (v === undefined || v === null || v === '') {
      if (f.key === 'parentId') out[f.key] = null;
      continue;
    }
    if (f.kind === 'date') out[f.key] = (v as Dayjs).format('YYYY-MM-DD');
    else if (f.kind === 'datetime') out[f.key] = fromBeijingPicker(v as Dayjs);
    else if (typeof v === 'string') out[f.key] = v.trim();
    else out[f.key] = v;
  }
  return out;
}

/** The request body, checked with the same shared rules the server applies; a message when it fails. */
export function toInput(
  config: ConsoleSectionConfig,
  v: EditorValues,
): { ok: true; body: ContentItemInput } | { ok: false; message: string } {
  const attrs = attrsOut(config, v.attrs ?? {});
  const body: ContentItemInput = {
    title: v.title,
    category: v.category,
    // The day picked, at its time of day, both Beijing time (so items published on one day keep their order).
    publishedAt: v.publishedAt ? fromBeijingPicker(v.publishedAt) : null,
    summary: v.summary,
    bodyHtml: v.bodyHtml,
    cover: v.cover,
    source: v.source,
    sourceUrl: v.sourceUrl,
    sort: v.sort ?? 0,
    attrs,
  };
  const item = contentItemInputSchema.safeParse(body);
  if (!item.success) return { ok: false, message: firstMessage(item.error) };
  const own = sectionAttrsSchemas[config.section].safeParse(attrs);
  if (!own.success) return { ok: false, message: firstMessage(own.error) };
  return { ok: true, body };
}
