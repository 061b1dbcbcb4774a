import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { downloadFile } from '../../../lib/download.ts';
import { toast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { consoleApi } from '../api/consultation.ts';
import { CommentDecision } from '../components/CommentDecision.tsx';
import '../components/consultation-admin.css';

/** /admin/consultation/comments?id=: every comment on a draft, decided one by one; the 汇总处理表 downloads and publication. */
export default function AdminCommentsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || 0;
  const draft = useRemote(id ? `console-draft:${id}` : null, () => consoleApi.get(id));
  const comments = useRemote(id ? `console-comments:${id}` : null, () => consoleApi.comments(id));
  const staff = useRemote('consultation-staff', () => consoleApi.staff());
  const { busy, submit } = useSubmit();
  const d = draft.data;
  const overdue = d && !d.open && d.daysLeft === null && d.unprocessed > 0;

  const download = async (kind: 'xlsx' | 'docx') => {
    const url = kind === 'xlsx' ? consoleApi.xlsxUrl(id) : consoleApi.docxUrl(id);
    const r = await downloadFile(url, `征求意见汇总处理表.${kind}`);
    if (!r.ok) toast.error(r.message);
  };
  const togglePublished = async () => {
    if (d && (await submit(() => consoleApi.publishTable(id, !d.tablePublished), { success: '已保存' }))) draft.reload();
  };
  const changed = () => {
    comments.reload();
    draft.reload();
  };

  return (
    <AdminShell title="意见处理">
      <div className="admin-panel">
        <p>
          <Button onClick={() => navigate('/admin/consultation')}>返回列表</Button>
        </p>
        {draft.error && <p role="alert">{draft.error}</p>}
        {d && (
          <>
            <h2>{d.projectName}</h2>
            <p className={overdue ? 'cons-overdue' : undefined} data-testid="draft-deadline">
              截止时间：{formatDateTime(d.deadline)}（北京时间）；共 {d.commentCount} 条意见，待处理 {d.unprocessed} 条
              {overdue ? '，已超过截止时间，请尽快处理' : ''}
            </p>
            <div className="cons-admin-actions">
              <Button onClick={() => void download('xlsx')}>下载汇总处理表（XLSX）</Button>
              <Button onClick={() => void download('docx')}>下载汇总处理表（DOCX）</Button>
              <Button disabled={busy} onClick={() => void togglePublished()}>
                {d.tablePublished ? '从公开页面撤下汇总处理表' : '在公开页面公布汇总处理表'}
              </Button>
            </div>
          </>
        )}
        {comments.data && comments.data.length === 0 && <p className="admin-empty">暂无意见</p>}
        <ol className="cons-admin-list" style={{ listStyle: 'none', padding: 0 }}>
          {(comments.data ?? []).map((c, i) => (
            <CommentDecision
              key={`${c.id}:${c.processedAt ?? ''}:${c.assigneeId ?? ''}`}
              comment={c}
              index={i + 1}
              staff={staff.data ?? []}
              onChanged={changed}
            />
          ))}
        </ol>
      </div>
    </AdminShell>
  );
}
