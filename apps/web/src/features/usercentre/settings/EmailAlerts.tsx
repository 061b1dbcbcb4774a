import { useState } from 'react';
import { fetchAlertSettings, setStatusMails } from '../api/usercentre.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';

/**
 * Whether status changes of collected standards are also mailed (docs/alerts.md): only to a verified address, and
 * only when the platform has SMTP; otherwise the reason is shown instead of the switch.
 */
export function EmailAlerts({ version }: { version: number }) {
  const remote = useRemote(`alert-settings:${version}`, fetchAlertSettings);
  const { busy, submit } = useSubmit();
  const [override, setOverride] = useState<boolean | null>(null);
  const s = remote.data;
  if (!s) return null;
  const enabled = override ?? s.preferences.find((p) => p.kind === 'standard_status' && p.channel === 'email')?.enabled ?? false;
  const toggle = async (next: boolean) => {
    const done = await submit(() => setStatusMails(next), { success: next ? '已开启邮件提醒' : '已关闭邮件提醒' });
    if (done) setOverride(next);
  };
  return (
    <section className="uc-form" aria-label="邮件提醒" data-testid="email-alerts">
      <h2 style={{ fontSize: 16, margin: '24px 0 12px' }}>邮件提醒</h2>
      {!s.emailEnabled ? (
        <p className="uc-hint">{s.emailOffReason ?? '邮件功能未开启'}</p>
      ) : !s.email ? (
        <p className="uc-hint">请先设置邮箱。</p>
      ) : !s.emailVerified ? (
        <p className="uc-hint">邮箱 {s.email} 尚未验证：请打开验证邮件中的链接，验证后才能接收提醒邮件。</p>
      ) : (
        <label>
          <input type="checkbox" checked={enabled} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />{' '}
          收藏的标准状态变更（被代替、废止等）时发送邮件到 {s.email}
        </label>
      )}
    </section>
  );
}
