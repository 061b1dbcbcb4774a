import type { Page } from '@playwright/test';

/**
 * Waits until every finite animation or transition on the page has finished (spinners run for ever and are
 * left alone). A dialog still zooming in is half transparent and moving: a click can land beside its button
 * on a busy machine, and axe would measure blended colours.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}
