import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Notice, type ItemDetail } from '../../../components/content/index.ts';
import { Field } from '../../../components/form/Field.tsx';
import { useCheckedForm } from '../../../components/form/useCheckedForm.ts';
import '../../../components/form/form.css';
import { callApi } from '../../../lib/http.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { portalChecks } from '../../../lib/portalValidators.ts';
import { toast } from '../../../lib/feedback.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

const checks = {
  enterpriseName: portalChecks.enterpriseNameOptional,
  contactName: portalChecks.contactName,
  contactMobile: portalChecks.contactMobile,
  need: portalChecks.need,
};

/** The service application form (POST /api/user/applications/service). */
export function ServiceApplyForm({ service, onCancel }: { service: ItemDetail; onCancel: () => void }) {
  const form = useCheckedForm(checks, { enterpriseName: '', contactName: '', contactMobile: '', need: '' });
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per filled-in form: a retried or doubled submit replays the first answer.
  const [key] = useState(newIdempotencyKey);

  if (done)
    return (
      <Notice type="success">
        服务申请已提交，申请编号：<strong>{done}</strong>。服务机构受理后将通过站内消息通知您，可在{' '}
        <Link to="/my-apply">我的申请</Link> 查看进度。
      </Notice>
    );

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting || form.validateAll()) return;
    setSubmitting(true);
    setError(null);
    const v = form.values;
    try {
      const res = await callApi('POST /api/user/applications/service', {
        body: { ...v, enterpriseName: v.enterpriseName.trim() || undefined, serviceId: service.id },
        config: { headers: { 'Idempotency-Key': key } },
      });
      if (res.code === 0) setDone(res.data.referenceNo);
      else if (res.code !== 401) setError(res.msg);
    } catch {
      toast.error('提交失败，请稍后重试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="inline-form" aria-label="申请服务">
      <h2 className="detail-subtitle">申请服务</h2>
      <form className="plain-form" onSubmit={onSubmit} noValidate>
        {error && <Notice type="error">{error}</Notice>}
        <fieldset className="form-section" disabled={submitting}>
          <div className="form-optional">
            <Field name="enterpriseName" label="企业名称（选填）" error={form.errors.enterpriseName}>
              <input {...form.field('enterpriseName')} maxLength={100} />
            </Field>
          </div>
          <Field name="contactName" label="联系人" error={form.errors.contactName}>
            <input {...form.field('contactName')} maxLength={30} />
          </Field>
          <Field name="contactMobile" label="联系手机" error={form.errors.contactMobile}>
            <input {...form.field('contactMobile')} maxLength={11} inputMode="numeric" />
          </Field>
          <Field name="need" label="服务需求" error={form.errors.need}>
            <textarea {...form.field('need')} rows={4} maxLength={1000} />
          </Field>
        </fieldset>
        <div className="form-actions">
          <SubmitButton busy={submitting}>提交申请</SubmitButton>
          <button type="button" className="btn" onClick={onCancel}>
            取消
          </button>
        </div>
      </form>
    </section>
  );
}
