import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import {
  asReturningVisitor,
  openCoursesPage,
  seededTestimonials,
  type SeededTestimonial,
} from './coursesSite.ts';

test.beforeEach(({ page }) => asReturningVisitor(page));

const platformNames = { UDEMY: 'Udemy', SKILLSHARE: 'Skillshare', YOUTUBE: 'YouTube' } as const;

let seed: SeededTestimonial[];

test.beforeAll(async () => {
  seed = await seededTestimonials();
});

test('the testimonials follow the courses: quote, person, platform logo, picture or default icon', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const courses = await openCoursesPage(page);
  expect(seed.some((row) => row.person_image === null)).toBe(true);
  expect(seed.some((row) => row.person_image !== null)).toBe(true);

  const section = courses.testimonials;
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('What my students say');
  for (const row of seed) {
    const figure = section.getByRole('figure', { name: row.person_name, exact: true });
    await figure.scrollIntoViewIfNeeded();
    await expect(figure.locator('blockquote')).toHaveText(row.testimonial);
    await expect(figure.locator('figcaption')).toContainText(row.person_name);
    await expect(figure.getByRole('img', { name: platformNames[row.platform], exact: true })).toBeVisible();
    const picture = figure.locator('figcaption img');
    if (row.person_image) {
      await expect(picture).toHaveAttribute('src', new RegExp(`${row.person_image.replace(/[.]/g, '\\.')}$`));
      await expect(picture).toHaveAttribute('width', '56');
      await expect(picture).toHaveAttribute('height', '56');
      await expect(picture).toHaveAttribute('loading', 'lazy');
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    } else {
      await expect(picture).toHaveCount(0);
      await expect(figure.locator('figcaption > svg[aria-hidden="true"]')).toBeVisible();
    }
  }
  expect(await section.getByRole('figure').count()).toBeGreaterThanOrEqual(seed.length);
  expect(errors).toEqual([]);
});

test('the testimonials come after the course grid and below it in the page', async ({ page }) => {
  const courses = await openCoursesPage(page);
  const gridBox = await courses.grid.boundingBox();
  const testimonialsBox = await courses.testimonials.boundingBox();
  expect(gridBox && testimonialsBox && testimonialsBox.y > gridBox.y + gridBox.height).toBe(true);
});
