import { z } from 'zod';
import { sectionAttrsSchemas } from '@zs/shared/api/content-attrs';
import type { PortalFilterParam } from '@zs/shared/api/portal';
import {
  ACTIVITY_KINDS,
  DEMONSTRATION_STATUSES,
  PORTAL_CATEGORIES,
  PORTAL_SECTION_NAMES,
  PORTAL_SECTION_SLUGS,
  PORTAL_SECTIONS,
  type CategoryOption,
  type PortalSection,
} from '@zs/shared';

/**
 * The section registry: one declaration per public section instead of one module per page. The list
 * and detail machinery (repository.ts, routes.ts) reads everything section-specific from here.
 */
export interface FilterDef {
  /** Query parameter name. */
  param: PortalFilterParam;
  /** SQL condition with `$?` standing for the bound value. */
  sql: string;
  /** Accepted values; anything else is refused with code 400. */
  values?: readonly string[];
  label: string;
}

export interface SectionDef {
  id: PortalSection;
  slug: string;
  name: string;
  categories: readonly CategoryOption[];
  attrs: z.ZodType<Record<string, unknown>>;
  /** SQL expressions matched by `keyword` (ILIKE), besides title and summary. */
  searchable: readonly string[];
  filters: readonly FilterDef[];
  collectable: boolean;
  /** attrs keys holding `[{ fileId, name }]` whose files the detail page may serve. */
  fileFields: readonly string[];
  /** Downloads count against the certified-enterprise daily quota (docs/product.md §6). */
  certifiedDownloads: boolean;
}

const attrsOf = sectionAttrsSchemas;

const a = (key: string) => `attrs->>'${key}'`;

const overrides: Partial<Record<PortalSection, Partial<SectionDef>>> = {
  talent: {
    searchable: [a('name'), a('organisation'), a('title')],
    filters: [{ param: 'field', sql: "attrs->'fields' @> jsonb_build_array($?::text)", label: '领域' }],
  },
  service: { searchable: [a('provider'), a('scope')] },
  training: { fileFields: ['documents'], certifiedDownloads: true, searchable: [a('lecturer')] },
  news: { fileFields: ['attachments'] },
  activity: {
    searchable: [a('place'), a('organiser')],
    filters: [
      { param: 'kind', sql: 'category = $?', values: ACTIVITY_KINDS, label: '活动类型' },
      { param: 'open', sql: `coalesce(${a('open')}, 'false') = $?`, values: ['true', 'false'], label: '报名状态' },
    ],
  },
  result: {
    searchable: [a('enterprise'), a('standardNo'), a('standardName'), a('certificateNo'), a('unit')],
    filters: [{ param: 'batch', sql: `${a('batch')} = $?`, label: '批次' }],
  },
  xiangshan_product: { searchable: [a('enterprise'), a('product'), a('standardNo'), a('certificateNo')] },
  demonstration: {
    searchable: [a('undertaker'), a('field')],
    filters: [
      { param: 'level', sql: 'category = $?', values: PORTAL_CATEGORIES.demonstration.map((c) => c.code), label: '级别' },
      { param: 'field', sql: `${a('field')} = $?`, label: '领域' },
      {
        param: 'projectStatus',
        sql: `${a('projectStatus')} = $?`,
        values: Object.keys(DEMONSTRATION_STATUSES),
        label: '项目状态',
      },
    ],
  },
  gi_product: { searchable: [a('origin')] },
  standard_system_node: {
    collectable: false,
    filters: [{ param: 'parent', sql: `${a('parentId')} = $?`, label: '上级节点' }],
  },
};

export const SECTIONS: Record<PortalSection, SectionDef> = Object.fromEntries(
  PORTAL_SECTIONS.map((id) => [
    id,
    {
      id,
      slug: PORTAL_SECTION_SLUGS[id],
      name: PORTAL_SECTION_NAMES[id],
      categories: PORTAL_CATEGORIES[id],
      attrs: attrsOf[id] as unknown as z.ZodType<Record<string, unknown>>,
      searchable: [],
      filters: [],
      collectable: true,
      fileFields: [],
      certifiedDownloads: false,
      ...overrides[id],
    } satisfies SectionDef,
  ]),
) as Record<PortalSection, SectionDef>;

const bySlug = new Map(Object.values(SECTIONS).map((s) => [s.slug, s]));

export function sectionBySlug(slug: string): SectionDef | undefined {
  return bySlug.get(slug);
}
