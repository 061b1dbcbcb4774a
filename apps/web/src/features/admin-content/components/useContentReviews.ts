import { useState } from 'react';
import type { ContentReviewRow } from '@zs/shared/api/content';
import { toast } from '../../../lib/feedback.ts';
import { useSession } from '../../../lib/session.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { contentApi } from '../api/content.ts';

/** The 发布需审核 setting, the queue of publish requests, and the request being returned with its reason. */
export function useContentReviews() {
  const role = useSession((s) => s.userInfo?.role);
  const staff = role === 'operator' || role === 'admin';
  const admin = role === 'admin';
  const settings = useRemote(staff ? 'content-settings' : null, () => contentApi.settings());
  const queue = useRemote(staff ? 'content-reviews' : null, () => contentApi.reviews());
  const [returning, setReturning] = useState<ContentReviewRow | null>(null);
  const [reason, setReason] = useState('');

  const toggle = async (on: boolean) => {
    const res = await contentApi.saveSettings({ reviewRequired: on });
    if (res.code !== 0) return toast.error(res.msg);
    toast.success(on ? '已开启：运营人员发布须经管理员审核' : '已关闭：运营人员可直接发布');
    settings.reload();
  };
  const decide = async (row: ContentReviewRow, decision: 'approve' | 'return', why?: string) => {
    const res = await contentApi.decide(row.id, decision, why);
    if (res.code !== 0) return toast.error(res.msg);
    toast.success(decision === 'approve' ? '已通过并发布' : '已退回');
    setReturning(null);
    setReason('');
    queue.reload();
  };

  return { admin, settings, queue, returning, setReturning, reason, setReason, toggle, decide };
}
