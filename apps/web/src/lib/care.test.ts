import { afterEach, describe, expect, it } from 'vitest';
import { installRootFontScaling } from './viewport.ts';
import { CARE_CLASS, CARE_STORAGE_KEY, initialCareMode, installCareMode, setCareMode, useCareMode } from './care.ts';

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove(CARE_CLASS);
});

describe('care mode (适老化)', () => {
  it('is off by default, on with ?care=1, and the address choice is remembered', () => {
    expect(initialCareMode('')).toBe(false);
    expect(initialCareMode('?keyword=x&care=1')).toBe(true);
    expect(localStorage.getItem(CARE_STORAGE_KEY)).toBe('1');
    expect(initialCareMode('')).toBe(true);
    expect(initialCareMode('?care=0')).toBe(false);
    expect(initialCareMode('')).toBe(false);
  });

  it('ignores other values of care', () => {
    localStorage.setItem(CARE_STORAGE_KEY, '1');
    expect(initialCareMode('?care=yes')).toBe(true);
  });

  it('the switch sets the class on <html>, the store and the stored value, and raises the root font', () => {
    window.innerWidth = 1280;
    installCareMode();
    const stop = installRootFontScaling();
    expect(document.documentElement.style.fontSize).toBe('10px');
    expect(useCareMode.getState().on).toBe(false);
    setCareMode(true);
    expect(document.documentElement.classList.contains(CARE_CLASS)).toBe(true);
    expect(useCareMode.getState().on).toBe(true);
    expect(localStorage.getItem(CARE_STORAGE_KEY)).toBe('1');
    expect(document.documentElement.style.fontSize).toBe('18px');
    setCareMode(false);
    expect(document.documentElement.classList.contains(CARE_CLASS)).toBe(false);
    expect(localStorage.getItem(CARE_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.style.fontSize).toBe('10px');
    stop();
  });
});
