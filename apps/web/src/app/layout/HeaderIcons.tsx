import type { CSSProperties } from 'react';

/**
 * The header's three icons as inline SVG: the header is on every first page, and the icon package's
 * runtime would add to the entry's JavaScript. Decorative: the controls carry the names.
 */
function Icon({ d, style }: { d: string; style?: CSSProperties }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
      style={style}
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const BellIcon = ({ style }: { style?: CSSProperties }) => (
  <Icon style={style} d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16ZM10 20.5a2 2 0 0 0 4 0" />
);
export const LogoutIcon = ({ style }: { style?: CSSProperties }) => <Icon style={style} d="M14 4H6v16h8M10 12h10M17 8l4 4-4 4" />;
export const MenuIcon = () => <Icon d="M4 6h16M4 12h16M4 18h16" />;
