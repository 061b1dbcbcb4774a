import { useState } from 'react';

interface FieldState {
  errors?: string[];
}

/**
 * antd shows field errors without a live region. This keeps one polite live region per form with the
 * first error, so screen readers announce it; the message stays tied to its field by antd's
 * aria-describedby. Spread `onFieldsChange` on the <Form> and render `region` inside it.
 */
export function useErrorAnnouncer() {
  const [message, setMessage] = useState('');
  const onFieldsChange = (_changed: unknown, all: FieldState[]) =>
    setMessage(all.find((f) => f.errors?.length)?.errors?.[0] ?? '');
  const region = (
    <div className="visually-hidden" role="status" aria-live="polite">
      {message}
    </div>
  );
  return { onFieldsChange, region };
}
