import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const Count = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number(),
  link: z.string(),
  /** Items past a deadline: shown red when the count is not zero. */
  overdue: z.boolean().optional(),
});
const Day = z.object({ day: z.string(), count: z.number() });

export const Dashboard = z.object({
  waiting: z.array(Count),
  figures: z.object({ users: z.number(), standards: z.number(), searches30d: z.number(), applications30d: z.number() }),
  trends: z.object({ registrations: z.array(Day), searches: z.array(Day), applications: z.array(Day) }),
  topQueries: z.array(z.object({ query: z.string(), count: z.number() })),
  zeroResultQueries: z.array(z.object({ query: z.string(), count: z.number() })),
  topCollected: z.array(z.object({ id: z.number(), standardNo: z.string(), nameZh: z.string(), count: z.number() })),
  healthRed: z.boolean(),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const HEALTH_LEVELS = ['green', 'amber', 'red'] as const;
export type HealthLevel = (typeof HEALTH_LEVELS)[number];

export const SiteHealth = z.object({
  sections: z.array(
    z.object({
      section: z.string(),
      label: z.string(),
      kind: z.enum(['home', 'news', 'notice']),
      lastUpdated: z.string().nullable(),
      ageDays: z.number().nullable(),
      thresholdDays: z.number(),
      level: z.enum(HEALTH_LEVELS),
      blank: z.boolean(),
    }),
  ),
  noPublishDate: z.array(z.object({ section: z.string(), id: z.number(), title: z.string() })),
  brokenLinks: z.object({
    checkedAt: z.string().nullable(),
    checked: z.number(),
    broken: z.array(z.object({ section: z.string(), id: z.number(), title: z.string(), url: z.string(), reason: z.string() })),
  }),
  overdue: z.array(z.object({ key: z.string(), label: z.string(), count: z.number(), limitDays: z.number(), link: z.string() })),
  wordHits: z.array(z.object({ section: z.string(), id: z.number(), title: z.string(), word: z.string(), hint: z.string() })),
  /** 示例 content, demo contacts, placeholder settings and navigation to empty sections, each with where to fix it. */
  findings: z.array(
    z.object({
      kind: z.enum(['demo_items', 'demo_fulltexts', 'demo_contact', 'placeholder_setting', 'empty_section', 'holiday_calendar']),
      label: z.string(),
      detail: z.string(),
      link: z.string(),
    }),
  ),
  red: z.boolean(),
});
export type SiteHealth = z.infer<typeof SiteHealth>;

// ---- endpoints (apps/server/src/modules/admin-ops) ----
export const DemoCounts = z.object({ items: z.number(), contacts: z.number(), fulltexts: z.number() });
export const adminDashboard = endpoint({ method: 'GET', path: '/api/admin/dashboard', response: Dashboard });
export const siteHealth = endpoint({ method: 'GET', path: '/api/admin/health', response: SiteHealth });
export const checkSiteLinks = endpoint({ method: 'POST', path: '/api/admin/health/check-links', response: SiteHealth });
export const demoCounts = endpoint({ method: 'GET', path: '/api/admin/demo', response: DemoCounts });
export const removeDemo = endpoint({ method: 'POST', path: '/api/admin/demo/remove', response: DemoCounts });
