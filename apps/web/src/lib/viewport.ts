import { create } from 'zustand';
import {
  HEADER_ICON_FONT_NARROW_PX,
  HEADER_ICON_FONT_PX,
  HEADER_NARROW_BREAKPOINT,
  MOBILE_BREAKPOINT,
  rootFontSize,
} from '@zs/shared/constants';
import { CARE_CLASS } from './care.ts';

/** Readable fixed root size for phones: below 768px the layout reflows instead of shrinking text. */
export const MOBILE_ROOT_FONT_PX = 14;

/** Care mode (适老化) floor: body text stays at least this size whatever the width. */
export const CARE_ROOT_FONT_PX = 18;

export function rootFontFor(width: number, care = false): number {
  const base = width < MOBILE_BREAKPOINT ? MOBILE_ROOT_FONT_PX : rootFontSize(width);
  return care ? Math.max(base, CARE_ROOT_FONT_PX) : base;
}

export function headerIconFontFor(width: number): number {
  return width < HEADER_NARROW_BREAKPOINT ? HEADER_ICON_FONT_NARROW_PX : HEADER_ICON_FONT_PX;
}

interface ViewportState {
  width: number;
  isMobile: boolean;
}

export const useViewport = create<ViewportState>()(() => ({
  width: typeof window === 'undefined' ? 1920 : window.innerWidth,
  isMobile: typeof window === 'undefined' ? false : window.innerWidth < MOBILE_BREAKPOINT,
}));

function apply(): void {
  const width = window.innerWidth;
  const care = document.documentElement.classList.contains(CARE_CLASS);
  document.documentElement.style.fontSize = `${rootFontFor(width, care)}px`;
  useViewport.setState({ width, isMobile: width < MOBILE_BREAKPOINT });
}

/** docs/product.md §9: computed at start and on every resize. Returns the clean-up. */
export function installRootFontScaling(): () => void {
  apply();
  window.addEventListener('resize', apply);
  return () => window.removeEventListener('resize', apply);
}
