// The owner edits projects in the dashboard (here: the service-role key) while a visitor has /portfolio open with
// a search applied: the page follows without a reload, and the visitor's search stays as it was. An edit made a
// second after the page opened shows by itself, with no interaction (its 2 s: npm run bench).
import { expect, test } from '../../support/test.ts';
import { ownerDatabase, uniqueLabel } from '../../support/database.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import {
  expectShownTitles,
  liveRowPrefix,
  openPortfolioPage,
  portfolioPage,
  seededProjects,
} from './portfolioSite.ts';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { editOneSecondAfterOpening } from '../../support/liveEdits.ts';

// A returning visitor: the newsletter pop-up (which makes the page inert) stays closed; in the tests that click,
// the ad toast is closed when it covers what the test clicks.
test.use({ storageState: visitorWhoSawThePopup });

const seedImage = 'projects/coinledger.webp';

function newProject(title: string, keywords: string[]) {
  return {
    title,
    description: 'Added from the dashboard while the page is open.',
    image_path: seedImage,
    keywords,
    link_to_project: 'https://github.com/alexmorgan-dev/e2e-live-project',
    // Never featured: the home page's three stay the seed's.
    featured_rank: null,
  };
}

async function insertProject(row: object): Promise<string> {
  const { data, error } = await ownerDatabase().from('projects').insert(row).select('id').single();
  if (error) throw new Error(`insert into projects: ${error.message}`);
  return (data as { id: string }).id;
}

async function updateProject(id: string, changes: object) {
  const { error } = await ownerDatabase().from('projects').update(changes).eq('id', id);
  if (error) throw new Error(`update projects: ${error.message}`);
}

async function deleteProjects(ids: string[]) {
  if (ids.length === 0) return;
  const { error } = await ownerDatabase().from('projects').delete().in('id', ids);
  if (error) throw new Error(`delete from projects: ${error.message}`);
}

test('a project added a second after the page opened shows by itself, with no interaction', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const title = `${uniqueLabel(liveRowPrefix)} Tide Tables`;
  const parts = portfolioPage(page);
  const ids: string[] = [];
  try {
    const live = await editOneSecondAfterOpening(
      page,
      '/portfolio',
      parts.grid.getByRole('article').first(),
      async () => {
        ids.push(await insertProject(newProject(title, ['javascript'])));
      },
      [title],
    );
    await live.expectShownByItself();
    await expect(parts.card(title)).toBeVisible();
  } finally {
    await deleteProjects(ids);
  }
  expect(errors).toEqual([]);
});

test('a project inserted, edited and deleted shows, changes and goes while a title search stays applied', async ({
  page,
}) => {
  await dismissTheAdWhenInTheWay(page);
  const errors = collectConsoleErrors(page);
  const portfolio = await openPortfolioPage(page);
  const term = uniqueLabel(liveRowPrefix);
  await portfolio.searchBox.fill(term);
  await portfolio.searchBox.press('Enter');
  await expect(portfolio.summary).toContainText(`No project title contains “${term}”`);

  const ids: string[] = [];
  try {
    const title = `${term} Weather Station`;
    const other = `${uniqueLabel(liveRowPrefix)} Parking Finder`;
    ids.push(await insertProject(newProject(title, ['angular'])));
    ids.push(await insertProject(newProject(other, ['angular'])));
    const card = portfolio.card(title);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Added from the dashboard while the page is open.');
    // Only the matching project: the other new one and the seeded ones stay filtered out.
    await expect(portfolio.grid.getByRole('article')).toHaveCount(1);
    await expect(portfolio.summary).toContainText(`1 project with “${term}” in the title.`);
    await expect(portfolio.searchBox).toHaveValue(term);

    const renamed = `${term} Weather Station v2`;
    await updateProject(ids[0]!, { title: renamed, description: 'Edited from the dashboard.' });
    await expect(portfolio.card(renamed)).toContainText('Edited from the dashboard.');
    await expect(portfolio.card(title)).toHaveCount(0);

    // An edit that brings the other project into the search shows it; one that takes it out hides it.
    await updateProject(ids[1]!, { title: `${term} Parking Finder` });
    await expect(portfolio.grid.getByRole('article')).toHaveCount(2);
    await updateProject(ids[0]!, { title: `${liveRowPrefix} retitled` });
    await expect(portfolio.card(renamed)).toHaveCount(0);
    await expect(portfolio.grid.getByRole('article')).toHaveCount(1);

    await deleteProjects([ids[1]!]);
    await expect(portfolio.grid).toHaveCount(0);
    await expect(portfolio.summary).toContainText(`No project title contains “${term}”`);
    await expect(portfolio.searchBox).toHaveValue(term);
  } finally {
    await deleteProjects(ids);
  }
  expect(errors).toEqual([]);
});

test('live projects respect the chosen chip', async ({ page }) => {
  await dismissTheAdWhenInTheWay(page);
  const errors = collectConsoleErrors(page);
  const seed = await seededProjects();
  const portfolio = await openPortfolioPage(page);
  await portfolio.chip('BOOTSTRAP').click();
  const bootstrapTitles = seed
    .filter((project) => project.keywords.includes('bootstrap'))
    .map((project) => project.title);
  await expectShownTitles(portfolio, bootstrapTitles);

  const tagged = `${uniqueLabel(liveRowPrefix)} Bootstrap Theme`;
  const untagged = `${uniqueLabel(liveRowPrefix)} Vanilla Widget`;
  const ids: string[] = [];
  try {
    ids.push(await insertProject(newProject(untagged, ['javascript'])));
    ids.push(await insertProject(newProject(tagged, ['bootstrap', 'css'])));
    await expect(portfolio.card(tagged)).toBeVisible();
    await expect(portfolio.card(untagged)).toHaveCount(0);

    await updateProject(ids[0]!, { keywords: ['javascript', 'bootstrap'] });
    await expect(portfolio.card(untagged)).toBeVisible();
    await updateProject(ids[1]!, { keywords: ['css'] });
    await expect(portfolio.card(tagged)).toHaveCount(0);

    await deleteProjects(ids);
    await expect(portfolio.card(untagged)).toHaveCount(0);
    await expectShownTitles(portfolio, bootstrapTitles);
    await expect(portfolio.chip('BOOTSTRAP')).toHaveAttribute('aria-pressed', 'true');
    await expect(portfolio.searchBox).toHaveValue('BOOTSTRAP');
  } finally {
    await deleteProjects(ids);
  }
  expect(errors).toEqual([]);
});
