import { useEffect } from 'react';
import { Button, Col, Form, Input, Row } from 'antd';
import { SiteSettingsForm } from '@zs/shared/api/admin-settings';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { ContactsForm } from '../components/ContactsForm.tsx';
import { PrivacyPanel } from '../components/PrivacyPanel.tsx';
import { WordsAndDemoPanel } from '../components/WordsAndDemoPanel.tsx';
import { SectionVisibilityPanel } from '../components/SectionVisibilityPanel.tsx';
import { saveSiteSettings, siteSettings } from '../api/ops.ts';
import { toast } from '../../../lib/feedback.ts';
import { useSession } from '../../../lib/session.ts';

const LINES: [string, string][] = [
  ['icpRecord', 'ICP备案号'],
  ['policeRecord', '公安备案号'],
  ['policeRecordUrl', '公安备案链接'],
  ['copyright', '版权信息'],
  ['hotline', '服务热线'],
  ['address', '地址'],
];

/** /admin/settings (admin only): footer contacts and lines, empty sections, privacy versions, word list, demo content. */
export default function AdminSettingsPage() {
  const admin = useSession((s) => s.userInfo?.role === 'admin');
  const [form] = Form.useForm();
  useEffect(() => {
    if (admin) void siteSettings().then((r) => r.code === 0 && form.setFieldsValue(r.data));
  }, [admin, form]);
  const save = async () => {
    const parsed = SiteSettingsForm.safeParse(form.getFieldsValue());
    if (!parsed.success) return toast.error(parsed.error.issues[0]!.message);
    const r = await saveSiteSettings(parsed.data).catch(() => null);
    if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
    form.setFieldsValue(r.data);
    toast.success('站点设置已保存，前台刷新页面即可看到');
  };
  return (
    <AdminShell title="站点设置" adminOnly>
      <Form form={form} layout="vertical" className="admin-panel" aria-label="页脚设置">
        <h2>页脚联系人</h2>
        <ContactsForm />
        <h2 style={{ marginTop: 16 }}>备案与版权</h2>
        <Row gutter={16}>
          {LINES.map(([name, label]) => (
            <Col span={8} key={name}>
              <Form.Item name={name} label={label}>
                <Input aria-label={label} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" onClick={() => void save()}>
          保存站点设置
        </Button>
      </Form>
      <SectionVisibilityPanel />
      <PrivacyPanel />
      <WordsAndDemoPanel />
    </AdminShell>
  );
}
