import type { Database } from '../../db/client.ts';
import type { Dashboard } from '@zs/shared';

const DAYS = 30;
const dayOf = `to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** The last 30 days (Asia/Shanghai), oldest first, with zero for days without rows. */
async function perDay(db: Database, table: string): Promise<{ day: string; count: number }[]> {
  const rows = await db.query<{ day: string; count: number }>(
    `select ${dayOf} as day, count(*)::int as count from ${table}
      where created_at >= now() - interval '${DAYS} days' group by 1`,
  );
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
  const [w] = await db.query<{ certs: number; apps: number; reports: number }>(
    `select (select count(*)::int from enterprise_certifications where status = 'pending') as certs,
            (select count(*)::int from applications where status in ('submitted', 'accepted', 'reviewing')) as apps,
            (select count(*)::int from standard_missing_reports where status = 'pending') as reports`,
  );
  return [
    { key: 'certifications', label: '待审核企业认证', count: w!.certs, link: '/admin/certifications?status=pending' },
    { key: 'applications', label: '待处理申请', count: w!.apps, link: '/admin/applications?status=submitted' },
    { key: 'missing-reports', label: '待处理缺失标准反馈', count: w!.reports, link: '/admin/missing-reports' },
  ];
}

export async function dashboard(db: Database, healthRed: boolean): Promise<Dashboard> {
  const [f] = await db.query<{ users: number; standards: number; searches: number; apps: number }>(
    `select (select count(*)::int from users where status <> 'deleted') as users,
            (select count(*)::int from standards) as standards,
            (select count(*)::int from search_log where created_at >= now() - interval '${DAYS} days') as searches,
            (select count(*)::int from applications where created_at >= now() - interval '${DAYS} days') as apps`,
  );
  const top = (zero: boolean) =>
    db.query<{ query: string; count: number }>(
      `select query, count(*)::int as count from search_log
        where created_at >= now() - interval '${DAYS} days' ${zero ? 'and results = 0' : ''}
        group by query order by count desc, query limit 10`,
    );
  const topCollected = await db.query<{ id: number; standardNo: string; nameZh: string; count: number }>(
    `select s.id::int as id, s.standard_no as "standardNo", s.name_zh as "nameZh", count(*)::int as count
       from collections c join standards s on s.id = c.item_id
      where c.item_type = 'standard' group by s.id, s.standard_no, s.name_zh order by count desc, s.id limit 10`,
  );
  return {
    waiting: await waitingCounts(db),
    figures: { users: f!.users, standards: f!.standards, searches30d: f!.searches, applications30d: f!.apps },
    trends: {
      registrations: await perDay(db, 'users'),
      searches: await perDay(db, 'search_log'),
      applications: await perDay(db, 'applications'),
    },
    topQueries: await top(false),
    zeroResultQueries: await top(true),
    topCollected,
    healthRed,
  };
}
