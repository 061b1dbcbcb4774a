/**
 * Navigation usable outside React (HTTP client, session actions). The router registers its own
 * navigate function at start; before that (or in tests without a router) a full page load is used.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let current: NavigateFn | null = null;

export function registerNavigate(fn: NavigateFn | null): void {
  current = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (current) current(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
