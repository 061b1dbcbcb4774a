import { describe, expect, it } from 'vitest';
import { headerIconFontFor, installRootFontScaling, rootFontFor } from './viewport.ts';

describe('page scaling (docs/product.md §9)', () => {
  it('root font is 15px × width / 1920 on desktop and a fixed readable size on phones', () => {
    expect(rootFontFor(1920)).toBe(15);
    expect(rootFontFor(1440)).toBe(11.25);
    expect(rootFontFor(768)).toBe(6);
    expect(rootFontFor(767)).toBe(14);
    expect(rootFontFor(375)).toBe(14);
  });

  it('header icons are 19px, 10px below 1366px', () => {
    expect(headerIconFontFor(1366)).toBe(19);
    expect(headerIconFontFor(1365)).toBe(10);
  });

  it('applies at start and on resize', () => {
    window.innerWidth = 1920;
    const stop = installRootFontScaling();
    expect(document.documentElement.style.fontSize).toBe('15px');
    window.innerWidth = 1440;
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('11.25px');
    stop();
    window.innerWidth = 1920;
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('11.25px');
  });
});

describe('care mode (适老化) root font', () => {
  it('never goes below 18px, on phones and narrow desktops alike, and keeps larger sizes', () => {
    expect(rootFontFor(1280, true)).toBe(18);
    expect(rootFontFor(390, true)).toBe(18);
    expect(rootFontFor(2560, true)).toBe(20);
    expect(rootFontFor(1280, false)).toBe(10);
  });
});
