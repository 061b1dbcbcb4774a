import type { FormEvent } from 'react';
import { inputLimits } from '../../../lib/formRules.ts';
import { Field } from '../../../components/form/Field.tsx';
import { useCheckedForm } from '../../../components/form/useCheckedForm.ts';
import { setEmail } from '../api/usercentre.ts';
import { settingsChecks } from './checks.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

const checks = { email: settingsChecks.email };

/** webSetEmail with the shared email rule (docs/product.md §5: optional, email-like, at most 50). */
export function EmailForm({ current, onDone }: { current: string | null; onDone: () => void }) {
  const form = useCheckedForm(checks, { email: current ?? '' });
  const { busy, submit: send } = useSubmit();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || form.validateAll()) return;
    if (await send(() => setEmail(form.values.email.trim()), { success: '邮箱已更新' })) onDone();
  };
  return (
    <form className="plain-form uc-form" onSubmit={(e) => void submit(e)} noValidate aria-label="修改邮箱">
      <div className="form-optional">
        <Field name="email" label="邮箱" error={form.errors.email}>
          <input {...form.field('email')} type="email" maxLength={inputLimits.email} autoComplete="email" />
        </Field>
      </div>
      <p className="uc-hint">留空保存即清除邮箱。</p>
      <SubmitButton busy={busy} busyText="保存中…">
        保存邮箱
      </SubmitButton>
    </form>
  );
}
