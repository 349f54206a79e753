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

/** Whether the focus is inside the element. */
export function focusIsWithin(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element.contains(document.activeElement));
}
