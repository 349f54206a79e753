// The screenshots of the site in each theme (docs/themes.md): the courses page on a desktop, once in light and once in dark
// (chosen with the theme cookie, as the navbar's toggle does), written to docs/images/. Serve the site first
// (`SITE_PORT_OFFSET=100 node scripts/serve.mjs --fresh-backend`), then: `SITE_PORT_OFFSET=100 node e2e/scripts/theme-screenshots.mjs`.
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '@site/tools/browser/chromium';

const siteUrl = `http://localhost:${3000 + Number(process.env.SITE_PORT_OFFSET ?? 0)}`;
const pagePath = '/courses';
const imagesDir = path.resolve(import.meta.dirname, '../../docs/images');

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'light',
    });
    await context.addCookies([{ name: 'theme', value: theme, url: siteUrl }]);
    // A visitor who saw the newsletter pop-up: it stays closed.
    await context.addInitScript(() =>
      localStorage.setItem('newsletterTimestamp', String(Date.UTC(2100, 0, 1))),
    );
    const page = await context.newPage();
    await page.goto(`${siteUrl}${pagePath}`);
    await page.waitForLoadState('networkidle');
    // The ad toast slides in after 2 s; the visitor closes it.
    const dismiss = page.getByRole('button', { name: 'Dismiss the ad' });
    await dismiss.waitFor({ timeout: 8_000 });
    await dismiss.click();
    await page.getByRole('complementary', { name: 'Advertisement' }).waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(imagesDir, `theme-${theme}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
}
