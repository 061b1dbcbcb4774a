import { create } from 'zustand';

/**
 * 适老化 (care) mode: larger text, stronger contrast, bigger click targets, no motion. Turned on by the
 * header switch or `?care=1` (`?care=0` turns it off) and remembered in localStorage. The class on
 * <html> drives styles/care.css; the root font floor lives in viewport.ts.
 */
export const CARE_STORAGE_KEY = 'care-mode';
export const CARE_CLASS = 'care';

function stored(): boolean {
  try {
    return localStorage.getItem(CARE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function remember(on: boolean): void {
  try {
    if (on) localStorage.setItem(CARE_STORAGE_KEY, '1');
    else localStorage.removeItem(CARE_STORAGE_KEY);
  } catch {
    // Storage disabled (privacy mode): the mode still applies to this page.
  }
}

/** The initial state: the address wins over what was remembered, and is remembered in turn. */
export function initialCareMode(search: string): boolean {
  const param = new URLSearchParams(search).get('care');
  if (param === '1' || param === '0') {
    remember(param === '1');
    return param === '1';
  }
  return stored();
}

export const useCareMode = create<{ on: boolean }>()(() => ({ on: false }));

function apply(on: boolean): void {
  document.documentElement.classList.toggle(CARE_CLASS, on);
  useCareMode.setState({ on });
}

/** Called once before the first render, so the first paint already has the right sizes. */
export function installCareMode(): void {
  apply(initialCareMode(window.location.search));
}

export function setCareMode(on: boolean): void {
  remember(on);
  apply(on);
  // The root font depends on the mode: let viewport.ts recompute it.
  window.dispatchEvent(new Event('resize'));
}
