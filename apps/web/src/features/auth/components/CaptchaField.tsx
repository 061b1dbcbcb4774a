import { useEffect, useId } from 'react';
import { Form, Input } from 'antd';
import { formRules, inputLimits } from '../../../lib/formRules.ts';
import type { CaptchaState } from '../../../lib/useCaptcha.ts';

/** Captcha input and image; the typed answer belongs to one image, so a new image empties it. */
export function CaptchaField({ state }: { state: CaptchaState }) {
  const form = Form.useFormInstance();
  const key = state.key;
  useEffect(() => {
    // Only a typed answer is emptied: setting an empty field again would also wipe its
    // 请输入图形验证码 error when the first image arrives after an early submit.
    if (key && form.getFieldValue('captcha')) form.setFieldValue('captcha', '');
  }, [key, form]);
  const id = useId();
  return (
    <Form.Item label="图形验证码" htmlFor={id} required>
      <div className="captcha-row">
        <Form.Item name="captcha" rules={formRules.captcha} noStyle>
          <Input id={id} placeholder="请输入图形验证码" maxLength={inputLimits.captcha} autoComplete="off" />
        </Form.Item>
        <button
          type="button"
          className="captcha-image"
          onClick={state.refresh}
          title="看不清？点击刷新"
          aria-label="图形验证码，点击刷新"
        >
          {state.captcha ? (
            <img src={state.captcha.image} alt="图形验证码" data-key={state.captcha.key} />
          ) : state.failed ? (
            '获取失败，点击重试'
          ) : (
            '加载中…'
          )}
        </button>
      </div>
    </Form.Item>
  );
}
