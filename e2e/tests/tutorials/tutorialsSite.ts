// What the tutorials specs share: the channel's videos as the owner's database holds them, the page's parts as a
// visitor finds them, and a stand-in for the YouTube player (the edge of the system: no internet here).
import { expect, type Page } from '@playwright/test';
import { expectAnsweredTitles } from '../../support/catalogue.ts';
import { waitForSectionReady } from '../../support/sections.ts';
import { ownerDatabase } from '../../support/database.ts';
import { dismissTheAd } from '../../support/adToast.ts';

/** Spec §9: a search shows at most 12 tutorials. */
export const pageSize = 12;

export interface ChannelVideo {
  video_id: string;
  title: string;
  description: string;
  view_count: number | null;
  like_count: number | null;
  published_at: string;
}

export type Sort = 'views' | 'trending' | 'recent';

/** Spec §4 as the database orders it: views -> view count, trending -> likes, recent -> date (then date, then id). */
const orderColumns: Record<Sort, ('view_count' | 'like_count' | 'published_at')[]> = {
  views: ['view_count', 'published_at'],
  trending: ['like_count', 'published_at'],
  recent: ['published_at'],
};

/**
 * The videos on the channel in the order the database gives for the sort, read with the service-role key. A term
 * keeps the videos whose title or description contains it (any case): for a plain word that is exactly what the
 * search's full-text, prefix and substring rules find.
 */
export async function videosInDatabaseOrder(sort: Sort, term = ''): Promise<ChannelVideo[]> {
  return (await allVideosInDatabaseOrder(sort, term)).slice(0, pageSize);
}

/** Every video on the channel that contains the term, in the database order of the sort. */
export async function allVideosInDatabaseOrder(sort: Sort, term = ''): Promise<ChannelVideo[]> {
  let query = ownerDatabase()
    .from('videos')
    .select('video_id, title, description, view_count, like_count, published_at')
    .is('removed_at', null);
  for (const column of orderColumns[sort])
    query = query.order(column, { ascending: false, nullsFirst: false });
  const { data, error } = await query.order('video_id', { ascending: true });
  if (error) throw new Error(`reading videos: ${error.message}`);
  const needle = term.toLowerCase();
  return (data as ChannelVideo[]).filter((video) =>
    `${video.title}\n${video.description}`.toLowerCase().includes(needle),
  );
}

export function tutorialsPage(page: Page) {
  const grid = page.getByRole('list', { name: 'Tutorials' });
  return {
    searchForm: page.getByRole('search'),
    searchBox: page.getByRole('searchbox', { name: 'Search tutorials' }),
    searchButton: page.getByRole('search').getByRole('button', { name: 'Search' }),
    sortMenu: page.getByRole('combobox', { name: 'Sort by' }),
    summary: page.getByRole('region', { name: 'Video tutorials' }).getByRole('status'),
    subscribe: page
      .getByRole('region', { name: 'Video tutorials' })
      .getByRole('link', { name: 'Subscribe on YouTube (opens in a new tab)' }),
    viewAll: page.getByRole('link', { name: 'View All (opens in a new tab)' }),
    grid,
    cards: grid.getByRole('article'),
    card: (title: string) =>
      grid.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) }),
    shownTitles: () => grid.getByRole('heading', { level: 3 }).allTextContents(),
    testimonials: page.getByRole('region', { name: 'What my students say' }),
  };
}

export type TutorialsPageParts = ReturnType<typeof tutorialsPage>;

/** Opens /tutorials and waits for the first search's answer. */
export async function openTutorialsPage(page: Page): Promise<TutorialsPageParts> {
  await page.goto('/tutorials');
  const parts = tutorialsPage(page);
  await waitForSectionReady(page, 'tutorials/TutorialsPage');
  await expect(parts.cards.first()).toBeVisible();
  await expect(parts.grid).toHaveAttribute('aria-busy', 'false');
  await dismissTheAd(page);
  return parts;
}

/** The grid once the search under way has answered. */
export async function expectShownTitles(parts: TutorialsPageParts, titles: readonly string[]): Promise<void> {
  await expectAnsweredTitles(parts.grid, parts.shownTitles, titles);
}

/** The YouTube player as a tiny local page that names the video it plays and, like the real one, has a control. */
export async function fakeYouTubePlayer(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    const url = route.request().url();
    requested.push(url);
    const videoId = new URL(url).pathname.split('/').pop() ?? '';
    return route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><title>Player</title><body><p>Fake player for ${videoId}</p><button type="button">Play</button></body></html>`,
    });
  });
  return requested;
}
