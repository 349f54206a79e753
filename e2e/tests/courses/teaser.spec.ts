import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { asReturningVisitor, sectionLoadTimeout } from './coursesSite.ts';
import { scrollToSection, waitForSectionReady } from '../../support/sections.ts';

test.beforeEach(({ page }) => asReturningVisitor(page));

const platforms = [
  { name: 'Udemy', href: 'https://www.udemy.com/user/alex-morgan-dev/' },
  { name: 'Skillshare', href: 'https://www.skillshare.com/en/profile/alex-morgan/' },
];

test('the home page ends with the courses teaser: two platform cards with their logos', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await scrollToSection(page, 'courses/CoursesTeaser');
  // The server's HTML holds the teaser before any code runs: the section's own code is what makes it live here.
  await waitForSectionReady(page, 'courses/CoursesTeaser', sectionLoadTimeout);
  const teaser = page.getByRole('region', { name: 'Learn web development with my courses' });
  await expect(teaser).toBeVisible();
  await expect(teaser.getByRole('heading', { level: 2 })).toHaveText('Learn web development with my courses');
  await expect(teaser.getByRole('article')).toHaveCount(2);
  for (const [index, { name }] of platforms.entries()) {
    const card = teaser.getByRole('article').nth(index);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(name);
    await expect(card.getByRole('img', { name })).toBeVisible();
  }
  // Last on the page: no other section's slot follows the teaser inside main.
  const lastSlot = page.locator('main [data-section]').last();
  await expect(lastSlot).toHaveAttribute('data-section', 'courses/CoursesTeaser');
  expect(errors).toEqual([]);
});

test('each platform card opens the platform profile in a new tab', async ({ page, context }) => {
  // No machine here reaches Udemy or Skillshare: answer for them, so the new tab can be followed.
  await context.route(/^https:\/\/www\.(udemy|skillshare)\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>platform</title>' }),
  );
  await page.goto('/');
  await scrollToSection(page, 'courses/CoursesTeaser');
  const teaser = page.getByRole('region', { name: 'Learn web development with my courses' });
  await expect(teaser).toBeVisible({ timeout: sectionLoadTimeout });
  for (const { name, href } of platforms) {
    const link = teaser.getByRole('link', { name: `Visit ${name} (opens in a new tab)` });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(tab).toHaveURL(href);
    await tab.close();
  }
  await expect(page).toHaveURL('/');
});

test('"Visit All Courses" leads to /courses without a reload', async ({ page }) => {
  await page.goto('/');
  await scrollToSection(page, 'courses/CoursesTeaser');
  // The server's HTML holds the link at once; the browser's own navigation starts once the section is live (a click
  // before that is an ordinary page load of /courses).
  await waitForSectionReady(page, 'courses/CoursesTeaser');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const visitAll = page.getByRole('link', { name: 'Visit All Courses' });
  await expect(visitAll).toBeVisible({ timeout: sectionLoadTimeout });
  await visitAll.click();
  await expect(page).toHaveURL('/courses');
  await expect(page).toHaveTitle('Alex Morgan | Courses');
  await expect(page.getByRole('searchbox', { name: 'Search courses by title' })).toBeVisible({
    timeout: sectionLoadTimeout,
  });
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});
