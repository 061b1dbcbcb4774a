import { useId, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { SMS_COUNTDOWN_S } from '@zs/shared/constants';
import type { Envelope } from '@zs/shared/envelope';
import { formRules, inputLimits, smsPrecheck } from '../../../lib/formRules.ts';
import { toast } from '../../../lib/feedback.ts';
import type { SmsRequest } from '../api/auth.ts';
import type { CaptchaState } from '../../../lib/useCaptcha.ts';
import { NETWORK_ERROR_MESSAGE } from './submit.ts';
import { useCountdown } from '../../../lib/useCountdown.ts';

interface Props {
  captcha: CaptchaState;
  send: (req: SmsRequest) => Promise<Envelope>;
}

/** SMS code input with a 60 s resend countdown; unmounting (dialog switch) clears it (docs/product.md §4). */
export function SmsCodeField({ captcha, send }: Props) {
  const form = Form.useFormInstance();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const id = useId();

  const onSend = async () => {
    // docs/product.md §5: mobile and image captcha are checked before an SMS is sent.
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    const answer = String(form.getFieldValue('captcha') ?? '').trim();
    const warning = smsPrecheck(mobile, answer);
    if (warning) return toast.warning(warning);
    setSending(true);
    try {
      const res = await send({ mobile, captcha: answer, key: captcha.key });
      if (res.code === 0) {
        toast.success('验证码已发送');
        start(SMS_COUNTDOWN_S);
      } else {
        toast.error(res.msg || '验证码发送失败');
        captcha.refresh();
      }
    } catch {
      toast.error(NETWORK_ERROR_MESSAGE);
      captcha.refresh();
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label="短信验证码" htmlFor={id} required>
      <div className="captcha-row">
        <Form.Item name="code" rules={formRules.code} noStyle>
          <Input
            id={id}
            placeholder="请输入6位数字验证码"
            maxLength={inputLimits.code}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <Button onClick={() => void onSend()} disabled={left > 0} loading={sending} className="sms-send-button">
          {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
        </Button>
      </div>
    </Form.Item>
  );
}
