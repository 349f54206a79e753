// The courses catalogue: a title search, then a keyword chip, each narrowing the grid as the database says.
import { seededCourses } from '../../tests/courses/coursesSite.ts';
import { expect, test } from '../fixtures.ts';

const grid = { role: 'list', name: 'Courses', exact: true };
const summary = { role: 'status', within: { role: 'region', name: 'All courses' } };

async function shownTitles(visitor: import('../visitor.ts').Visitor): Promise<string[]> {
  return visitor.evaluate(
    (q) => window.__engines.findAll({ role: 'heading', level: 3, within: q }).map((h) => h.textContent ?? ''),
    grid,
  );
}

test('a title search and a keyword chip narrow the courses', async ({ visitor }) => {
  const seed = await seededCourses();
  const withTerm = seed
    .filter((course) => course.title.toLowerCase().includes('angular'))
    .map((c) => c.title);
  const withChip = seed.filter((course) => course.keywords.includes('nodejs')).map((c) => c.title);
  expect(withTerm.length).toBeGreaterThan(0);
  expect(withChip.length).toBeGreaterThan(0);

  await visitor.sawThePopup();
  await visitor.open('/courses');
  await visitor.waitForAttribute({ selector: '[data-section="courses/CoursesPage"]' }, 'data-ready', 'true');
  await visitor.waitForText(summary, /^Showing all \d+ courses\.$/);

  await visitor.type({ role: 'searchbox', name: 'Search courses by title' }, 'Angular');
  await visitor.click({ role: 'button', name: 'Search', exact: true, within: { role: 'search' } });
  await visitor.waitForText(summary, '“Angular”');
  await expect.poll(() => shownTitles(visitor)).toEqual(expect.arrayContaining(withTerm));
  expect((await shownTitles(visitor)).sort()).toEqual([...withTerm].sort());

  const chip = {
    role: 'button',
    name: 'NODEJS',
    exact: true,
    within: { role: 'list', name: 'Filter courses by keyword' },
  };
  await visitor.click(chip);
  await visitor.waitForAttribute(chip, 'aria-pressed', 'true');
  await expect.poll(async () => (await shownTitles(visitor)).sort()).toEqual([...withChip].sort());
});
