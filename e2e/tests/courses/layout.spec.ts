// The courses section on a phone, a tablet and a desktop: columns, no sideways scrolling, nothing jumping while
// data loads, and no accessibility violations axe can find.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '../../support/test.ts';
import {
  asReturningVisitor,
  expectShownTitles,
  openCoursesPage,
  sectionLoadTimeout,
  seededCourses,
} from './coursesSite.ts';
import { scrollToSection } from '../../support/sections.ts';
import { expectStableLayout, recordLayoutShifts } from '../../support/layoutShift.ts';

test.beforeEach(({ page }) => asReturningVisitor(page));

const screens = [
  { width: 390, height: 844, courseColumns: 1, teaserColumns: 1, testimonialColumns: 1 },
  { width: 768, height: 1024, courseColumns: 2, teaserColumns: 1, testimonialColumns: 2 },
  { width: 1280, height: 800, courseColumns: 3, teaserColumns: 2, testimonialColumns: 3 },
];

/** How many items share the first row of a list. */
async function columns(list: Locator): Promise<number> {
  return list.evaluate((element) => {
    const tops = Array.from(element.children).map((child) => Math.round(child.getBoundingClientRect().top));
    return tops.filter((top) => top === tops[0]).length;
  });
}

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

for (const screen of screens) {
  test(`at ${screen.width} px: ${screen.courseColumns} course column(s), no sideways scroll`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const courses = await openCoursesPage(page);
    expect(await columns(courses.grid)).toBe(screen.courseColumns);
    const testimonials = courses.testimonials.getByRole('list');
    await expect(testimonials.getByRole('figure').first()).toBeVisible();
    expect(await columns(testimonials)).toBe(screen.testimonialColumns);
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto('/');
    await scrollToSection(page, 'courses/CoursesTeaser');
    await scrollToSection(page, 'courses/CoursesTeaser');
    const teaser = page.getByRole('region', { name: 'Learn web development with my courses' });
    await expect(teaser.getByRole('article')).toHaveCount(2, { timeout: sectionLoadTimeout });
    expect(await columns(teaser.getByRole('list'))).toBe(screen.teaserColumns);
    expect(await scrollsSideways(page)).toBe(false);
  });
}

test('/courses does not shift while courses and testimonials load', async ({ page }) => {
  await recordLayoutShifts(page, '[data-section="courses/CoursesPage"]');
  await page.setViewportSize({ width: 1280, height: 800 });
  const courses = await openCoursesPage(page);
  await expect(courses.testimonials.getByRole('figure').first()).toBeAttached();
  await expectStableLayout(page);
});

// The page as it loads, and the home page's teaser, are checked by accessibility/axe.spec.ts (every page, both themes,
// phone and desktop, with the same rules and more); here, what only a visitor's choice shows.
test('axe finds no violations in the courses page with a chip chosen', async ({ page }) => {
  test.slow(); // axe takes seconds per run on a busy machine
  const courses = await openCoursesPage(page);
  await expect(courses.testimonials.getByRole('figure').first()).toBeVisible();
  await courses.chip('NESTJS').click();
  await expect(courses.chip('NESTJS')).toHaveAttribute('aria-pressed', 'true');
  // The chip's answer, not the cards still dimmed while it is under way (axe would measure the fading colours).
  const tagged = (await seededCourses()).filter((course) => course.keywords.includes('nestjs'));
  await expectShownTitles(
    courses,
    tagged.map((course) => course.title),
  );
  const chosenResults = await new AxeBuilder({ page })
    .include('[data-section="courses/CoursesPage"]')
    .analyze();
  expect(chosenResults.violations).toEqual([]);
});
