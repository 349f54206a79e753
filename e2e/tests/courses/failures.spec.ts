// When the backend cannot answer, the page logs the failure with its label and leaves a calm empty state.
// The failure is injected at the network edge; everything else runs for real. The page is opened through the navbar,
// so the browser loads the data (a page a visitor arrives on comes with its data from the server).
import { expect, test, type Route } from '@playwright/test';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { openThroughTheNavbar } from '../../support/pages.ts';
import { asReturningVisitor, coursesPage, sectionLoadTimeout } from './coursesSite.ts';

test.beforeEach(({ page }) => asReturningVisitor(page));

/** Answers the table's reads as a backend that is down would; writes pass. */
function failReads() {
  return (route: Route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'PGRST000',
            details: null,
            hint: null,
            message: 'backend unavailable',
          }),
        })
      : route.continue();
}

test('a failed course load is logged as [courses] and leaves an empty state; testimonials still show', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.route(/\/rest\/v1\/courses\b/, failReads());
  await openThroughTheNavbar(page, 'Courses', '/courses');
  const courses = coursesPage(page);
  await expect(courses.summary).toHaveText('No courses to show right now. Please check back soon.', {
    timeout: sectionLoadTimeout,
  });
  await expect(courses.grid).toHaveCount(0);
  await expect(courses.showAll).toHaveCount(0);
  await expect(courses.searchBox).toBeVisible();
  await expect(courses.testimonials.getByRole('figure').first()).toBeVisible();
  await expect
    .poll(() => errors.filter((text) => text.startsWith('[courses] load failed:')).length)
    .toBeGreaterThan(0);
  expect(errors.filter((text) => text.startsWith('uncaught'))).toEqual([]);
});

test('a failed testimonials load is logged as [testimonials] and leaves the section out', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.route(/\/rest\/v1\/testimonials\b/, failReads());
  await openThroughTheNavbar(page, 'Courses', '/courses');
  const courses = coursesPage(page);
  await expect(courses.grid.getByRole('article').first()).toBeVisible({ timeout: sectionLoadTimeout });
  await expect
    .poll(() => errors.filter((text) => text.startsWith('[testimonials] load failed:')).length)
    .toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'What my students say' })).toHaveCount(0);
  expect(errors.filter((text) => text.startsWith('uncaught'))).toEqual([]);
});
