import { useState } from 'react';
import { Button, Input, Select } from 'antd';
import {
  COMMENT_DECISION_LABELS,
  COMMENT_DECISIONS,
  ConsultationMessages as M,
  type CommentDecision as Decision,
} from '@zs/shared/consultation';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { downloadFile } from '../../../lib/download.ts';
import { toast } from '../../../lib/feedback.ts';
import { urlOf } from '../../../lib/http.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { consoleApi, type ConsoleComment } from '../api/consultation.ts';

/** One comment in the console: what was said, by whom, 分派 and the 处理意见 with its reason. */
export function CommentDecision({
  comment: c,
  index,
  staff,
  onChanged,
}: {
  comment: ConsoleComment;
  index: number;
  staff: Array<{ id: number; username: string }>;
  onChanged: () => void;
}) {
  const [decision, setDecision] = useState<Decision | undefined>(c.decision ?? undefined);
  const [reason, setReason] = useState(c.decisionReason ?? '');
  const { busy, submit } = useSubmit();
  const save = async () => {
    if (!decision) return toast.error(M.decision);
    if (decision !== 'adopted' && !reason.trim()) return toast.error(M.decisionReason);
    if (await submit(() => consoleApi.decide(c.id, decision, reason), { success: '已处理并通知提出人' })) onChanged();
  };
  const assign = async (assigneeId: number | null) => {
    if (await submit(() => consoleApi.assign(c.id, assigneeId), { success: '已分派' })) onChanged();
  };
  const attachment = c.attachment;
  return (
    <li className="cons-admin-comment" data-testid="console-comment">
      <p>
        <strong>
          {index}. 章条 {c.clause}
        </strong>{' '}
        — {c.enterpriseName ?? `个人（${c.username}）`}，{formatDateTime(c.createdAt)}
      </p>
      <p>{c.content}</p>
      {c.suggestion && <p>修改建议：{c.suggestion}</p>}
      {c.reason && <p>理由：{c.reason}</p>}
      {attachment && (
        <p>
          附件：
          <Button
            type="link"
            size="small"
            onClick={() =>
              void downloadFile(urlOf('GET /api/user/files/:id', { id: String(attachment.fileId) }), attachment.name).then(
                (r) => !r.ok && toast.error(r.message),
              )
            }
          >
            {attachment.name}
          </Button>
        </p>
      )}
      <div className="cons-admin-decision">
        <Select
          aria-label={`第 ${index} 条的处理意见`}
          placeholder="处理意见"
          style={{ width: 130 }}
          value={decision}
          onChange={setDecision}
          options={COMMENT_DECISIONS.map((d) => ({ value: d, label: COMMENT_DECISION_LABELS[d] }))}
        />
        <Input
          aria-label={`第 ${index} 条的理由`}
          placeholder="理由（部分采纳、未采纳时必填）"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="primary" disabled={busy} onClick={() => void save()}>
          {c.decision ? '更新处理意见' : '保存处理意见'}
        </Button>
        <Select
          aria-label={`第 ${index} 条的经办人`}
          placeholder="分派给"
          allowClear
          style={{ width: 150 }}
          value={c.assigneeId ?? undefined}
          onChange={(v: number | undefined) => void assign(v ?? null)}
          options={staff.map((s) => ({ value: s.id, label: s.username }))}
        />
      </div>
    </li>
  );
}
