import type { Page } from '@playwright/test';

/**
 * Waits until every finite animation or transition on the page has finished (spinners run for ever and are
 * left alone) and no antd motion is under way. A dialog still zooming in is half transparent and moving: a click
 * can land beside its button on a busy machine, and axe would measure blended colours.
 *
 * The motion classes matter on their own: antd (rc-motion) first marks an appearing dialog `…-appear-prepare`
 * and `…-appear-start` and only a frame later `…-appear-active`, which starts the CSS animation. A check in
 * between saw no running animation and let axe measure a dialog about to fade in (a colour-contrast failure on
 * a loaded CI machine).
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const running = document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    if (running) return false;
    const marked = document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]');
    // Only what is drawn: a hidden popup's leave class may outlive it, and axe skips hidden elements anyway.
    return ![...marked].some(
      (el) => el.getClientRects().length > 0 && [...el.classList].some((c) => /^ant-[\w-]+-(appear|enter|leave)(-|$)/.test(c)),
    );
  });
}
