import { useState, type FormEvent } from 'react';
import { inputLimits } from '../../../lib/formRules.ts';
import { Field } from '../../../components/form/Field.tsx';
import { useCheckedForm } from '../../../components/form/useCheckedForm.ts';
import { changePassword } from '../api/usercentre.ts';
import { settingsChecks } from './checks.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

const EMPTY = { oldPassword: '', password: '', againPassword: '' };

/** Old + new + confirm; all three sent AES-encrypted like webLogin. The server logs out the other devices. */
export function PasswordForm() {
  // A fresh form after success: the typed passwords must not linger.
  const [round, setRound] = useState(0);
  return <PasswordFields key={round} onDone={() => setRound((r) => r + 1)} />;
}

function PasswordFields({ onDone }: { onDone: () => void }) {
  // The confirmation compares with the new password of the same render (checks run after render).
  let typedPassword = '';
  const checks = {
    oldPassword: settingsChecks.oldPassword,
    password: settingsChecks.password,
    againPassword: settingsChecks.againPassword(() => typedPassword),
  };
  const form = useCheckedForm(checks, EMPTY);
  typedPassword = form.values.password;
  const { busy, submit: send } = useSubmit();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || form.validateAll()) return;
    if (await send(() => changePassword(form.values), { success: '密码已修改' })) onDone();
  };

  return (
    <form className="plain-form uc-form" onSubmit={(e) => void submit(e)} noValidate aria-label="修改密码">
      <Field name="oldPassword" label="原密码" error={form.errors.oldPassword}>
        <input {...form.field('oldPassword')} type="password" maxLength={inputLimits.password} autoComplete="current-password" />
      </Field>
      <Field name="password" label="新密码" error={form.errors.password}>
        <input {...form.field('password')} type="password" maxLength={inputLimits.password} autoComplete="new-password" />
      </Field>
      <Field name="againPassword" label="确认新密码" error={form.errors.againPassword}>
        <input {...form.field('againPassword')} type="password" maxLength={inputLimits.password} autoComplete="new-password" />
      </Field>
      <SubmitButton busy={busy}>修改密码</SubmitButton>
    </form>
  );
}
