// The home page's first screen is the hero and the section right below it, whose code loads once the page is idle
// after loading; the code of the sections further down loads as the visitor scrolls towards them (or engages with the
// page), so it costs nothing to a visitor who reads the top only. Their HTML and its stylesheets come with the page
// (rendered on the server), so nothing shifts meanwhile.
import { expect, test, type Request } from '../../support/test.ts';
import { enhancementFallbackMs } from '../../support/deadlines.ts';
import { advancePageClock, holdPageClock } from '../../support/pageClock.ts';
import { scrollToSection, waitForFrameLive } from '../../support/sections.ts';

test.use({ viewport: { width: 412, height: 823 } });

test('on a phone, the home page loads the sections further down only as the visitor scrolls to them', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto('/');
  const remotes = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
  const fromSection = (section: string) => {
    const origin = new URL(remotes[section]!).origin;
    return requests
      .filter((request) => request.url().startsWith(origin) && request.resourceType() !== 'stylesheet')
      .map((request) => request.url());
  };

  // The first screen: the hero, with the about section right below it, in the HTML; its code comes once the page is
  // idle after loading.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hello, I'm Alex Morgan, Web Developer");
  await expect(page.getByRole('region', { name: "I'm Alex, a full-stack web developer" })).toContainText(
    'MEAN stack',
  );
  await expect.poll(() => fromSection('portfolio').some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(fromSection('tutorials')).toEqual([]);
  expect(fromSection('courses')).toEqual([]);

  await scrollToSection(page, 'courses/CoursesTeaser');
  await expect(page.getByRole('region', { name: 'Learn web development with my courses' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Free video tutorials on YouTube' })).toBeVisible();
  await expect.poll(() => fromSection('courses').some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
});

// An order, not a duration: the page's clock is the test's (support/pageClock.ts), so what happens before the
// fallback's moment and at it is the product's rule, whatever the machine's speed. How long after the load event the
// section is live is a figure of the bench (bench/latency.mjs).
test('a section further down loads by itself once the page has been open a few seconds, for visitors who do not scroll', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const coursesOrigin = new URL(
    ((await (await page.request.get('/remotes.json')).json()) as Record<string, string>).courses!,
  ).origin;
  const coursesCode = () =>
    requests
      .filter((request) => request.url().startsWith(coursesOrigin) && request.resourceType() === 'script')
      .map((request) => request.url());
  const underWay = await holdPageClock(page);
  await page.goto('/');
  // Once the frame's code runs (it counts from the load event), everything the page does up to a millisecond before
  // the fallback: the first screen's section hydrates, the network falls quiet. The visitor neither scrolls nor
  // moves; the teaser, two screens down, is its server HTML (or, when the server left it to the browser, its
  // reserved space).
  await waitForFrameLive(page);
  await advancePageClock(page, underWay, enhancementFallbackMs - 1);
  await expect(page.locator('[data-section="portfolio/HomeAbout"]')).toHaveAttribute('data-ready', 'true');
  const teaser = page.locator('[data-section="courses/CoursesTeaser"]');
  await expect(teaser).not.toHaveAttribute('data-ready', 'true');
  expect(coursesCode()).toEqual([]);

  // The fallback's moment: the teaser's code is asked for, and it hydrates by itself.
  await page.clock.runFor(1);
  await expect.poll(() => coursesCode().length).toBeGreaterThan(0);
  await page.clock.resume();
  await expect(teaser).toHaveAttribute('data-ready', 'true');
});
