import type { ReactNode } from 'react';
import { colourClass } from './tone.ts';

/**
 * A small status tag in plain markup (antd's Tag would push the user pages over their JS budget, decisions/0008);
 * `color` is a status colour name, `className` adds a page's own look.
 */
export function Tag({
  color = 'default',
  children,
  testId,
  className = '',
}: {
  color?: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <span className={`zs-tag ${colourClass(color)} ${className}`.trim()} data-testid={testId}>
      {children}
    </span>
  );
}
