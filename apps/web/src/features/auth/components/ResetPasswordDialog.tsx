import { AuthForm, MobileField, NewPasswordFields } from './AuthForm.tsx';
import { useEffect, useRef, useState } from 'react';
import { Button, Modal } from 'antd';
import { RESET_CLOSE_DELAY_MS, RESET_DIALOG_WIDTH } from '@zs/shared/constants';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/feedback.ts';

import { resetPassword, sendLoginCode } from '../api/auth.ts';
import { useCaptcha } from '../../../lib/useCaptcha.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { SmsCodeField } from './SmsCodeField.tsx';
import { submitWithCaptcha } from './submit.ts';
import { dismissDialogs } from '../lib/completeLogin.ts';

interface ResetForm {
  mobile: string;
  password: string;
  againPassword: string;
  captcha: string;
  code: string;
}

/** Password reset (docs/product.md §2/§4): width 600; success toast, dialog closes after 3 s. */
export function ResetPasswordDialog({ open }: { open: boolean }) {
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const openDialog = useSession((s) => s.openDialog);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  const onFinish = async (v: ResetForm) => {
    setBusy(true);
    const res = await submitWithCaptcha(() => resetPassword({ ...v, key: captcha.key }), captcha);
    setBusy(false);
    if (!res) return;
    setDone(true);
    toast.success('密码重置成功');
    closeTimer.current = setTimeout(() => useSession.getState().closeDialog(), RESET_CLOSE_DELAY_MS);
  };

  return (
    <Modal title="重置密码" open={open} width={RESET_DIALOG_WIDTH} footer={null} onCancel={dismissDialogs} destroyOnHidden>
      <AuthForm<ResetForm> name="reset-password" onFinish={onFinish}>
        <MobileField placeholder="请输入注册时的手机号" />
        <CaptchaField state={captcha} />
        <SmsCodeField captcha={captcha} send={sendLoginCode} />
        <NewPasswordFields label="新密码" againPlaceholder="请再次输入新密码" warnEmpty />
        <Button type="primary" htmlType="submit" block loading={busy} disabled={done}>
          重置密码
        </Button>
        <div className="auth-dialog-links">
          <Button type="link" onClick={() => openDialog('login')}>
            返回登录
          </Button>
        </div>
      </AuthForm>
    </Modal>
  );
}
