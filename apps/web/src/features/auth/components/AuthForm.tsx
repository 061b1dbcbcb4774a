import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { formRules, inputLimits } from '../../../lib/formRules.ts';
import { useErrorAnnouncer } from './ErrorAnnouncer.tsx';

/** The accounts dialogs' form: vertical, no required marks, its first error announced (ErrorAnnouncer). */
export function AuthForm<T>({ name, onFinish, children }: { name: string; onFinish: (values: T) => void; children: ReactNode }) {
  const announcer = useErrorAnnouncer();
  return (
    <Form<T> name={name} onFieldsChange={announcer.onFieldsChange} layout="vertical" onFinish={onFinish} requiredMark={false}>
      {announcer.region}
      {children}
    </Form>
  );
}

/** The mobile number field of login, registration and password reset. */
export function MobileField({ placeholder = '请输入手机号' }: { placeholder?: string }) {
  return (
    <Form.Item name="mobile" label="手机号" rules={formRules.mobile}>
      <Input placeholder={placeholder} maxLength={inputLimits.mobile} autoComplete="tel" inputMode="tel" />
    </Form.Item>
  );
}

/**
 * A new password and its confirmation (registration, password reset); the reset form also warns about an empty
 * confirmation (docs/product.md §5).
 */
export function NewPasswordFields({
  label,
  againPlaceholder,
  warnEmpty = false,
}: {
  label: string;
  againPlaceholder: string;
  warnEmpty?: boolean;
}) {
  return (
    <>
      <Form.Item name="password" label={label} rules={formRules.password}>
        <Input.Password
          placeholder="8-25位英文、数字、特殊符号组合"
          maxLength={inputLimits.password}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name="againPassword" label="确认密码" dependencies={['password']} rules={formRules.againPassword({ warnEmpty })}>
        <Input.Password placeholder={againPlaceholder} maxLength={inputLimits.password} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
