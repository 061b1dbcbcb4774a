import { useState } from 'react';
import {
  ALERT_CADENCE_LABELS,
  ALERT_CADENCES,
  ALERT_CHANNEL_LABELS,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  ALERT_LEAD_DAYS,
} from '@zs/shared/alert-constants';
import { fetchAlertSettings, setAlertPreference, setLeadDays } from '../api/usercentre.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';

type Kind = (typeof ALERT_KINDS)[number];
type Channel = 'site' | 'email' | 'sms';
type Cadence = (typeof ALERT_CADENCES)[number];

/**
 * Per kind of alert: in-site message, email (immediate or a daily/weekly digest) and SMS (status changes only, a
 * daily cap); and how many days before implementation 即将实施 comes. Email is shown off with its reason when the
 * platform has no SMTP or the address is not verified.
 */
export function AlertChoices() {
  const [version, setVersion] = useState(0);
  const remote = useRemote(`alert-choices:${version}`, fetchAlertSettings);
  const { busy, submit } = useSubmit();
  const s = remote.data;
  if (!s) return null;
  const pref = (kind: Kind, channel: Channel) => s.preferences.find((p) => p.kind === kind && p.channel === channel);
  const save = async (kind: Kind, channel: Channel, enabled: boolean, cadence?: Cadence) => {
    if (await submit(() => setAlertPreference({ kind, channel, enabled, cadence }), { success: '已保存' }))
      setVersion((v) => v + 1);
  };
  const mailReady = s.emailEnabled && s.emailVerified;
  const toggleDay = async (d: number, on: boolean) => {
    const next = on ? [...s.leadDays, d] : s.leadDays.filter((x) => x !== d);
    if (await submit(() => setLeadDays(next), { success: '已保存' })) setVersion((v) => v + 1);
  };
  return (
    <section className="uc-section" aria-labelledby="alert-choices-title" data-testid="alert-choices">
      <h2 id="alert-choices-title">提醒方式</h2>
      {!mailReady && (
        <p className="uc-hint">
          {!s.emailEnabled
            ? (s.emailOffReason ?? '邮件功能未开启')
            : '邮箱未设置或未验证：请在“账号设置”中设置并验证邮箱后再选择邮件提醒。'}
        </p>
      )}
      <table className="uc-choices">
        <thead>
          <tr>
            <th scope="col">提醒类型</th>
            <th scope="col">{ALERT_CHANNEL_LABELS.site}</th>
            <th scope="col">{ALERT_CHANNEL_LABELS.email}</th>
            <th scope="col">{ALERT_CHANNEL_LABELS.sms}</th>
          </tr>
        </thead>
        <tbody>
          {ALERT_KINDS.map((kind) => {
            const email = pref(kind, 'email');
            return (
              <tr key={kind}>
                <th scope="row">{ALERT_KIND_LABELS[kind]}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${ALERT_KIND_LABELS[kind]}：站内消息`}
                    checked={pref(kind, 'site')?.enabled ?? true}
                    disabled={busy}
                    onChange={(e) => void save(kind, 'site', e.target.checked)}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${ALERT_KIND_LABELS[kind]}：邮件`}
                    checked={email?.enabled ?? false}
                    disabled={busy || !mailReady}
                    onChange={(e) => void save(kind, 'email', e.target.checked, email?.cadence)}
                  />{' '}
                  <select
                    aria-label={`${ALERT_KIND_LABELS[kind]}：邮件频率`}
                    value={email?.cadence ?? 'immediate'}
                    disabled={busy || !mailReady || !email?.enabled}
                    onChange={(e) => void save(kind, 'email', true, e.target.value as Cadence)}
                  >
                    {ALERT_CADENCES.map((c) => (
                      <option key={c} value={c}>
                        {ALERT_CADENCE_LABELS[c]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {kind === 'standard_status' ? (
                    <input
                      type="checkbox"
                      aria-label={`${ALERT_KIND_LABELS[kind]}：短信`}
                      checked={pref(kind, 'sms')?.enabled ?? false}
                      disabled={busy}
                      onChange={(e) => void save(kind, 'sms', e.target.checked)}
                    />
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="uc-hint">短信只用于关注标准的状态变更，发到账号手机号，每天最多 {s.smsDailyCap} 条。</p>
      <fieldset className="uc-form">
        <legend>“即将实施”提前提醒</legend>
        {ALERT_LEAD_DAYS.map((d) => (
          <label key={d} style={{ marginRight: 16 }}>
            <input
              type="checkbox"
              checked={s.leadDays.includes(d)}
              disabled={busy}
              onChange={(e) => void toggleDay(d, e.target.checked)}
            />{' '}
            提前 {d} 天
          </label>
        ))}
      </fieldset>
    </section>
  );
}
