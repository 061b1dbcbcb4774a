import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Row } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StandardForm } from '@zs/shared/api/admin-standards';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { StandardFields } from '../components/StandardFields.tsx';
import { StatusPanel } from '../components/StatusPanel.tsx';
import { RelationsPanel } from '../components/RelationsPanel.tsx';
import { FulltextPanel } from '../components/FulltextPanel.tsx';
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
 * /admin/standards/edit?id=N edits a record; without id it adds one (prefilled from a missing-standard
 * report with ?no=&name=&report=, which is accepted once the record exists).
 */
export default function AdminStandardEditPage() {
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

  return (
    <AdminShell title={detail ? `编辑标准 ${detail.standardNo}` : '新增标准'}>
      <p>
        <Link to="/admin/standards">← 返回标准库</Link>
        {detail && (
          <>
            {' · '}
            <Link to={`/standard-detail?id=${detail.id}`} target="_blank">
              查看前台详情
            </Link>
          </>
        )}
      </p>
      <Form form={form} layout="vertical" className="admin-panel" aria-label="标准信息" onFinish={() => void save()}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="standardNo" label="标准编号" required extra="按统一编号规则校验并规范写法">
              <Input onBlur={() => void check()} />
            </Form.Item>
            {dup && (
              <p role="alert" className="admin-level-red">
                该编号已存在：<Link to={`/admin/standards/edit?id=${dup.id}`}>{dup.no}</Link>
              </p>
            )}
          </Col>
          <Col span={16}>
            <Form.Item name="nameZh" label="标准名称" required>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <StandardFields />
        <Button type="primary" htmlType="submit">
          {detail ? '保存' : '新增标准'}
        </Button>
      </Form>
      {detail && (
        <>
          <StatusPanel detail={detail} onChanged={setDetail} />
          <RelationsPanel detail={detail} onChanged={setDetail} />
          <FulltextPanel detail={detail} onChanged={() => setVersion((v) => v + 1)} />
        </>
      )}
    </AdminShell>
  );
}
