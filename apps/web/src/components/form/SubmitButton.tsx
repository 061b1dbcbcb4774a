import type { ReactNode } from 'react';

/** A plain form's submit button: disabled while the request runs, saying so ("提交中…" unless told otherwise). */
export function SubmitButton({
  busy,
  large = false,
  busyText = '提交中…',
  children,
}: {
  busy: boolean;
  large?: boolean;
  busyText?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={large ? 'btn btn-primary btn-large' : 'btn btn-primary'} disabled={busy}>
      {busy ? busyText : children}
    </button>
  );
}
