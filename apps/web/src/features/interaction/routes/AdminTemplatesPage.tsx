import { useState } from 'react';
import { Button, Input, Popconfirm } from 'antd';
import { Link } from 'react-router';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { consoleApi, type AnswerTemplate } from '../api/interaction.ts';
import '../components/interaction-admin.css';

/** /admin/interaction/templates: the office's answer templates (a starting text, edited before it is sent). */
export default function AdminTemplatesPage() {
  const remote = useRemote('question-templates', () => consoleApi.templates());
  const [editing, setEditing] = useState<AnswerTemplate | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const { busy, submit } = useSubmit();
  const edit = (t: AnswerTemplate | null) => {
    setEditing(t);
    setTitle(t?.title ?? '');
    setBody(t?.body ?? '');
  };
  const save = async () => {
    const call = editing
      ? () => consoleApi.updateTemplate(editing.id, title, body)
      : () => consoleApi.createTemplate(title, body);
    if (await submit(call, { success: '模板已保存' })) {
      edit(null);
      remote.reload();
    }
  };
  const remove = async (id: number) => {
    if (await submit(() => consoleApi.deleteTemplate(id), { success: '模板已删除' })) remote.reload();
  };
  return (
    <AdminShell title="答复模板">
      <div className="admin-panel">
        <p>
          <Link to="/admin/interaction">返回咨询留言</Link>
        </p>
        <ul>
          {(remote.data ?? []).map((t) => (
            <li key={t.id}>
              <strong>{t.title}</strong>{' '}
              <Button type="link" onClick={() => edit(t)}>
                修改
              </Button>
              <Popconfirm title="删除该模板？" onConfirm={() => void remove(t.id)}>
                <Button type="link" danger>
                  删除
                </Button>
              </Popconfirm>
              <p className="qa-admin-text">{t.body}</p>
            </li>
          ))}
        </ul>
        {remote.data?.length === 0 && <p>还没有答复模板。</p>}
        <section className="qa-admin-form" aria-labelledby="tpl-h">
          <h2 id="tpl-h">{editing ? `修改模板“${editing.title}”` : '新增模板'}</h2>
          <label htmlFor="tpl-title">模板名称</label>
          <Input id="tpl-title" maxLength={50} value={title} onChange={(e) => setTitle(e.target.value)} />
          <label htmlFor="tpl-body">模板内容</label>
          <Input.TextArea id="tpl-body" rows={5} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} />
          <div>
            <Button type="primary" loading={busy} onClick={() => void save()}>
              保存模板
            </Button>{' '}
            {editing && <Button onClick={() => edit(null)}>取消修改</Button>}
          </div>
        </section>
      </div>
    </AdminShell>
  );
}
