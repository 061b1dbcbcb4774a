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
