import { Fields } from '../components/ui.tsx';

/** Labels of the form fields the application endpoints store (brand product, service, sign-up). */
const LABELS: Record<string, string> = {
  enterpriseName: '企业名称',
  creditCode: '统一社会信用代码',
  contactName: '联系人',
  contactMobile: '联系手机',
  contactEmail: '联系邮箱',
  productName: '产品名称',
  category: '产品类别',
  categoryName: '产品类别',
  townCode: '所在镇街代码',
  townName: '所在镇街',
  standardNo: '执行标准',
  description: '产品简介',
  serviceId: '服务项目编号',
  need: '服务需求',
  remark: '备注',
};

const show = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** What the user submitted, as they typed it (known fields labelled, the rest by name). */
export function FormFields({ form }: { form: Record<string, unknown> }) {
  const entries = Object.entries(form).filter(([k, v]) => k !== 'attachments' && show(v) !== '');
  if (entries.length === 0) return null;
  return (
    <>
      <h2>申请内容</h2>
      <Fields rows={entries.map(([k, v]) => [LABELS[k] ?? k, show(v)])} />
    </>
  );
}
