import type { ResponseOf } from '@zs/shared';
import type { alertDeliverySummary } from '@zs/shared/api/alert-delivery-log';

type Summary = ResponseOf<typeof alertDeliverySummary>;

export const CHANNEL_NAMES: Record<string, string> = { email: '邮件', sms: '短信', site: '站内消息' };
export const channelName = (c: string) => CHANNEL_NAMES[c] ?? c;

const COLUMNS = [
  ['sent', '已发送'],
  ['queued', '待发送'],
  ['failed', '失败'],
  ['unsubscribed', '已退订'],
  ['skipped', '未发送'],
  ['digested', '已并入摘要'],
] as const;

/** The counts of the delivery log: the totals of the range, then per channel and per day (plain tables, read by screen readers). */
export function DeliverySummary({ summary }: { summary: Summary }) {
  return (
    <section aria-label="投递统计" data-testid="delivery-summary">
      <p>
        {summary.from} 至 {summary.to}（北京时间）
      </p>
      <dl className="admin-stats" style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
        {COLUMNS.map(([key, label]) => (
          <div key={key} data-testid={`total-${key}`}>
            <dt>{label}</dt>
            <dd>{summary.totals[key]}</dd>
          </div>
        ))}
      </dl>
      <table className="admin-table">
        <caption>按渠道与日期</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col">渠道</th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.byChannel.map((c) => (
            <tr key={`all-${c.channel}`}>
              <th scope="row">合计</th>
              <td>{channelName(c.channel)}</td>
              {COLUMNS.map(([key]) => (
                <td key={key}>{c[key]}</td>
              ))}
            </tr>
          ))}
          {summary.byDay.map((d) => (
            <tr key={`${d.day}-${d.channel}`}>
              <th scope="row">{d.day}</th>
              <td>{channelName(d.channel)}</td>
              {COLUMNS.map(([key]) => (
                <td key={key}>{d[key]}</td>
              ))}
            </tr>
          ))}
          {summary.byDay.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length + 2}>这段时间没有投递记录</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
