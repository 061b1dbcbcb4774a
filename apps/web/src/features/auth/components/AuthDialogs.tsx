import { useSession } from '../../../lib/session.ts';
import { LoginDialog } from './LoginDialog.tsx';
import { RegisterDialog } from './RegisterDialog.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { RegisterPromptDialog } from './RegisterPromptDialog.tsx';

/**
 * Host of the account dialogs; one is open at a time, chosen by session `dialog`. Only the open one
 * is mounted, so its captcha loads when it opens and its countdown ends when the dialog switches.
 */
export default function AuthDialogs() {
  const visible = useSession((s) => s.loginVisible);
  const dialog = useSession((s) => s.dialog);
  return (
    <>
      {visible && dialog === 'login' && <LoginDialog open />}
      {visible && dialog === 'register' && <RegisterDialog open />}
      {visible && dialog === 'reset' && <ResetPasswordDialog open />}
      {visible && dialog === 'prompt' && <RegisterPromptDialog open />}
    </>
  );
}
