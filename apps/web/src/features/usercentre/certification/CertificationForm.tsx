import { useState, type FormEvent } from 'react';
import { CertificationMessages } from '@zs/shared/usercentre';
import { submitCertification } from '../api/usercentre.ts';
import type { Certification, FileMeta } from '@zs/shared/api/user';
import { toast } from '../../../lib/feedback.ts';
import { Field } from '../../../components/form/Field.tsx';
import { useCheckedForm } from '../../../components/form/useCheckedForm.ts';
import { Notice } from '../../../components/content/StateViews.tsx';
import { LicenceUpload } from './LicenceUpload.tsx';
import { certificationChecks, type CertificationField } from './checks.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

const FIELDS: Array<{ name: CertificationField; label: string; max: number; placeholder?: string }> = [
  { name: 'companyName', label: '企业名称', max: 100, placeholder: '与营业执照一致' },
  { name: 'creditCode', label: '统一社会信用代码', max: 18, placeholder: '18位统一社会信用代码' },
  { name: 'legalRep', label: '法定代表人', max: 30 },
  { name: 'contactName', label: '联系人', max: 30 },
  { name: 'contactMobile', label: '联系人手机', max: 11 },
];

/** Certification form; a rejected one is prefilled so the user fixes and resubmits it. */
export function CertificationForm({ previous, onDone }: { previous: Certification | null; onDone: () => void }) {
  const form = useCheckedForm(certificationChecks, {
    companyName: previous?.companyName ?? '',
    creditCode: previous?.creditCode ?? '',
    legalRep: previous?.legalRep ?? '',
    contactName: previous?.contactName ?? '',
    contactMobile: previous?.contactMobile ?? '',
  });
  const [licence, setLicence] = useState<FileMeta | null>(previous?.licenceFile ?? null);
  const [licenceError, setLicenceError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const bad = form.validateAll();
    if (!licence) setLicenceError(CertificationMessages.licence);
    if (bad || !licence) return;
    setSubmitting(true);
    setError(null);
    const v = form.values;
    try {
      const res = await submitCertification({
        companyName: v.companyName.trim(),
        creditCode: v.creditCode.trim().toUpperCase(),
        legalRep: v.legalRep.trim(),
        contactName: v.contactName.trim(),
        contactMobile: v.contactMobile.trim(),
        licenceFileId: licence.id,
      });
      if (res.code === 0) {
        toast.success(res.msg || '认证信息已提交，请等待审核');
        onDone();
        return;
      }
      if (res.code !== 401) setError(res.msg || '提交失败');
    } catch {
      toast.error('提交失败，请检查网络后重试');
    }
    setSubmitting(false);
  };

  return (
    <form className="plain-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="企业认证表单">
      {error && <Notice type="error">{error}</Notice>}
      <fieldset className="form-section" disabled={submitting}>
        <legend>企业信息</legend>
        {FIELDS.map((f) => (
          <Field key={f.name} name={f.name} label={f.label} error={form.errors[f.name]}>
            <input {...form.field(f.name)} maxLength={f.max} placeholder={f.placeholder} autoComplete="off" />
          </Field>
        ))}
        <Field name="licence" label="营业执照" error={licenceError ?? undefined}>
          <LicenceUpload
            id="f-licence"
            value={licence}
            onChange={(f) => {
              setLicence(f);
              setLicenceError(null);
            }}
          />
        </Field>
      </fieldset>
      <div className="form-actions">
        <SubmitButton busy={submitting} large>
          提交认证
        </SubmitButton>
      </div>
    </form>
  );
}
