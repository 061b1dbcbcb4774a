import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { StandardForm } from '@zs/shared/api/admin-standards';
import {
  acceptMissingReport,
  checkNumber,
  createStandard,
  standardDetail,
  updateStandard,
  type StandardDetail,
} from '../api/standards.ts';
import { toast } from '../../../lib/feedback.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * The edit page's form and record: ?id=N loads a record; without id the form is prefilled from
 * ?no=&name= and saving adds a record (accepting the missing-standard report ?report= once it exists).
 */
export function useStandardEditor() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || null;
  const report = Number(params.get('report')) || null;
  const staff = useSession((s) => s.userInfo?.role === 'operator' || s.userInfo?.role === 'admin');
  const [form] = Form.useForm();
  const [detail, setDetail] = useState<StandardDetail | null>(null);
  const [dup, setDup] = useState<{ id: number; no: string } | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!staff) return;
    if (!id) {
      form.setFieldsValue({ standardNo: params.get('no') ?? '', nameZh: params.get('name') ?? '' });
      return;
    }
    void standardDetail(id).then((r) => {
      if (r.code !== 0) return toast.error(r.msg);
      setDetail(r.data);
      form.setFieldsValue(r.data);
    });
  }, [id, staff, version, form, params]);

  /** On leaving the number field: the server checks and normalises it and names a record that already has it. */
  const check = async () => {
    const no = String(form.getFieldValue('standardNo') ?? '').trim();
    if (!no) return;
    const r = await checkNumber(no, id ?? undefined).catch(() => null);
    if (r?.code !== 0) return;
    setDup(r.data.existingId ? { id: r.data.existingId, no: r.data.existingNo! } : null);
    form.setFields([{ name: 'standardNo', errors: r.data.valid ? [] : ['无法识别的标准编号，请检查写法'] }]);
    if (r.data.valid && r.data.normalized) form.setFieldValue('standardNo', r.data.normalized);
  };

  const save = async () => {
    const parsed = StandardForm.safeParse(form.getFieldsValue());
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      form.setFields([{ name: String(issue.path[0]), errors: [issue.message] }]);
      return toast.error(issue.message);
    }
    const values = form.getFieldsValue() as Parameters<typeof createStandard>[0];
    if (detail) {
      const r = await updateStandard(detail.id, values).catch(() => null);
      if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
      setDetail(r.data);
      return toast.success('已保存');
    }
    const r = await createStandard(values).catch(() => null);
    if (!r || r.code !== 0) return toast.error(r?.msg || '新增失败');
    if (report) {
      const done = await acceptMissingReport(report, r.data.id).catch(() => null);
      if (done?.code === 0) toast.success('已补录并采纳该反馈，反馈人已收到通知');
    }
    toast.success(`已新增 ${r.data.standardNo}`);
    navigate(`/admin/standards/edit?id=${r.data.id}`, { replace: true });
  };

  /** The full-text panel changed the record: load it again. */
  const reload = () => setVersion((v) => v + 1);

  return { form, detail, setDetail, dup, check, save, reload };
}
