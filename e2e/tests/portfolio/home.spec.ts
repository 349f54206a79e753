// The home page's portfolio parts: the About text, the three Experience cards, and the projects grid with the
// owner's three featured projects in rank order (live) and View More to /portfolio.
import { expect, test } from '../../support/test.ts';
import { ownerDatabase } from '../../support/database.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { openHomePage, sectionLoadTimeout, seededProjects } from './portfolioSite.ts';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';

// A returning visitor: the newsletter pop-up (which makes the page inert) stays closed; the ad toast is closed
// when it covers what the test clicks.
test.use({ storageState: visitorWhoSawThePopup });
test.beforeEach(({ page }) => dismissTheAdWhenInTheWay(page));

test('the About section says who the owner is, with the way to /about', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  const about = page.getByRole('region', { name: "I'm Alex, a full-stack web developer" });
  await expect(about).toContainText('About Me', { timeout: sectionLoadTimeout });
  await expect(about).toContainText('MEAN stack');
  await expect(about).toContainText('more than 6 years of experience');
  await about.getByRole('link', { name: 'More about me' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Me');
  expect(errors).toEqual([]);
});

test('the Experience section shows the three fields with their contents', async ({ page }) => {
  await page.goto('/');
  const experience = page.getByRole('region', { name: 'What I have built' });
  const cards = experience.getByRole('article');
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText(
    ['Front-End Development', 'Back-End Development', 'Full-Stack Development'],
    { timeout: sectionLoadTimeout },
  );
  await expect(cards.nth(0)).toContainText('More than 100 websites');
  await expect(cards.nth(0).getByRole('listitem')).toHaveText([
    'HTML',
    'CSS',
    'Bootstrap',
    'JavaScript',
    'Angular',
    'RxJS',
    'NGRX',
  ]);
  await expect(cards.nth(1).getByRole('listitem')).toHaveText(['Node.js', 'Express.js', 'Nest.js']);
  await expect(cards.nth(2).getByRole('listitem')).toHaveText([
    'Todo and post apps',
    'A chatbot for a messaging platform',
    'A crypto transaction system',
    'A logistics tracker',
    'An event scheduler',
    'An ad-tracking system',
  ]);
});

test('the projects grid shows the three featured projects by rank, and follows the owner’s choice live', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const seed = await seededProjects();
  const byRank = seed
    .filter((project) => project.featured_rank !== null)
    .sort((a, b) => a.featured_rank! - b.featured_rank!);
  expect(byRank).toHaveLength(3);
  const [first, second, third] = byRank as [(typeof byRank)[0], (typeof byRank)[0], (typeof byRank)[0]];
  // The oldest project, not featured: ranking it first proves the order is the rank, not the date or the title.
  const oldest = seed.filter((project) => project.featured_rank === null).at(-1)!;

  const featured = await openHomePage(page);
  await expect(featured.section.getByRole('heading', { level: 2 })).toHaveText('Featured Projects');
  await expect(featured.section.locator('p').first()).toHaveText('Projects');
  await expect(featured.titles()).toHaveText([first.title, second.title, third.title]);
  const firstCard = featured.grid.getByRole('article').first();
  await expect(firstCard).toContainText(first.description);
  await expect(firstCard.getByRole('img')).toHaveAttribute('loading', 'lazy');
  await expect(firstCard.getByRole('link', { name: /^View Project/ })).toHaveAttribute(
    'href',
    first.link_to_project,
  );

  const database = ownerDatabase();
  const setRank = async (id: string, rank: number | null) => {
    const { error } = await database.from('projects').update({ featured_rank: rank }).eq('id', id);
    if (error) throw new Error(`ranking ${id}: ${error.message}`);
  };
  try {
    await setRank(first.id, null);
    await setRank(oldest.id, 1);
    await expect(featured.titles()).toHaveText([oldest.title, second.title, third.title]);
  } finally {
    await setRank(oldest.id, null);
    await setRank(first.id, 1);
  }
  await expect(featured.titles()).toHaveText([first.title, second.title, third.title]);
  expect(errors).toEqual([]);
});

test('View More leads to the full portfolio', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const featured = await openHomePage(page);
  await featured.viewMore.click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio');
  await expect(
    page.getByRole('list', { name: 'Portfolio projects' }).getByRole('article').first(),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
