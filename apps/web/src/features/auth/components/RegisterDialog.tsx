import { AuthForm, MobileField, NewPasswordFields } from './AuthForm.tsx';
import { useState } from 'react';
import { Button, Checkbox, Form, Input, Modal } from 'antd';
import { Hints } from '@zs/shared/validation';
import { useSession } from '../../../lib/session.ts';
import { formRules, inputLimits } from '../../../lib/formRules.ts';
import { register, sendRegistrationCode, type RegisterForm } from '../api/auth.ts';
import { useCaptcha } from '../../../lib/useCaptcha.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { SmsCodeField } from './SmsCodeField.tsx';
import { submitWithCaptcha } from './submit.ts';
import { afterRegister, dismissDialogs } from '../lib/completeLogin.ts';

/** Registration (docs/product.md §3 fields); success stores the token and shows the certification prompt. */
export function RegisterDialog({ open }: { open: boolean }) {
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const openDialog = useSession((s) => s.openDialog);

  const onFinish = async (v: RegisterForm) => {
    setBusy(true);
    const res = await submitWithCaptcha(() => register({ ...v, key: captcha.key }), captcha);
    setBusy(false);
    if (res) afterRegister(res.data.accessToken);
  };

  return (
    <Modal title="用户注册" open={open} width={520} footer={null} onCancel={dismissDialogs} destroyOnHidden>
      <AuthForm<RegisterForm> name="register" onFinish={onFinish}>
        {/* The rule in plain words before any error (issue 30): "英文、数字组合" alone was read as "either". */}
        <Form.Item name="username" label="用户名" rules={formRules.username} extra={Hints.username}>
          <Input placeholder="6-25位英文字母和数字" maxLength={inputLimits.username} autoComplete="username" />
        </Form.Item>
        <NewPasswordFields label="密码" againPlaceholder="请再次输入密码" />
        <MobileField />
        <Form.Item name="email" label="邮箱（选填）" rules={formRules.email}>
          <Input placeholder="请输入邮箱" maxLength={inputLimits.email} autoComplete="email" />
        </Form.Item>
        <CaptchaField state={captcha} />
        <SmsCodeField captcha={captcha} send={sendRegistrationCode} />
        <Form.Item name="checkInfo" valuePropName="checked" rules={formRules.checkInfo}>
          <Checkbox>
            我已阅读并同意
            <a href="/privacy?type=1" target="_blank" rel="noopener noreferrer">
              《用户协议与隐私政策》
            </a>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          注册
        </Button>
        <div className="auth-dialog-links">
          <Button type="link" onClick={() => openDialog('login')}>
            已有账号？去登录
          </Button>
        </div>
      </AuthForm>
    </Modal>
  );
}
