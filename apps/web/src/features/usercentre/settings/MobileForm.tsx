import { useEffect, useState, type FormEvent } from 'react';
import { SMS_COUNTDOWN_S } from '@zs/shared/constants';
import { inputLimits, smsPrecheck } from '../../../lib/formRules.ts';
import { toast } from '../../../lib/feedback.ts';
import { Field } from '../../../components/form/Field.tsx';
import { useCheckedForm } from '../../../components/form/useCheckedForm.ts';
import { sendChangeMobileCode, setMobile } from '../api/usercentre.ts';
import { useCaptcha } from '../../../lib/useCaptcha.ts';
import { useCountdown } from '../../../lib/useCountdown.ts';
import { settingsChecks } from './checks.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

const checks = { mobile: settingsChecks.mobile, captcha: settingsChecks.captcha, code: settingsChecks.code };
const EMPTY = { mobile: '', captcha: '', code: '' };

/** New mobile: the image captcha guards the SMS to the new number (sengSmsCode, 60 s wait), then webSetMobile. */
export function MobileForm({ onDone }: { onDone: () => void }) {
  const [round, setRound] = useState(0);
  return (
    <MobileFields
      key={round}
      onDone={() => {
        setRound((r) => r + 1);
        onDone();
      }}
    />
  );
}

function MobileFields({ onDone }: { onDone: () => void }) {
  const form = useCheckedForm(checks, EMPTY);
  const cap = useCaptcha();
  const { left, start } = useCountdown();
  const { busy: sending, submit: sendCode } = useSubmit();
  const { busy, submit: change } = useSubmit();
  const key = cap.captcha?.key ?? '';
  const { onChange: setCaptchaText } = form.field('captcha');
  // An answer belongs to one image: a new image empties it.
  useEffect(() => {
    if (key) setCaptchaText({ target: { value: '' } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const send = async () => {
    const { mobile, captcha } = form.values;
    const warning = smsPrecheck(mobile, captcha);
    if (warning) return toast.warning(warning);
    const ok = await sendCode(() => sendChangeMobileCode({ mobile: mobile.trim(), captcha: captcha.trim(), key }), {
      success: '验证码已发送',
    });
    if (ok) start(SMS_COUNTDOWN_S);
    else cap.refresh();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || form.validateAll()) return;
    const ok = await change(() => setMobile({ mobile: form.values.mobile.trim(), code: form.values.code.trim() }), {
      success: '手机号已更换',
    });
    if (ok) onDone();
  };

  return (
    <form className="plain-form uc-form" onSubmit={(e) => void submit(e)} noValidate aria-label="更换手机号">
      <Field name="mobile" label="新手机号" error={form.errors.mobile}>
        <input {...form.field('mobile')} maxLength={inputLimits.mobile} inputMode="numeric" autoComplete="tel" />
      </Field>
      <Field name="captcha" label="图形验证码" error={form.errors.captcha}>
        <div className="uc-inline">
          <input {...form.field('captcha')} maxLength={inputLimits.captcha} autoComplete="off" placeholder="请输入图形验证码" />
          <button type="button" className="uc-captcha-image" onClick={cap.refresh} title="看不清？点击刷新">
            {cap.captcha ? (
              <img src={cap.captcha.image} alt="图形验证码" data-key={cap.captcha.key} />
            ) : cap.failed ? (
              '获取失败，点击重试'
            ) : (
              '加载中…'
            )}
          </button>
        </div>
      </Field>
      <Field name="code" label="短信验证码" error={form.errors.code}>
        <div className="uc-inline">
          <input
            {...form.field('code')}
            maxLength={inputLimits.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="请输入6位数字验证码"
          />
          <button type="button" className="btn" onClick={() => void send()} disabled={left > 0 || sending}>
            {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
          </button>
        </div>
      </Field>
      <SubmitButton busy={busy}>更换手机号</SubmitButton>
    </form>
  );
}
