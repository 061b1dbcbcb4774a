import { useEffect, useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { CONSULTATION_KIND_LABELS, CONSULTATION_KINDS, ConsultationMessages as M } from '@zs/shared/consultation';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { consoleApi, type ConsoleDraft, type ConsultationDraftFormT } from '../api/consultation.ts';
import { DocUpload, type DocRef } from '../components/DocUpload.tsx';
import { DraftStatusBar } from '../components/DraftStatusBar.tsx';
import { fromLocalInput, toLocalInput } from '../lib/statuses.ts';
import '../components/consultation-admin.css';

interface Values {
  projectName: string;
  planNo: string;
  kind: ConsultationDraftFormT['kind'];
  draftingUnits: string;
  responsibleUnit: string;
  contact: string;
  startsAt: string;
  deadline: string;
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** /admin/consultation/edit[?id=]: a draft's fields and documents, then the console's 发布 / 定时发布 / 下线 (and review). */
export default function AdminDraftEditPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || null;
  const remote = useRemote(id ? `console-draft:${id}` : null, () => consoleApi.get(id!));
  const [form] = Form.useForm<Values>();
  const [docs, setDocs] = useState<{ draft: DocRef | null; explanation: DocRef | null }>({ draft: null, explanation: null });
  const { busy, submit } = useSubmit();
  const draft: ConsoleDraft | undefined = remote.data;

  useEffect(() => {
    if (!draft) return;
    form.setFieldsValue({ ...draft, startsAt: toLocalInput(draft.startsAt), deadline: toLocalInput(draft.deadline) });
  }, [draft, form]);
  // The documents follow a newly loaded draft (adjusted during render, not in the effect).
  const stamp = draft ? `${draft.id}:${draft.updatedAt}` : null;
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  if (draft && stamp !== loadedFor) {
    setLoadedFor(stamp);
    setDocs({ draft: draft.draftFile, explanation: draft.explanationFile });
  }

  const save = async (v: Values) => {
    const body: ConsultationDraftFormT = {
      ...v,
      startsAt: fromLocalInput(v.startsAt),
      deadline: fromLocalInput(v.deadline),
      draftFile: docs.draft,
      explanationFile: docs.explanation,
    };
    const done = await submit(() => (id ? consoleApi.update(id, body) : consoleApi.create(body)), { success: '已保存' });
    if (!done) return;
    if (id) remote.reload();
    else setParams({ id: String(done.data.id) }, { replace: true });
  };

  return (
    <AdminShell title={id ? '编辑征求意见稿' : '新建征求意见稿'}>
      <div className="admin-panel">
        <p>
          <Button onClick={() => navigate('/admin/consultation')}>返回列表</Button>
        </p>
        {draft && <DraftStatusBar draft={draft} onChanged={remote.reload} />}
        <Form<Values>
          form={form}
          layout="vertical"
          className="cons-admin-form"
          initialValues={{ kind: 'local' }}
          onFinish={(v) => void save(v)}
        >
          <Form.Item label="项目名称" name="projectName" rules={required(M.projectName)}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="计划号" name="planNo" rules={required(M.planNo)}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label="标准类型" name="kind" rules={[{ required: true, message: M.kind }]}>
            <Select options={CONSULTATION_KINDS.map((k) => ({ value: k, label: CONSULTATION_KIND_LABELS[k] }))} />
          </Form.Item>
          <Form.Item label="起草单位" name="draftingUnits" rules={required(M.draftingUnits)}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item label="归口单位" name="responsibleUnit" rules={required(M.responsibleUnit)}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="征求意见开始时间（北京时间）" name="startsAt" rules={[{ required: true, message: M.startsAt }]}>
            <input type="datetime-local" className="ant-input" />
          </Form.Item>
          <Form.Item label="征求意见截止时间（北京时间）" name="deadline" rules={[{ required: true, message: M.deadline }]}>
            <input type="datetime-local" className="ant-input" />
          </Form.Item>
          <Form.Item label="联系方式" name="contact" rules={required(M.contact)}>
            <Input maxLength={200} />
          </Form.Item>
          <DocUpload id="doc-draft" label="征求意见稿" value={docs.draft} onChange={(v) => setDocs({ ...docs, draft: v })} />
          <DocUpload
            id="doc-explanation"
            label="编制说明"
            value={docs.explanation}
            onChange={(v) => setDocs({ ...docs, explanation: v })}
          />
          <Button type="primary" htmlType="submit" loading={busy}>
            保存
          </Button>
        </Form>
      </div>
    </AdminShell>
  );
}
