import { useEffect, useState } from 'react';
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
  useReturnFocus(visible);
  return (
    <>
      {visible && dialog === 'login' && <LoginDialog open />}
      {visible && dialog === 'register' && <RegisterDialog open />}
      {visible && dialog === 'reset' && <ResetPasswordDialog open />}
      {visible && dialog === 'prompt' && <RegisterPromptDialog open />}
    </>
  );
}

/**
 * The dialogs unmount as soon as they close, which skips antd's own focus return: remember the control
 * that had focus when a dialog opened (still focused while this renders) and give focus back to it.
 */
function useReturnFocus(visible: boolean) {
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [wasVisible, setWasVisible] = useState(false);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  }
  useEffect(() => {
    if (!visible && opener?.isConnected) opener.focus();
  }, [visible, opener]);
}
