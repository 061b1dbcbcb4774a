import { PORTAL_SECTION_NAMES, PORTAL_SECTIONS, type SiteHealth, type HealthLevel, type PortalSection } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { bannedWords, reviewLimits } from '../site/index.ts';
import { publishedFreshness, publishedTexts, publishedWithoutDate } from '../portal/index.ts';
import { countPendingReports } from '../missing-reports/index.ts';
import { countOpenApplications } from '../applications/index.ts';
import { countPendingCertifications } from '../certification/index.ts';
import { overdueConsultations } from '../consultation/index.ts';
import { currentYearMaintained, overdueQuestions } from '../interaction/index.ts';
import { latestLinkCheckRow } from './repository.ts';
import { leftoverFindings } from './leftovers.ts';

/**
 * Update thresholds of the government-website inspection rules: the home page and news-type columns
 * within 2 weeks, notice/policy-type columns within 6 months. Amber from three quarters of the way.
 */
const NEWS_TYPE: PortalSection[] = ['news', 'standard_plus', 'activity'];
const THRESHOLD = { home: 14, news: 14, notice: 180 } as const;
const levelOf = (age: number | null, threshold: number): HealthLevel =>
  age === null || age > threshold ? 'red' : age > threshold * 0.75 ? 'amber' : 'green';

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '');

/** The inspection-readiness page: what each part checks, and red when any part needs attention. */
export async function health(db: Database): Promise<SiteHealth> {
  const sections = await sectionFreshness(db);
  const noPublishDate = await publishedWithoutDate(db);
  const brokenLinks = await latestLinkCheck(db);
  const overdue = await overdueWork(db);
  const wordHits = await bannedWordHits(db);
  const findings = await leftoverFindings(db, sections);
  // Without this year's holiday calendar, reply deadlines of 咨询留言 count Monday–Friday only.
  const cal = await currentYearMaintained(db);
  if (!cal.maintained)
    findings.push({
      kind: 'holiday_calendar',
      label: '当年节假日安排未维护',
      detail: `${cal.year}年的节假日与调休上班日尚未录入，咨询答复期限暂按周一至周五计算`,
      link: '/admin/interaction/calendar',
    });
  const red =
    sections.some((s) => s.level === 'red') ||
    brokenLinks.broken.length > 0 ||
    overdue.some((x) => x.count > 0) ||
    wordHits.length > 0 ||
    findings.length > 0;
  return { sections, noPublishDate, brokenLinks, overdue, wordHits, findings, red };
}

/** How recently the home page and each section published, against the inspection thresholds. */
async function sectionFreshness(db: Database): Promise<SiteHealth['sections']> {
  // The latest publication date not in the future per section (portal module).
  const latest = await publishedFreshness(db);
  const bySection = new Map(latest.map((r) => [r.section, r]));
  const ageOf = (last: string | null | undefined) =>
    last ? Math.floor((Date.now() - Date.parse(String(last))) / 86400_000) : null;
  const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);
  const homeLast =
    latest
      .map((r) => r.last)
      .filter(Boolean)
      .sort((a, b) => Date.parse(String(b)) - Date.parse(String(a)))[0] ?? null;
  return [
    {
      section: 'home',
      label: '首页',
      kind: 'home',
      lastUpdated: iso(homeLast),
      ageDays: ageOf(homeLast),
      thresholdDays: THRESHOLD.home,
      level: levelOf(ageOf(homeLast), THRESHOLD.home),
      blank: !homeLast,
    },
    ...PORTAL_SECTIONS.map((s) => {
      const row = bySection.get(s);
      const kind = NEWS_TYPE.includes(s) ? ('news' as const) : ('notice' as const);
      const age = ageOf(row?.last);
      return {
        section: s,
        label: PORTAL_SECTION_NAMES[s],
        kind,
        lastUpdated: iso(row?.last),
        ageDays: age,
        thresholdDays: THRESHOLD[kind],
        level: levelOf(age, THRESHOLD[kind]),
        blank: !row?.n,
      };
    }),
  ];
}

/** The last link check's result (none yet: nothing checked). */
async function latestLinkCheck(db: Database): Promise<SiteHealth['brokenLinks']> {
  const check = await latestLinkCheckRow(db);
  return {
    checkedAt: check ? new Date(check.checkedAt).toISOString() : null,
    checked: check?.checked ?? 0,
    broken: check?.broken ?? [],
  };
}

/** Reports, applications and certifications waiting longer than the admin's limits. */
async function overdueWork(db: Database): Promise<SiteHealth['overdue']> {
  const limits = await reviewLimits(db);
  const o = {
    reports: await countPendingReports(db, limits.reports),
    apps: await countOpenApplications(db, limits.applications),
    certs: await countPendingCertifications(db, limits.certifications),
  };
  return [
    { key: 'reports', label: '缺失标准反馈', count: o.reports, limitDays: limits.reports, link: '/admin/missing-reports' },
    {
      key: 'applications',
      label: '申请',
      count: o.apps,
      limitDays: limits.applications,
      link: '/admin/applications?status=submitted',
    },
    {
      key: 'certifications',
      label: '企业认证',
      count: o.certs,
      limitDays: limits.certifications,
      link: '/admin/certifications?status=pending',
    },
    // Comment periods past their deadline with undecided comments: overdue from the deadline on (limit 0).
    {
      key: 'consultations',
      label: '征求意见待处理',
      count: await overdueConsultations(db),
      limitDays: 0,
      link: '/admin/consultation',
    },
    // Questions past their reply deadline (working days on the office's calendar): overdue from the deadline on.
    {
      key: 'questions',
      label: '咨询留言超过答复期限',
      count: await overdueQuestions(db),
      limitDays: 0,
      link: '/admin/interaction?overdue=1',
    },
  ];
}

/** Banned or error-prone words found in published texts (markup stripped). */
async function bannedWordHits(db: Database): Promise<SiteHealth['wordHits']> {
  const words = await bannedWords(db);
  const wordHits: SiteHealth['wordHits'] = [];
  if (words.length) {
    const items = await publishedTexts(db);
    for (const item of items) {
      const text = stripTags(item.text);
      for (const w of words) {
        if (text.includes(w.word))
          wordHits.push({
            section: PORTAL_SECTION_NAMES[item.section] ?? item.section,
            id: item.id,
            title: item.title,
            word: w.word,
            hint: w.hint,
          });
      }
    }
  }
  return wordHits;
}
