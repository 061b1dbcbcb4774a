import type { ReactNode } from 'react';
import type { CategoryOption, PortalSection } from '@zs/shared';

/** Shapes of the portal API answers (apps/server/src/modules/portal/schemas.ts). */
export interface ItemSummary {
  id: number;
  section: string;
  category: string | null;
  categoryName: string | null;
  title: string;
  summary: string | null;
  cover: string | null;
  source: string | null;
  sourceUrl: string | null;
  publishedAt: string;
  townCode: string | null;
  townName: string | null;
  demo: boolean;
  attrs: Record<string, unknown>;
}

export interface Neighbour {
  id: number;
  title: string;
}

export interface ItemDetail extends ItemSummary {
  sectionName: string;
  bodyHtml: string;
  prev: Neighbour | null;
  next: Neighbour | null;
  collectable: boolean;
  /** Activities only: live sign-ups and the seats still free. */
  signedUp?: number;
  seatsLeft?: number;
}

export interface Paged<T> {
  total: number;
  list: T[];
  page: number;
  size: number;
}

/** One labelled value shown in a list row or on a detail page. */
export interface FieldDef {
  label: string;
  value: (item: ItemSummary) => ReactNode;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter beyond keyword / category / town (the server's registry declares the parameter). */
export interface ExtraFilter {
  param: string;
  label: string;
  /** Fixed choices; without them the choices are the distinct values `facet` finds in the section. */
  options?: readonly FilterOption[];
  facet?: (item: ItemSummary) => string[];
}

/** Everything one section's list and detail pages need to know. */
export interface SectionConfig {
  section: PortalSection;
  /** API slug: /api/portal/<slug>. */
  slug: string;
  /** Route of the list page (breadcrumb of the detail page, "back to list"). */
  listPath: string;
  listTitle: string;
  /** Route of the detail page (`?id=`); without it list rows are not links. */
  detailPath?: string;
  /** Category chips; omit to hide them. */
  categories?: readonly CategoryOption[];
  categoryLabel?: string;
  /** Offer a town filter (sections whose items carry a town). */
  towns?: boolean;
  extraFilters?: readonly ExtraFilter[];
  /** Parameters always sent (for example kind=standard on /activity-standard). */
  fixedParams?: Record<string, string>;
  /** Fields shown under each list row. */
  listFields?: readonly FieldDef[];
  /** Fields shown on the detail page above the body. */
  detailFields?: readonly FieldDef[];
  searchPlaceholder?: string;
  pageSize?: number;
}
