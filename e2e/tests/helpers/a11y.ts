import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { routeTable, type RouteDef } from '../../../apps/web/src/app/routes.ts';
import { animationsSettled } from './motion.ts';

/** The app's own route table, so routes added later are covered without editing the tests. */
export const routes: RouteDef[] = routeTable;
export const isConsole = (r: RouteDef) => r.path.startsWith('/admin');

/**
 * Parts of the page axe does not judge, each with its reason. Keep this list short: everything else on
 * every page must have 0 serious or critical violations.
 */
export const AXE_EXCLUDE: { selector: string; reason: string }[] = [];

/** WCAG 2.1 A and AA rules only (the level the issue and GB/T 37668 ask for). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until the page has loaded its data: no requests for 500 ms, no loading placeholder, the
 * fonts ready. Conditions only, so a slow machine just takes longer.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], .state-loading, .ant-spin-spinning')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Serious and critical violations on the page as readable lines (empty when clean). */
export async function axeProblems(page: Page, label: string): Promise<string[]> {
  // Toasts go away on their own after 3 s and fade while they do: axe checks the page once they have
  // gone, so a fading one is never measured (their resting colours are antd's dark text on white).
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  // A dialog still zooming in is half transparent, and axe would measure blended colours.
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const { selector } of AXE_EXCLUDE) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: [${v.impact}] ${v.id} — ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * Remembers, per detail route, the first link to it seen on a list page, so detail pages are checked
 * with a real record rather than the "not found" state.
 */
export class DetailLinks {
  private readonly found = new Map<string, string>();
  async harvest(page: Page): Promise<void> {
    const hrefs = await page.locator('#main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      const url = new URL(href, 'http://x');
      if (url.search && !this.found.has(url.pathname)) this.found.set(url.pathname, `${url.pathname}${url.search}`);
    }
  }
  for(path: string): string {
    return this.found.get(path) ?? path;
  }
}

/** Horizontal overflow: the document wider than the window, or elements sticking out on the right. */
export async function overflowProblems(page: Page, label: string): Promise<string[]> {
  return page.evaluate((label) => {
    const problems: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth)
      problems.push(`${label}: document ${scrollWidth}px wide in a ${window.innerWidth}px window`);
    // Clipped overflow does not widen the document, so also look for any element sticking out.
    const sticking = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > window.innerWidth + 1 && getComputedStyle(el).position !== 'fixed';
      })
      // Inside a box that scrolls on its own (wide tables) the overflow is intended and reachable.
      .filter((el) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return false;
        return !el.closest('canvas, [data-allow-overflow]');
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
      .slice(0, 5);
    if (sticking.length) problems.push(`${label}: sticking out: ${sticking.join(', ')}`);
    return problems;
  }, label);
}

/** Controls smaller than 44×44 px on a phone (inline links inside running text are exempt, as in WCAG 2.5.5). */
export async function smallTapTargets(page: Page, label: string): Promise<string[]> {
  const small = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"]',
    );
    const out: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], .skip-link')) continue;
      // A checkbox or radio inside its label: the label is the target.
      const target = (el.matches('input[type="checkbox"], input[type="radio"]') && el.closest('label')) || el;
      const t = target.getBoundingClientRect();
      if (t.height >= 44 && t.width >= 44) continue;
      const inline =
        getComputedStyle(el).display === 'inline' && el.parentElement && el.parentElement.textContent !== el.textContent;
      if (inline) continue;
      out.push(
        `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}「${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 12)}」${Math.round(t.width)}×${Math.round(t.height)}`,
      );
    }
    return out;
  });
  return small.length
    ? [`${label}: small tap targets: ${small.slice(0, 8).join(', ')}${small.length > 8 ? ` …(+${small.length - 8})` : ''}`]
    : [];
}

/** Cumulative layout shift of the page so far (shifts right after user input excluded, as in CLS). */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) total += e.value;
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the observer's first callback, queued before this task.
        setTimeout(() => {
          for (const e of observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) total += e.value;
          observer.disconnect();
          resolve(total);
        }, 0);
      }),
  );
}
