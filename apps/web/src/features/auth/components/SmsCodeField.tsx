import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { SMS_COUNTDOWN_S } from '@zs/shared/constants';
import type { Envelope } from '@zs/shared/envelope';
import { Messages, Patterns } from '@zs/shared/validation';
import { formRules, inputLimits } from '../../../lib/formRules.ts';
import { toast } from '../../../lib/feedback.ts';
import type { SmsRequest } from '../api/auth.ts';
import type { CaptchaState } from './useCaptcha.ts';

interface Props {
  form: FormInstance;
  captcha: CaptchaState;
  send: (req: SmsRequest) => Promise<Envelope>;
}

/** SMS code input with a 60 s resend countdown; unmounting (dialog switch) clears it (spec §4). */
export function SmsCodeField({ form, captcha, send }: Props) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => void (timer.current && clearInterval(timer.current)), []);

  const start = () => {
    setLeft(SMS_COUNTDOWN_S);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1 && timer.current) clearInterval(timer.current);
        return s - 1;
      });
    }, 1000);
  };

  const onSend = async () => {
    const mobile: string = (form.getFieldValue('mobile') ?? '').trim();
    const code: string = (form.getFieldValue('captcha') ?? '').trim();
    if (!mobile) return toast.warning('请输入手机号');
    if (!Patterns.mobile.test(mobile)) return toast.warning(Messages.mobile);
    if (!code) return toast.warning(Messages.captcha);
    setSending(true);
    try {
      const res = await send({ mobile, captcha: code, key: captcha.key });
      if (res.code === 0) {
        toast.success('验证码已发送');
        start();
      } else {
        toast.error(res.msg);
        captcha.refresh();
      }
    } catch {
      toast.error('网络异常，请稍后重试');
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label="短信验证码" required>
      <div className="captcha-row">
        <Form.Item name="code" rules={formRules.code} noStyle>
          <Input
            placeholder="请输入6位数字验证码"
            maxLength={inputLimits.code}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <Button onClick={() => void onSend()} disabled={left > 0} loading={sending}>
          {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
        </Button>
      </div>
    </Form.Item>
  );
}
