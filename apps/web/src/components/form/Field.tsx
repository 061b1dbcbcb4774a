import type { ReactNode } from 'react';

/** A labelled form row with its error message under the control. */
export function Field({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={`form-row${error ? ' has-error' : ''}`}>
      <label htmlFor={`f-${name}`} className="form-label">
        {label}
      </label>
      {children}
      {error && (
        <p id={`f-${name}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
