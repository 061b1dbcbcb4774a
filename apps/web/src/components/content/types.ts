import type { ReactNode } from 'react';
import type { CategoryOption, PortalSection } from '@zs/shared';

/** The portal's answers, inferred from the shared contract (packages/shared/src/api/portal.ts). */
export type { ItemDetail, ItemSummary, Neighbour } from '@zs/shared/api/portal';
import type { ItemSummary } from '@zs/shared/api/portal';

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
