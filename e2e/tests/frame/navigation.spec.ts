import { expect, test } from '../../support/test.ts';
import { recordBusEvents } from '../../support/eventBus.ts';
import { expectedDescription, expectedPages } from '../../support/pages.ts';
import { holdRequest } from '../../support/heldRequest.ts';
import { ports } from '../../support/site.ts';
import { waitForFrameLive } from '../../support/sections.ts';

test('navbar items change the page, its title and description, and record the route', async ({ page }) => {
  await page.goto('/');
  const events = await recordBusEvents(page);
  const menu = page.getByRole('navigation', { name: 'Main' });
  for (const [label, path, title] of [
    ['About', '/about', 'Alex Morgan | About'],
    ['Portfolio', '/portfolio', 'Alex Morgan | Portfolio'],
    ['Tutorials', '/tutorials', 'Alex Morgan | Tutorials'],
    ['Courses', '/courses', 'Alex Morgan | Courses'],
    ['Home', '/', 'Alex Morgan | Home'],
  ] as const) {
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      expectedDescription(path),
    );
    await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  expect((await events()).filter((event) => event.name === 'userRoutes').map((event) => event.route)).toEqual(
    ['/about', '/portfolio', '/tutorials', '/courses', '/'],
  );
});

test('the title changes with the page’s heading, never after it', async ({ page }) => {
  // A screen reader, a tab strip or a test that sees the new heading must see the new title with it (WebKit's
  // journey once read "About" under the Courses heading). A mutation observer runs as soon as the DOM changes.
  await page.goto('/about');
  await waitForFrameLive(page);
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { titlesSeen: string[] }).titlesSeen = seen;
    new MutationObserver(() => {
      const heading = document.querySelector('h1')?.textContent ?? '';
      seen.push(`${heading} → ${document.title}`);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Courses', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Courses');
  const seen = await page.evaluate(() => (window as unknown as { titlesSeen: string[] }).titlesSeen);
  const underCourses = seen.filter((entry) => entry.startsWith('Courses → '));
  expect(underCourses.length).toBeGreaterThan(0);
  expect(new Set(underCourses)).toEqual(new Set(['Courses → Alex Morgan | Courses']));
});

test('the blog opens in a new tab', async ({ page }) => {
  await page.goto('/');
  const blog = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Blog/ });
  await expect(blog).toHaveAttribute('target', '_blank');
  await expect(blog).toHaveAttribute('href', 'https://blog.alexmorgan.dev');
});

test('the logo shrinks once the page is scrolled more than 100 px', async ({ page }) => {
  await page.goto('/about');
  const header = page.getByRole('banner');
  const logoHeight = () =>
    header
      .locator('svg')
      .first()
      .evaluate((svg) => svg.getBoundingClientRect().height);
  const fullHeight = await logoHeight();
  await page.evaluate(() => window.scrollTo(0, 100));
  await expect(header).toHaveAttribute('data-compact', 'false');
  await page.evaluate(() => window.scrollTo(0, 101));
  await expect(header).toHaveAttribute('data-compact', 'true');
  await expect.poll(logoHeight).toBeLessThan(fullHeight);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-compact', 'false');
});

test('the loading bar is #28a7e9 and 2 px high, and runs while a page loads', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByTestId('loading-bar');
  await expect(bar).toHaveCSS('background-color', 'rgb(40, 167, 233)');
  await expect(bar).toHaveCSS('height', '2px');
  // The bar is the app's: a link followed before the frame's code runs is a plain page load.
  await waitForFrameLive(page);
  // The next section's manifest waits until the test lets it go: the bar runs meanwhile, then completes.
  const manifest = await holdRequest(page, (request) => {
    const url = new URL(request.url());
    return url.port === String(ports.courses) && url.pathname.endsWith('/mf-manifest.json');
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await manifest.sent;
  await expect(bar).toHaveAttribute('data-phase', 'loading');
  await expect(bar).toHaveCSS('opacity', '1');
  await manifest.release();
  // The page the visitor asked for is shown, and the bar has completed.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    expectedPages.find(({ path }) => path === '/courses')!.banner,
  );
  await expect(bar).not.toHaveAttribute('data-phase', 'loading');
});

test('the footer shows the tagline, five social icons, its link groups and the current year', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(
    footer.getByText('Plan in decades. Think in years. Work by month. Live in days.'),
  ).toBeVisible();
  await expect(footer.getByRole('list', { name: 'Social profiles' }).getByRole('link')).toHaveCount(5);
  await expect(footer.getByText(`© ${new Date().getFullYear()} Alex Morgan`)).toBeVisible();
  const events = await recordBusEvents(page);
  for (const [label, heading] of [
    ['Privacy Policy', 'Privacy Policy'],
    ['Terms and Conditions', 'Terms and Conditions'],
    ['Terms of Service', 'Terms of Service'],
    ['Courses', 'Courses'],
    ['About', 'About Me'],
  ] as const) {
    await footer.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  expect(
    (await events()).filter((event) => event.name === 'userRoutesFromFooter').map((e) => e.route),
  ).toEqual([
    '/help/privacy-policy',
    '/help/terms-and-conditions',
    '/help/terms-of-service',
    '/courses',
    '/about',
  ]);
});

test('going back restores the scroll position; a new page starts at the top', async ({ page }) => {
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  // The navbar is fixed, so clicking it does not scroll the page first.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Courses');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Me');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
});

test('a position reached before the site’s code ran is restored too', async ({ page }) => {
  // On a slow phone the visitor reads and scrolls before the app has started (it starts after the page has loaded).
  const app = await holdRequest(page, (request) =>
    /\/main\.[0-9a-f]+\.js$/.test(new URL(request.url()).pathname),
  );
  await page.goto('/about');
  await app.sent;
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  await app.release();
  await waitForFrameLive(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Courses');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Me');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
});

test('the home hero fills the first screen and leads to the projects and to the contact form', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/');
  const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  // The hero reaches the bottom of the window below the 95 px navbar.
  expect(await hero.evaluate((element) => Math.round(element.getBoundingClientRect().bottom))).toBe(823);
  // On a desktop, where the ad toast (bottom left) cannot cover the two links.
  await page.setViewportSize({ width: 1280, height: 800 });
  await hero.getByRole('link', { name: 'Get in touch' }).click();
  await expect(page).toHaveURL(/#contact$/);
  await expect(page.getByRole('region', { name: 'Contact', exact: true })).toBeInViewport();
  await page.goto('/');
  await hero.getByRole('link', { name: 'See my projects' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio');
});
