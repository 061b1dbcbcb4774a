/** Platform emblem: a shield with a check mark (deliberately not any official emblem). */
export function Logo({ size = 44 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="site-logo">
      <circle cx="32" cy="32" r="30" style={{ fill: 'var(--zs-primary)' }} />
      <circle cx="32" cy="32" r="26" fill="none" style={{ stroke: 'var(--zs-primary-border)' }} strokeWidth="1.5" />
      <path
        d="M32 12 L48 22 V42 L32 52 L16 42 V22 Z"
        fill="none"
        style={{ stroke: 'var(--zs-surface)' }}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="M24 32 L30 38 L41 26"
        fill="none"
        style={{ stroke: 'var(--zs-accent)' }}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
