import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { recordBusEvents } from '../../support/eventBus.ts';
import {
  asReturningVisitor,
  courseChips,
  expectShownTitles,
  openCoursesPage,
  seededCourses,
  type SeededCourse,
} from './coursesSite.ts';

test.beforeEach(({ page }) => asReturningVisitor(page));

let seed: SeededCourse[];
const titles = () => seed.map((course) => course.title);

test.beforeAll(async () => {
  seed = await seededCourses();
});

test('the seed has a course for every chip, so each chip below proves something', () => {
  for (const chip of courseChips) {
    expect(
      seed.some((course) => course.keywords.includes(chip.toLowerCase())),
      chip,
    ).toBe(true);
  }
});

test('shows the search box, the 14 chips and every course', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const courses = await openCoursesPage(page);
  await expect(courses.searchBox).toHaveAttribute('placeholder', 'Search Courses...');
  await expect(courses.searchButton).toBeVisible();
  await expect(courses.chips.getByRole('button')).toHaveText([...courseChips]);
  for (const chip of courseChips) await expect(courses.chip(chip)).toHaveAttribute('aria-pressed', 'false');
  await expectShownTitles(courses, titles());
  await expect(courses.summary).toHaveText(/^Showing all \d+ courses\.$/);
  expect(errors).toEqual([]);
});

test('a title search keeps titles containing the term in any case, and records it', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const courses = await openCoursesPage(page);
  const events = await recordBusEvents(page);
  const term = 'aNgUlAr';
  await courses.searchBox.fill(term);
  await courses.searchButton.click();
  const expected = titles().filter((title) => title.toLowerCase().includes('angular'));
  expect(expected.length).toBeGreaterThan(0);
  await expectShownTitles(courses, expected);

  await courses.searchBox.fill('  node  ');
  await courses.searchBox.press('Enter');
  const withNode = titles().filter((title) => title.toLowerCase().includes('node'));
  await expectShownTitles(courses, withNode);
  await expect(courses.summary).toContainText('“node”');
  // Each search is recorded with how many courses it showed.
  expect((await events()).filter((event) => event.name === 'userSearchForCourse')).toEqual([
    { name: 'userSearchForCourse', searchTerm: term, resultCount: expected.length },
    { name: 'userSearchForCourse', searchTerm: 'node', resultCount: withNode.length },
  ]);
  expect(errors).toEqual([]);
});

test('each of the 14 chips keeps only the courses tagged with it and counts as a search', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const courses = await openCoursesPage(page);
  const events = await recordBusEvents(page);
  for (const chip of courseChips) {
    await courses.chip(chip).click();
    await expect(courses.chip(chip)).toHaveAttribute('aria-pressed', 'true');
    await expect(courses.searchBox).toHaveValue(chip);
    const expected = seed.filter((course) => course.keywords.includes(chip.toLowerCase()));
    await expectShownTitles(
      courses,
      expected.map((course) => course.title),
    );
    // Every card shown carries the chip as a tag.
    for (const course of expected) {
      await expect(courses.card(course.title).getByRole('list', { name: 'Keywords' })).toContainText(chip);
    }
  }
  expect((await events()).filter((event) => event.name === 'userSearchForCourse')).toEqual(
    courseChips.map((chip) => ({
      name: 'userSearchForCourse',
      searchTerm: chip,
      resultCount: seed.filter((course) => course.keywords.includes(chip.toLowerCase())).length,
    })),
  );
  expect(errors).toEqual([]);
});

test('the box and the chips work as one search', async ({ page }) => {
  const courses = await openCoursesPage(page);
  const events = await recordBusEvents(page);
  const tagged = (keyword: string) =>
    seed.filter((course) => course.keywords.includes(keyword)).map((course) => course.title);

  // A chip, then typing: the chip's search holds until Search is pressed.
  await courses.chip('MONGODB').click();
  await courses.searchBox.fill('Git');
  await expect(courses.chip('MONGODB')).toHaveAttribute('aria-pressed', 'true');
  await expectShownTitles(courses, tagged('mongodb'));
  await courses.searchButton.click();
  await expect(courses.chip('MONGODB')).toHaveAttribute('aria-pressed', 'false');
  await expectShownTitles(
    courses,
    titles().filter((title) => title.toLowerCase().includes('git')),
  );

  // Pressing the chosen chip again clears the box and shows everything.
  await courses.chip('CSS').click();
  await expectShownTitles(courses, tagged('css'));
  await courses.chip('CSS').click();
  await expect(courses.chip('CSS')).toHaveAttribute('aria-pressed', 'false');
  await expect(courses.searchBox).toHaveValue('');
  await expectShownTitles(courses, titles());

  const searches = (await events()).filter((event) => event.name === 'userSearchForCourse');
  expect(searches.map((event) => event.searchTerm)).toEqual(['MONGODB', 'Git', 'CSS']);
});

test('an empty term restores the full list, and is not recorded as a search', async ({ page }) => {
  const courses = await openCoursesPage(page);
  await courses.searchBox.fill('express');
  await courses.searchBox.press('Enter');
  await expect.poll(async () => (await courses.shownTitles()).length).toBeLessThan(seed.length);
  const events = await recordBusEvents(page);

  // Emptying the box.
  await courses.searchBox.fill('');
  await expectShownTitles(courses, titles());

  // Submitting blanks, after a chip.
  await courses.chip('HEROKU').click();
  await expect.poll(async () => (await courses.shownTitles()).length).toBeLessThan(seed.length);
  await courses.searchBox.fill('   ');
  await courses.searchButton.click();
  await expectShownTitles(courses, titles());
  await expect(courses.chip('HEROKU')).toHaveAttribute('aria-pressed', 'false');

  expect((await events()).filter((event) => event.name === 'userSearchForCourse')).toEqual([
    {
      name: 'userSearchForCourse',
      searchTerm: 'HEROKU',
      resultCount: seed.filter((course) => course.keywords.includes('heroku')).length,
    },
  ]);
});

test('a search that matches nothing says so, and "Show all courses" brings every course back', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const courses = await openCoursesPage(page);
  await courses.searchBox.fill('Quantum basket weaving');
  await courses.searchBox.press('Enter');
  await expect(courses.summary).toHaveText(
    'No course title contains “Quantum basket weaving”. Try another word or pick a keyword.',
  );
  await expect(courses.grid).toHaveCount(0);
  await courses.showAll.click();
  await expectShownTitles(courses, titles());
  // Read at once: a locator assertion could first run the ad handler, whose click moves the focus.
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.placeholder)).toBe(
    'Search Courses...',
  );
  await expect(courses.searchBox).toHaveValue('');
  await expect(courses.showAll).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('each card shows its image, title, description, platform label with logo and keyword tags', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const courses = await openCoursesPage(page);
  expect(seed.map((course) => course.platform)).toEqual(expect.arrayContaining(['UDEMY', 'SKILLSHARE']));
  for (const [index, course] of seed.entries()) {
    const card = courses.card(course.title);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(course.title);
    await expect(card.getByText(course.description)).toBeVisible();
    const platform = card.getByText(course.platform, { exact: true });
    await expect(platform).toBeVisible();
    // The logo sits beside the label; the label says which platform, so the logo is decoration.
    await expect(card.locator('svg[aria-hidden="true"]').first()).toBeVisible();
    await expect(card.getByRole('list', { name: 'Keywords' }).getByRole('listitem')).toHaveText(
      course.keywords.map((keyword) => keyword.toUpperCase()),
    );
    const image = card.locator('img');
    await expect(image).toHaveAttribute('src', new RegExp(`${course.image_path.replace(/[.]/g, '\\.')}$`));
    await expect(image).toHaveAttribute('width', /^\d+$/);
    await expect(image).toHaveAttribute('height', /^\d+$/);
    // The first row is on screen when the page opens; the rest load as the visitor scrolls.
    await expect(image).toHaveAttribute('loading', index < 3 ? 'eager' : 'lazy');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  expect(errors).toEqual([]);
});

test('"View Course" opens the course in a new tab and records the view', async ({ page, context }) => {
  await context.route(/^https:\/\/www\.(udemy|skillshare)\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>course</title>' }),
  );
  const errors = collectConsoleErrors(page);
  const courses = await openCoursesPage(page);
  const events = await recordBusEvents(page);
  const course = seed[1]!;
  const link = courses.card(course.title).getByRole('link', { name: /^View Course/ });
  await expect(link).toHaveText(/^View Course/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', course.link_to_course);
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab).toHaveURL(course.link_to_course);
  await tab.close();
  expect((await events()).filter((event) => event.name === 'userViewsACourse')).toEqual([
    { name: 'userViewsACourse', courseTitle: course.title },
  ]);
  expect(errors).toEqual([]);
});
