import { useState } from 'react';
import { Link } from 'react-router';
import { Notice, type ItemDetail } from '../../../components/content/index.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { callApi } from '../../../lib/http.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { toast } from '../../../lib/feedback.ts';

/** Why sign-up is not possible now, or null when it is (the server decides again on submit). */
function closedReason(activity: ItemDetail, now: number): string | null {
  const attrs = activity.attrs;
  if (attrs.open !== true) return '本活动未开放报名';
  const deadline = Date.parse(String(attrs.signupDeadline ?? ''));
  if (!Number.isNaN(deadline) && deadline < now) return '报名已截止';
  const end = Date.parse(String(attrs.endAt ?? ''));
  if (!Number.isNaN(end) && end < now) return '活动已结束';
  if (activity.seatsLeft === 0) return '报名名额已满';
  return null;
}

const LIVE = new Set(['submitted', 'accepted', 'reviewing', 'approved']);

/** 报名 for an activity (the route is guarded: only logged-in users get here). */
export function ActivitySignup({ activity }: { activity: ItemDetail }) {
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const mine = useRemote('own-activity-signups', () =>
    callApi('GET /api/user/applications', { query: { kind: 'activity', size: 100 } }),
  );
  const signed = mine.data?.list.find((a) => a.refId === activity.id && LIVE.has(a.status));
  const [now] = useState(() => Date.now());
  const reason = closedReason(activity, now);

  const signUp = async () => {
    if (submitting) return;
    setSubmitting(true);
    try {
      const res = await callApi('POST /api/user/activities/:id/signup', { params: { id: String(activity.id) }, body: {} });
      if (res.code === 0) {
        setResult({ type: 'success', text: `报名成功，报名编号 ${res.data.referenceNo}，剩余名额 ${res.data.seatsLeft} 个` });
        toast.success('报名成功');
      } else if (res.code !== 401) {
        setResult({ type: 'error', text: res.msg });
      }
    } catch {
      setResult({ type: 'error', text: '报名失败，请稍后重试' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="detail-cta activity-signup" aria-label="活动报名">
      {result ? (
        <Notice type={result.type}>{result.text}</Notice>
      ) : signed ? (
        <Notice type="info">您已报名该活动（报名编号 {signed.referenceNo}）</Notice>
      ) : reason ? (
        <Notice type="warning">{reason}</Notice>
      ) : (
        <>
          <button type="button" className="btn btn-primary btn-large" disabled={submitting} onClick={() => void signUp()}>
            {submitting ? '提交中…' : '报名'}
          </button>
          <span className="detail-cta-hint">
            报名截止：{formatDateTime(activity.attrs.signupDeadline)}，名额 {String(activity.attrs.seatLimit ?? '—')} 人
            {typeof activity.seatsLeft === 'number' ? `，剩余名额 ${activity.seatsLeft} 个` : ''}
          </span>
        </>
      )}
      {result?.type === 'success' || signed ? (
        <p className="detail-cta-hint">
          可在 <Link to="/my-apply">我的申请</Link> 查看报名进度。
        </p>
      ) : null}
    </section>
  );
}
