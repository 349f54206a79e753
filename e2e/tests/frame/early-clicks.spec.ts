// A page arrives rendered, and its code starts once the page has loaded (shell/src/boot.js): on a slow network a
// visitor can use the frame's controls before that code runs. Such a click is not lost: it takes effect once the
// code is live, as a form sent early is sent then.
import { expect, test, type Page } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';

test.setTimeout(60_000);

/** A slow mobile network, emulated by the browser: the app's scripts take seconds to arrive after the page loaded. */
async function onASlowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: 40 * 1024,
    uploadThroughput: 40 * 1024,
  });
}

/** Notes, for each click, whether the frame's code was live at that moment (as the page itself knew it). */
async function recordClicks(page: Page) {
  await page.addInitScript(() => {
    const clicks: boolean[] = [];
    (window as unknown as { frameLiveAtClicks: boolean[] }).frameLiveAtClicks = clicks;
    window.addEventListener(
      'click',
      (event) => {
        if (event.isTrusted)
          clicks.push(document.getElementById('root')?.hasAttribute('data-hydrated') === true);
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { frameLiveAtClicks: boolean[] }).frameLiveAtClicks);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu pressed before the frame’s code runs opens once it does', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const frameLiveAtClicks = await recordClicks(page);
    await onASlowNetwork(page);
    await page.goto('/about');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    expect(await frameLiveAtClicks()).toEqual([false]);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true', { timeout: 30_000 });
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the dark theme chosen before the frame’s code runs is applied and remembered once it does', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const frameLiveAtClicks = await recordClicks(page);
    await onASlowNetwork(page);
    await page.goto('/about');
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click();
    expect(await frameLiveAtClicks()).toEqual([false]);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark', { timeout: 30_000 });
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'theme');
    expect(cookie?.value).toBe('dark');
    expect(errors).toEqual([]);
  });
});
