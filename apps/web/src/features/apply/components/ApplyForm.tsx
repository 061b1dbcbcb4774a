import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PortalMessages, ZHONGSHAN_TOWNS } from '@zs/shared/portal';
import { Notice } from '../../../components/content/index.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { Field } from '../../../components/form/Field.tsx';
import { useCheckedForm } from '../../../components/form/useCheckedForm.ts';
import '../../../components/form/form.css';
import { callApi } from '../../../lib/http.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { portalChecks } from '../../../lib/portalValidators.ts';
import { toast } from '../../../lib/feedback.ts';
import { AttachmentUpload, uploadedIds, type UploadItem } from './AttachmentUpload.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

const checks = {
  enterpriseName: portalChecks.enterpriseName,
  creditCode: portalChecks.creditCode,
  contactName: portalChecks.contactName,
  contactMobile: portalChecks.contactMobile,
  productName: portalChecks.productName,
  category: portalChecks.category,
  townCode: portalChecks.town,
  standardNo: portalChecks.standardNo,
  description: portalChecks.description,
};
type Name = keyof typeof checks;
const empty = Object.fromEntries(Object.keys(checks).map((k) => [k, ''])) as Record<Name, string>;

const TEXT: Array<{ name: Name; label: string; max: number; placeholder?: string; inputMode?: 'numeric' }> = [
  { name: 'enterpriseName', label: '企业名称', max: 100 },
  { name: 'creditCode', label: '统一社会信用代码', max: 18, placeholder: '18位统一社会信用代码' },
  { name: 'contactName', label: '联系人', max: 30 },
  { name: 'contactMobile', label: '联系手机', max: 11, inputMode: 'numeric' },
];

/** The 香山之品 brand-product application form. */
const CATEGORIES_KEY = 'portal/categories/xiangshan-product';

export function ApplyForm() {
  const navigate = useNavigate();
  const form = useCheckedForm(checks, empty);
  // The categories the office currently shows (docs/decisions/0060).
  const categories =
    useRemote(CATEGORIES_KEY, () => callApi('GET /api/portal/categories/:section', { params: { section: 'xiangshan-product' } }))
      .data ?? [];
  const [files, setFiles] = useState<UploadItem[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key for this filled-in form: a doubled or retried submit replays the first answer.
  const [idemKey] = useState(newIdempotencyKey);

  const checkFiles = () => {
    const message = files.some((f) => f.status === 'uploading')
      ? '附件正在上传，请稍候'
      : uploadedIds(files).length === 0
        ? PortalMessages.attachments
        : null;
    setFilesError(message);
    return message;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const bad = form.validateAll();
    if (checkFiles() || bad) return;
    setSubmitting(true);
    setError(null);
    const v = form.values;
    try {
      const res = await callApi('POST /api/user/applications/brand-product', {
        body: { ...v, creditCode: v.creditCode.trim().toUpperCase(), attachments: uploadedIds(files) },
        config: { headers: { 'Idempotency-Key': idemKey } },
      });
      if (res.code === 0) {
        navigate(`/apply-success?ref=${encodeURIComponent(res.data.referenceNo)}`);
        return;
      }
      if (res.code !== 401) setError(res.msg);
    } catch {
      toast.error('提交失败，请检查网络后重试');
    }
    setSubmitting(false);
  };

  return (
    <form className="plain-form" onSubmit={onSubmit} noValidate aria-label="香山之品申请表">
      {error && <Notice type="error">{error}</Notice>}
      <fieldset className="form-section" disabled={submitting}>
        <legend>企业信息</legend>
        {TEXT.map((t) => (
          <Field key={t.name} name={t.name} label={t.label} error={form.errors[t.name]}>
            <input {...form.field(t.name)} maxLength={t.max} placeholder={t.placeholder} inputMode={t.inputMode} />
          </Field>
        ))}
      </fieldset>
      <fieldset className="form-section" disabled={submitting}>
        <legend>产品信息</legend>
        <Field name="productName" label="产品名称" error={form.errors.productName}>
          <input {...form.field('productName')} maxLength={100} />
        </Field>
        <Field name="category" label="产品类别" error={form.errors.category}>
          <select {...form.field('category')}>
            <option value="">请选择</option>
            {categories.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field name="townCode" label="所在镇街" error={form.errors.townCode}>
          <select {...form.field('townCode')}>
            <option value="">请选择</option>
            {ZHONGSHAN_TOWNS.map((t) => (
              <option key={t.code} value={t.code}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
        <Field name="standardNo" label="执行标准编号" error={form.errors.standardNo}>
          <input {...form.field('standardNo')} maxLength={60} placeholder="如 DB4420/T 1-2020" />
        </Field>
        <Field name="description" label="产品简介" error={form.errors.description}>
          <textarea {...form.field('description')} rows={5} maxLength={2000} />
        </Field>
        <Field name="attachments" label="证明材料" error={filesError ?? undefined}>
          <AttachmentUpload
            id="f-attachments"
            files={files}
            onChange={(update) => {
              setFiles(update);
              setFilesError(null);
            }}
          />
        </Field>
      </fieldset>
      <div className="form-actions">
        <SubmitButton busy={submitting} large>
          提交申请
        </SubmitButton>
      </div>
    </form>
  );
}
