import { useState } from 'react';
import { Button, Input } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { Tag } from '../../../components/admin/Table.tsx';
import { consoleApi, type ConsoleDraft } from '../api/consultation.ts';
import { fromLocalInput, STATUS_COLORS, STATUS_LABELS } from '../lib/statuses.ts';

/**
 * The content console's workflow on a draft (decisions/0050): 发布 now, 定时发布 at a Beijing time, 下线; with
 * 发布需审核 on an operator's 发布 waits as 待审核 and an admin 通过 or 退回 with a reason.
 */
export function DraftStatusBar({ draft, onChanged }: { draft: ConsoleDraft; onChanged: () => void }) {
  const admin = useSession((s) => s.userInfo?.role === 'admin');
  const [at, setAt] = useState('');
  const [reason, setReason] = useState('');
  const { busy, submit } = useSubmit();
  const act = async (action: 'publish' | 'unpublish' | 'approve' | 'return', publishAt: string | null = null) => {
    if (await submit(() => consoleApi.status(draft.id, action, publishAt, reason), { success: '操作成功' })) onChanged();
  };
  const live = draft.status === 'published' || draft.status === 'scheduled';
  return (
    <section className="cons-admin-actions" aria-label="发布状态">
      <span>
        状态：<Tag color={STATUS_COLORS[draft.status]}>{STATUS_LABELS[draft.status]}</Tag>
      </span>
      {draft.returnedReason && draft.status === 'draft' && <span>退回原因：{draft.returnedReason}</span>}
      {draft.status !== 'pending' && draft.status !== 'published' && (
        <Button type="primary" disabled={busy} onClick={() => void act('publish')}>
          发布
        </Button>
      )}
      {draft.status !== 'pending' && (
        <>
          <input
            type="datetime-local"
            className="ant-input"
            aria-label="定时发布时间（北京时间）"
            value={at}
            onChange={(e) => setAt(e.target.value)}
          />
          <Button disabled={busy || !at} onClick={() => void act('publish', fromLocalInput(at))}>
            定时发布
          </Button>
        </>
      )}
      {(live || draft.status === 'pending') && (
        <Button danger disabled={busy} onClick={() => void act('unpublish')}>
          下线
        </Button>
      )}
      {draft.status === 'pending' && admin && (
        <>
          <Button type="primary" disabled={busy} onClick={() => void act('approve')}>
            审核通过
          </Button>
          <Input
            aria-label="退回原因"
            placeholder="退回原因"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            style={{ width: 200 }}
          />
          <Button disabled={busy} onClick={() => void act('return')}>
            退回
          </Button>
        </>
      )}
      {draft.status === 'published' && (
        <Link to={`/consultation-detail?id=${draft.id}`} target="_blank">
          查看公开页面
        </Link>
      )}
      <Link to={`/admin/consultation/comments?id=${draft.id}`}>意见处理（{draft.commentCount} 条）</Link>
    </section>
  );
}
