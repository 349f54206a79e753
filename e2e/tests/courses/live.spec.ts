// The owner edits rows in the dashboard (here: the service-role key) while a visitor has /courses open with a
// search applied: the page follows without a reload, and the visitor's search stays as it was. An edit made a second
// after the page opened shows by itself, with no interaction (its 2 s: npm run bench).
import { expect, test, type Page } from '../../support/test.ts';
import { ownerDatabase, uniqueLabel } from '../../support/database.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { editOneSecondAfterOpening } from '../../support/liveEdits.ts';
import {
  asReturningVisitor,
  coursesPage,
  expectShownTitles,
  liveRowPrefix,
  openCoursesPage,
  seededCourses,
} from './coursesSite.ts';

// The tests that click are a returning visitor who closes the ad toast when it is in the way; the tests with no
// interaction are the suite's default visitor (who saw the newsletter pop-up), with nothing that clicks for them.

const seedImage = 'courses/angular-zero-to-real-apps.webp';
const seedPicture = 'testimonials/tom-becker.webp';

function newCourse(title: string, keywords: string[]) {
  return {
    title,
    description: 'Added from the dashboard while the page is open.',
    image_path: seedImage,
    platform: 'UDEMY',
    keywords,
    link_to_course: 'https://www.udemy.com/course/e2e-live-course/',
  };
}

async function insertRow(table: string, row: object): Promise<string> {
  const { data, error } = await ownerDatabase().from(table).insert(row).select('id').single();
  if (error) throw new Error(`insert into ${table}: ${error.message}`);
  return (data as { id: string }).id;
}

async function updateRow(table: string, id: string, changes: object) {
  const { error } = await ownerDatabase().from(table).update(changes).eq('id', id);
  if (error) throw new Error(`update ${table}: ${error.message}`);
}

async function deleteRows(table: string, ids: string[]) {
  if (ids.length === 0) return;
  const { error } = await ownerDatabase().from(table).delete().in('id', ids);
  if (error) throw new Error(`delete from ${table}: ${error.message}`);
}

test('a course and a testimonial added a second after the page opened show by themselves, with no interaction', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const title = `${uniqueLabel(liveRowPrefix)} Signals in Practice`;
  const person = uniqueLabel(liveRowPrefix);
  const parts = coursesPage(page);
  const courseIds: string[] = [];
  const testimonialIds: string[] = [];
  try {
    const live = await editOneSecondAfterOpening(
      page,
      '/courses',
      parts.grid.getByRole('article').first(),
      async () => {
        courseIds.push(await insertRow('courses', newCourse(title, ['angular'])));
        testimonialIds.push(
          await insertRow('testimonials', {
            person_name: person,
            person_image: null,
            platform: 'UDEMY',
            testimonial: 'Added a second after the page opened.',
          }),
        );
      },
      [title, person],
    );
    await live.expectShownByItself();
    await expect(parts.card(title)).toBeVisible();
    await expect(parts.testimonials.getByRole('figure', { name: person, exact: true })).toBeVisible();
  } finally {
    await deleteRows('courses', courseIds);
    await deleteRows('testimonials', testimonialIds);
  }
  expect(errors).toEqual([]);
});

test('a course inserted, edited and deleted shows, changes and goes while a title search stays applied', async ({
  page,
}) => {
  await asReturningVisitor(page);
  const errors = collectConsoleErrors(page);
  const courses = await openCoursesPage(page);
  const term = uniqueLabel(liveRowPrefix);
  await courses.searchBox.fill(term);
  await courses.searchBox.press('Enter');
  await expect(courses.summary).toContainText(`No course title contains “${term}”`);

  const ids: string[] = [];
  try {
    const title = `${term} Angular Signals`;
    ids.push(await insertRow('courses', newCourse(title, ['angular', 'typescript'])));
    const card = courses.card(title);
    await expect(card).toBeVisible();
    await expect(card.getByText('UDEMY', { exact: true })).toBeVisible();
    // Only the new course: the seeded ones stay filtered out.
    await expect(courses.grid.getByRole('article')).toHaveCount(1);
    await expect(courses.searchBox).toHaveValue(term);

    const renamed = `${term} Angular Signals, 2nd edition`;
    await updateRow('courses', ids[0]!, {
      title: renamed,
      platform: 'SKILLSHARE',
      keywords: ['angular', 'nodejs'],
    });
    const edited = courses.card(renamed);
    await expect(edited.getByText('SKILLSHARE', { exact: true })).toBeVisible();
    await expect(edited.getByRole('list', { name: 'Keywords' }).getByRole('listitem')).toHaveText([
      'ANGULAR',
      'NODEJS',
    ]);
    await expect(courses.grid.getByRole('article')).toHaveCount(1);

    // An edit that takes the course out of the search hides it.
    await updateRow('courses', ids[0]!, { title: `${liveRowPrefix} retitled` });
    await expect(courses.grid).toHaveCount(0);
    await updateRow('courses', ids[0]!, { title: renamed });
    await expect(courses.card(renamed)).toBeVisible();

    await deleteRows('courses', [ids[0]!]);
    await expect(courses.grid).toHaveCount(0);
    await expect(courses.summary).toContainText(`No course title contains “${term}”`);
    await expect(courses.searchBox).toHaveValue(term);
  } finally {
    await deleteRows('courses', ids);
  }
  expect(errors).toEqual([]);
});

test('live courses respect the chosen chip', async ({ page }) => {
  await asReturningVisitor(page);
  const errors = collectConsoleErrors(page);
  const seed = await seededCourses();
  const courses = await openCoursesPage(page);
  await courses.chip('HEROKU').click();
  const herokuTitles = seed
    .filter((course) => course.keywords.includes('heroku'))
    .map((course) => course.title);
  await expectShownTitles(courses, herokuTitles);

  const tagged = `${uniqueLabel(liveRowPrefix)} Deploy to Heroku`;
  const untagged = `${uniqueLabel(liveRowPrefix)} Firebase Hosting`;
  const ids: string[] = [];
  try {
    ids.push(await insertRow('courses', newCourse(untagged, ['firebase'])));
    ids.push(await insertRow('courses', newCourse(tagged, ['heroku', 'nodejs'])));
    await expect(courses.card(tagged)).toBeVisible();
    await expect(courses.card(untagged)).toHaveCount(0);

    // Tagging the other course with the chip's keyword brings it in; untagging the first takes it out.
    await updateRow('courses', ids[0]!, { keywords: ['firebase', 'heroku'] });
    await expect(courses.card(untagged)).toBeVisible();
    await updateRow('courses', ids[1]!, { keywords: ['nodejs'] });
    await expect(courses.card(tagged)).toHaveCount(0);

    await deleteRows('courses', ids);
    await expect(courses.card(untagged)).toHaveCount(0);
    await expectShownTitles(courses, herokuTitles);
    await expect(courses.chip('HEROKU')).toHaveAttribute('aria-pressed', 'true');
    await expect(courses.searchBox).toHaveValue('HEROKU');
  } finally {
    await deleteRows('courses', ids);
  }
  expect(errors).toEqual([]);
});

test('a testimonial inserted, edited and deleted shows, changes and goes; the search stays applied', async ({
  page,
}) => {
  await asReturningVisitor(page);
  const errors = collectConsoleErrors(page);
  const seed = await seededCourses();
  const courses = await openCoursesPage(page);
  await courses.chip('ANGULAR').click();
  const angularTitles = seed
    .filter((course) => course.keywords.includes('angular'))
    .map((course) => course.title);
  await expectShownTitles(courses, angularTitles);

  const person = uniqueLabel(liveRowPrefix);
  const ids: string[] = [];
  try {
    ids.push(
      await insertRow('testimonials', {
        person_name: person,
        person_image: null,
        platform: 'SKILLSHARE',
        testimonial: 'Added live: the course changed how I build forms.',
      }),
    );
    const figure = courses.testimonials.getByRole('figure', { name: person, exact: true });
    await expect(figure.locator('blockquote')).toHaveText(
      'Added live: the course changed how I build forms.',
    );
    await expect(figure.getByRole('img', { name: 'Skillshare', exact: true })).toBeVisible();
    await expect(figure.locator('figcaption img')).toHaveCount(0);
    await expect(figure.locator('figcaption > svg[aria-hidden="true"]')).toBeVisible();

    await updateRow('testimonials', ids[0]!, {
      person_image: seedPicture,
      platform: 'YOUTUBE',
      testimonial: 'Edited live: now with a picture.',
    });
    await expect(figure.locator('blockquote')).toHaveText('Edited live: now with a picture.');
    await expect(figure.getByRole('img', { name: 'YouTube', exact: true })).toBeVisible();
    const picture = figure.locator('figcaption img');
    await expect(picture).toHaveAttribute('src', new RegExp(`${seedPicture.replace(/[.]/g, '\\.')}$`));
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await deleteRows('testimonials', ids);
    await expect(figure).toHaveCount(0);
    await expect(courses.chip('ANGULAR')).toHaveAttribute('aria-pressed', 'true');
    await expectShownTitles(courses, angularTitles);
  } finally {
    await deleteRows('testimonials', ids);
  }
  expect(errors).toEqual([]);
});

/** How many reads of the courses (a page of the catalogue's search) the page has received whole (its resource timing entries). */
const coursesReadsInPage = (page: Page) =>
  page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('/rest/v1/rpc/search_catalogue')).length,
  );

test('an edit that comes while the page is catching up is not undone by the catch-up’s older answer', async ({
  page,
}) => {
  await asReturningVisitor(page);
  const errors = collectConsoleErrors(page);
  // The page's catch-up read once its live updates are on (the first read of courses from the page: its first rows
  // came with the HTML). The backend answers it for real; its answer is held until the test lets it go, so it reaches
  // the page after the owner's edit has, as on a slow network.
  let answered: () => void = () => undefined;
  const catchUpAnswered = new Promise<void>((resolve) => (answered = resolve));
  let letGo: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  // The courses are a page of the catalogue's search (search_catalogue), the testimonials a table: only the former.
  await page.route(
    (url) => url.pathname.endsWith('/rest/v1/rpc/search_catalogue'),
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      answered();
      await released;
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  const courses = await openCoursesPage(page);
  await catchUpAnswered;
  const title = `${uniqueLabel(liveRowPrefix)} Edge Functions in Depth`;
  const ids: string[] = [];
  try {
    ids.push(await insertRow('courses', newCourse(title, ['nodejs'])));
    await expect(courses.card(title)).toBeVisible();
    // The older answer arrives; the page notes whether the new course ever leaves the grid after it.
    await page.evaluate((shown) => {
      const win = window as unknown as { courseLeft: boolean };
      win.courseLeft = false;
      new MutationObserver(() => {
        const titles = [...document.querySelectorAll('article h3')].map((heading) => heading.textContent);
        if (!titles.includes(shown)) win.courseLeft = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, title);
    const readsBefore = await coursesReadsInPage(page);
    letGo();
    // The page has the older answer whole (its resource entry is written once the body is in), and has rendered
    // twice since: the answer is applied by then (React commits an update before the next paint).
    await expect.poll(() => coursesReadsInPage(page)).toBeGreaterThan(readsBefore);
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))),
        ),
    );
    expect(await page.evaluate(() => (window as unknown as { courseLeft: boolean }).courseLeft)).toBe(false);
    await expect(courses.card(title)).toBeVisible();
  } finally {
    await deleteRows('courses', ids);
  }
  expect(errors).toEqual([]);
});
