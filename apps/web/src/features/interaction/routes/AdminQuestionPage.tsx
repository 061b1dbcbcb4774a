import { Button, Select } from 'antd';
import { QUESTION_RATING_LABELS } from '@zs/shared/interaction';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { downloadFile } from '../../../lib/download.ts';
import { urlOf } from '../../../lib/http.ts';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { consoleApi } from '../api/interaction.ts';
import { AnswerPanel } from '../components/AnswerPanel.tsx';
import { deadlineText } from './AdminQuestionsPage.tsx';
import '../components/interaction-admin.css';

/** /admin/interaction/answer?id=: one question; assign it, answer it (templates) or forward it. */
export default function AdminQuestionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || 0;
  const remote = useRemote(id ? `console-question:${id}` : null, () => consoleApi.get(id));
  const staff = useRemote('question-staff', () => consoleApi.staff());
  const { busy, submit } = useSubmit();
  const q = remote.data;
  const assign = async (assigneeId: number | null) => {
    if (await submit(() => consoleApi.assign(id, assigneeId), { success: '已分派' })) remote.reload();
  };
  const open = q && (q.state === 'pending' || q.state === 'processing' || q.state === 'forwarded');
  return (
    <AdminShell title="咨询办理">
      <div className="admin-panel">
        <p>
          <Button onClick={() => navigate('/admin/interaction')}>返回列表</Button>
        </p>
        {remote.error && <p role="alert">{remote.error}</p>}
        {q && (
          <>
            <h2>{q.title}</h2>
            <p>
              {q.categoryName} · {q.stateName} · 提问人 {q.username} · {q.isPublic ? '公开' : '不公开'} · 提交于{' '}
              {formatDateTime(q.askedAt)}
            </p>
            <p className={q.overdue ? 'qa-overdue' : undefined} data-testid="question-deadline">
              答复期限：{deadlineText(q.deadline)}（北京时间）{q.overdue ? '，已超期，请尽快答复' : ''}
            </p>
            <p className="qa-admin-text">{q.content}</p>
            {q.attachment && (
              <p>
                附件：
                <Button
                  type="link"
                  onClick={() =>
                    void downloadFile(
                      urlOf('GET /api/user/files/:id', { id: String(q.attachment!.fileId) }),
                      q.attachment!.name,
                    ).then((r) => !r.ok && toast.error(r.message))
                  }
                >
                  {q.attachment.name}
                </Button>
              </p>
            )}
            {q.answer !== null && (
              <div>
                <h3>
                  答复（{q.answeredBy}，{formatDateTime(q.answeredAt)}）
                </h3>
                <p className="qa-admin-text">{q.answer}</p>
                {q.rating && <p>提问人评价：{QUESTION_RATING_LABELS[q.rating]}</p>}
              </div>
            )}
            {q.state === 'forwarded' && (
              <p>
                已转办：{q.forwardUnit}
                {q.forwardNote ? `（${q.forwardNote}）` : ''}
              </p>
            )}
            {open && (
              <>
                <p>
                  <label htmlFor="qa-assignee">承办人：</label>
                  <Select
                    id="qa-assignee"
                    style={{ width: 200 }}
                    disabled={busy}
                    allowClear
                    placeholder="未分派"
                    value={q.assigneeId ?? undefined}
                    onChange={(v) => void assign(v ?? null)}
                    options={(staff.data ?? []).map((s) => ({ value: s.id, label: s.username }))}
                  />
                </p>
                <AnswerPanel q={q} onDone={remote.reload} />
              </>
            )}
          </>
        )}
      </div>
    </AdminShell>
  );
}
