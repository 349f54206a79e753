// Moving through a page with the keyboard only, as a visitor without a mouse does.
import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until the target has the focus (at most `limit` times), and checks the focus is visible on it. */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await expectVisibleFocus(target);
      return;
    }
  }
  throw new Error(`${limit} presses of Tab never reached ${target.toString()}`);
}

/** The focused element shows it: an outline or a focus ring (box-shadow). */
export async function expectVisibleFocus(target: Locator): Promise<void> {
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return { outline, boxShadow: style.boxShadow !== 'none' };
  });
  expect(ring.outline || ring.boxShadow, `no visible focus on ${target.toString()}`).toBe(true);
}

/**
 * What has the focus, for a walk through an open dialog: "frame" for a frame (the video player), else the control's
 * accessible name (its aria-label or its text); "outside: " and its tag when it is not in the dialog.
 */
export function focusedInDialog(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active?.closest('[role="dialog"]')) return `outside: ${active?.tagName ?? 'nothing'}`;
    if (active instanceof HTMLIFrameElement) return 'frame';
    return active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
  });
}

/**
 * Presses each step's key and waits until the focus is on the step's control, as `focusedInDialog` names it. One look
 * right after the key is not enough: focus leaving a cross-origin frame (the video player) passes through the page's
 * body before Chromium gives it to the next element, and on a loaded machine the look lands in between.
 */
export async function walkTheDialog(page: Page, steps: readonly (readonly [key: string, focused: string])[]) {
  for (const [index, [key, focused]] of steps.entries()) {
    await page.keyboard.press(key);
    await expect
      .poll(() => focusedInDialog(page), { message: `the focus after step ${index + 1} (${key})` })
      .toBe(focused);
  }
}
