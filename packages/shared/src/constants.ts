/** Business constants of docs/product.md §9. */
export const HTTP_TIMEOUT_MS = 60_000;
export const SMS_COUNTDOWN_S = 60;
export const LOGOUT_TOKEN_REMOVAL_MS = 500;
export const LOGOUT_TOAST_DELAY_MS = 1_000;
export const EXPIRED_REDIRECT_MS = 1_500;
export const RESET_CLOSE_DELAY_MS = 3_000;
export const USER_TYPE = 2;
export const TOKEN_STORAGE_KEY = 'standard-token';
export const LOGIN_DIALOG_WIDTH = 420;
export const RESET_DIALOG_WIDTH = 600;
export const DESIGN_WIDTH = 1920;
export const BASE_FONT_PX = 15;
export const HEADER_ICON_FONT_PX = 19;
export const HEADER_ICON_FONT_NARROW_PX = 10;
export const HEADER_NARROW_BREAKPOINT = 1366;
/** Below this width the web app switches to its mobile layout instead of shrinking text. */
export const MOBILE_BREAKPOINT = 768;

/** docs/product.md §9: root font = 15px × width / 1920. */
export function rootFontSize(width: number): number {
  return (BASE_FONT_PX * width) / DESIGN_WIDTH;
}

/** docs/product.md §2: first 3 digits, four stars, then the rest (138****5678). */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  if (mobile.length < 7) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}
