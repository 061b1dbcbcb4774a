import type { Database } from '../../db/client.ts';
import type { Dashboard } from '@zs/shared';
import { applicationsPerDay, countApplicationsSince, countOpenApplications } from '../applications/index.ts';
import { countUsers, registrationsPerDay } from '../auth/index.ts';
import { countPendingCertifications } from '../certification/index.ts';
import { waitingConsultationComments } from '../consultation/index.ts';
import { overdueQuestions } from '../interaction/index.ts';
import { topCollectedStandards } from '../collections/index.ts';
import { countPendingReports } from '../missing-reports/index.ts';
import { countSearchesSince, countStandards, searchesPerDay, topSearchQueries } from '../standards/index.ts';

const DAYS = 30;

/** The last 30 days (Asia/Shanghai), oldest first, with zero for days without rows. */
async function perDay(
  db: Database,
  countsOf: (db: Database, days: number) => Promise<{ day: string; count: number }[]>,
): Promise<{ day: string; count: number }[]> {
  const rows = await countsOf(db, DAYS);
  const byDay = new Map(rows.map((r) => [r.day, r.count]));
  const out: { day: string; count: number }[] = [];
  const now = Date.now() + 8 * 3600_000;
  for (let i = DAYS - 1; i >= 0; i--) {
    const day = new Date(now - i * 86400_000).toISOString().slice(0, 10);
    out.push({ day, count: byDay.get(day) ?? 0 });
  }
  return out;
}

export async function waitingCounts(db: Database) {
  const certs = await countPendingCertifications(db);
  const apps = await countOpenApplications(db);
  const reports = await countPendingReports(db);
  return [
    { key: 'certifications', label: '待审核企业认证', count: certs, link: '/admin/certifications?status=pending' },
    { key: 'applications', label: '待处理申请', count: apps, link: '/admin/applications?status=submitted' },
    { key: 'missing-reports', label: '待处理缺失标准反馈', count: reports, link: '/admin/missing-reports' },
    {
      key: 'consultations',
      label: '截止后待处理的征求意见',
      count: await waitingConsultationComments(db),
      link: '/admin/consultation',
    },
    {
      key: 'questions-overdue',
      label: '超过答复期限的咨询',
      count: await overdueQuestions(db),
      link: '/admin/interaction?overdue=1',
      overdue: true,
    },
  ];
}

export async function dashboard(db: Database, healthRed: boolean): Promise<Dashboard> {
  const figures = {
    users: await countUsers(db),
    standards: await countStandards(db),
    searches30d: await countSearchesSince(db, DAYS),
    applications30d: await countApplicationsSince(db, DAYS),
  };
  const topCollected = await topCollectedStandards(db);
  return {
    waiting: await waitingCounts(db),
    figures,
    trends: {
      registrations: await perDay(db, registrationsPerDay),
      searches: await perDay(db, searchesPerDay),
      applications: await perDay(db, applicationsPerDay),
    },
    topQueries: await topSearchQueries(db, DAYS, false),
    zeroResultQueries: await topSearchQueries(db, DAYS, true),
    topCollected,
    healthRed,
  };
}
