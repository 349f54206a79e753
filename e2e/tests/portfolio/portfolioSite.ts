// What the portfolio specs share: the seeded projects as the owner's database holds them, and the parts of the
// pages as a visitor finds them. Live specs name their rows with liveRowPrefix, so specs running in parallel can
// tell them apart from the seed (and never give them a featured rank).
import { expect, type Page } from '@playwright/test';
import { expectAnsweredTitles } from '../../support/catalogue.ts';
import { ownerDatabase } from '../../support/database.ts';
import { scrollToSection, waitForSectionReady } from '../../support/sections.ts';

export const liveRowPrefix = 'E2E portfolio live';

/** A section arrives over Module Federation after the page: give it longer than an assertion on a loaded page. */
export const sectionLoadTimeout = 20_000;

/** The eight chips of the portfolio page (spec §2). */
export const projectChips = [
  'HTML',
  'CSS',
  'BOOTSTRAP',
  'JAVASCRIPT',
  'ANGULAR',
  'NEST.JS',
  'STATAMIC',
  'WEBSOCKETS',
] as const;

export interface SeededProject {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  link_to_project: string;
  image_path: string;
  featured_rank: number | null;
}

/** The projects of the seed, newest first (rows live specs add meanwhile are left out). */
export async function seededProjects(): Promise<SeededProject[]> {
  const { data, error } = await ownerDatabase()
    .from('projects')
    .select('id, title, description, keywords, link_to_project, image_path, featured_rank')
    .order('created_at', { ascending: false });
  if (error) throw new Error(`reading projects: ${error.message}`);
  return (data as SeededProject[]).filter((row) => !row.title.startsWith(liveRowPrefix));
}

export function portfolioPage(page: Page) {
  const grid = page.getByRole('list', { name: 'Portfolio projects' });
  const chips = page.getByRole('list', { name: 'Filter projects by keyword' });
  return {
    searchBox: page.getByRole('searchbox', { name: 'Search projects by title' }),
    searchButton: page.getByRole('search').getByRole('button', { name: 'Search' }),
    chips,
    chip: (keyword: string) => chips.getByRole('button', { name: keyword, exact: true }),
    grid,
    summary: page.locator('[data-section="portfolio/PortfolioPage"]').getByRole('status'),
    showAll: page.getByRole('link', { name: 'Show all projects' }),
    card: (title: string) =>
      grid.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) }),
    /** The titles the grid shows, in order, leaving out rows that live specs add meanwhile. */
    shownTitles: async (): Promise<string[]> => {
      if ((await grid.count()) === 0) return [];
      const titles = await grid.getByRole('heading', { level: 3 }).allTextContents();
      return titles.filter((title) => !title.startsWith(liveRowPrefix));
    },
  };
}

export type PortfolioPageParts = ReturnType<typeof portfolioPage>;

/** Opens /portfolio and waits for the projects. */
export async function openPortfolioPage(page: Page): Promise<PortfolioPageParts> {
  await page.goto('/portfolio');
  const parts = portfolioPage(page);
  await waitForSectionReady(page, 'portfolio/PortfolioPage');
  await expect(parts.grid.getByRole('article').first()).toBeVisible({ timeout: sectionLoadTimeout });
  return parts;
}

/** The grid once the search under way has answered. */
export async function expectShownTitles(parts: PortfolioPageParts, expected: readonly string[]) {
  await expectAnsweredTitles(parts.grid, parts.shownTitles, expected);
}

/** Opens the home page and waits for the featured projects. */
export async function openHomePage(page: Page) {
  await page.goto('/');
  await scrollToSection(page, 'portfolio/FeaturedProjects');
  await waitForSectionReady(page, 'portfolio/FeaturedProjects');
  const featured = featuredProjects(page);
  await expect(featured.titles()).toHaveCount(3, { timeout: sectionLoadTimeout });
  return featured;
}

/** The home page's projects grid. */
export function featuredProjects(page: Page) {
  const section = page.getByRole('region', { name: 'Featured Projects' });
  return {
    section,
    grid: section.getByRole('list', { name: 'Featured Projects' }),
    titles: () => section.getByRole('list', { name: 'Featured Projects' }).getByRole('heading', { level: 3 }),
    viewMore: section.getByRole('link', { name: 'View More projects' }),
  };
}

/** Links to projects lead off the site, which tests cannot reach: answer them with a blank page instead. */
export async function answerProjectLinks(page: Page) {
  await page
    .context()
    .route(/^https:\/\/(github\.com|[a-z0-9.-]+\.example\.pt)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Project</title>' }),
    );
}
