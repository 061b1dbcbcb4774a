import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { z } from 'zod';
import { PrivacyVersionForm, type PrivacyVersion } from '@zs/shared/api/admin-settings';
import { addPrivacyVersion, privacyVersions } from '../api/ops.ts';
import { toast } from '../../../lib/feedback.ts';
import { todayInChina } from '../../../lib/dates.ts';
import { DayPicker } from '../../../components/admin/DayPicker.tsx';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Blank-line separated text as paragraphs, single line breaks kept. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** Privacy policy versions: each with its effective date; the newest one in effect is public. */
export function PrivacyPanel() {
  const [list, setList] = useState<z.infer<typeof PrivacyVersion>[]>([]);
  const [form] = Form.useForm();
  useEffect(() => {
    void privacyVersions().then((r) => r.code === 0 && setList(r.data));
  }, []);
  const save = async () => {
    const { body, ...rest } = form.getFieldsValue();
    // The office writes plain text; paragraphs become the markup the public page shows (no "HTML" in settings).
    const parsed = PrivacyVersionForm.safeParse({ ...rest, bodyHtml: paragraphsOf(String(body ?? '')) });
    if (!parsed.success) return toast.error(parsed.error.issues[0]!.message);
    const r = await addPrivacyVersion(parsed.data).catch(() => null);
    if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
    setList(r.data);
    form.resetFields();
    toast.success('新版本已保存');
  };
  return (
    <section className="admin-panel" aria-label="隐私政策">
      <h2>用户协议与隐私政策（版本）</h2>
      <ul>
        {list.map((v) => (
          <li key={v.id}>
            {v.version} · {v.title} · 自 {v.effectiveDate} 起生效{v.current && '（当前版本）'}
          </li>
        ))}
        {list.length === 0 && <li>尚未发布版本，前台显示平台内置文本</li>}
      </ul>
      <Form form={form} layout="vertical" initialValues={{ title: '用户协议与隐私政策', effectiveDate: todayInChina() }}>
        <Form.Item name="version" label="版本号">
          <Input placeholder="如 v2.0" />
        </Form.Item>
        <Form.Item name="title" label="标题">
          <Input />
        </Form.Item>
        <Form.Item name="effectiveDate" label="生效日期">
          <DayPicker />
        </Form.Item>
        <Form.Item name="body" label="正文" extra="空一行即分段，前台按段落显示。">
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 20 }} />
        </Form.Item>
        <Button onClick={() => void save()}>发布新版本</Button>
      </Form>
    </section>
  );
}
