import { useState } from 'react';
import type { SiteHealth } from '@zs/shared/api/admin-dashboard';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { checkLinks, health } from '../api/ops.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { SectionUpdates } from '../components/SectionUpdates.tsx';
import { BrokenLinks } from '../components/BrokenLinks.tsx';
import { OverduePanel } from '../components/OverduePanel.tsx';
import { WordHits } from '../components/WordHits.tsx';
import { Findings, HealthVerdict } from '../components/HealthVerdict.tsx';

/** /admin/health: what a government-website inspection would flag, before it does. */
export default function AdminHealthPage() {
  const staff = useSession((s) => s.userInfo?.role === 'operator' || s.userInfo?.role === 'admin');
  const admin = useSession((s) => s.userInfo?.role === 'admin');
  const remote = useRemote(staff ? 'health' : null, health);
  const [checked, setChecked] = useState<SiteHealth | null>(null);
  const { busy, submit } = useSubmit();
  const h = checked ?? remote.data;
  const run = async () => {
    const r = await submit(checkLinks, { success: '检查完成', failure: '检查失败' });
    if (r) setChecked(r.data);
  };
  return (
    <AdminShell title="网站检查">
      {h && (
        <>
          <HealthVerdict health={h} />
          <Findings findings={h.findings} />
          <SectionUpdates sections={h.sections} />
          <BrokenLinks links={h.brokenLinks} busy={busy} onCheck={() => void run()} />
          <OverduePanel
            overdue={h.overdue}
            admin={admin}
            onLimitsSaved={() => {
              setChecked(null);
              remote.reload();
            }}
          />
          <WordHits hits={h.wordHits} noPublishDate={h.noPublishDate} />
        </>
      )}
      {remote.error && <p role="alert">{remote.error}</p>}
    </AdminShell>
  );
}
