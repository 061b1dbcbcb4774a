import { useState } from 'react';
import type { Check } from '../../lib/portalValidators.ts';

/**
 * Small form state for the portal's application forms (antd Form would double the route's JS):
 * values, per-field checks, errors shown after a field is left or on submit.
 */
export function useCheckedForm<K extends string>(checks: Record<K, Check>, initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});

  const check = (name: K, value: string) => {
    const message = checks[name](value);
    setErrors((e) => ({ ...e, [name]: message ?? undefined }));
    return message;
  };

  const field = (name: K) => ({
    id: `f-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `f-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) check(name, value);
    },
    onBlur: () => check(name, values[name]),
  });

  /** Checks every field; returns the first failing field's name, or null when all pass. */
  const validateAll = (): K | null => {
    let first: K | null = null;
    const next: Partial<Record<K, string>> = {};
    for (const name of Object.keys(checks) as K[]) {
      const message = checks[name](values[name]);
      if (message) {
        next[name] = message;
        first ??= name;
      }
    }
    setErrors(next);
    if (first) document.getElementById(`f-${first}`)?.focus();
    return first;
  };

  return { values, errors, field, validateAll };
}
