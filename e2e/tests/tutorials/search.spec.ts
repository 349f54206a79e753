// /tutorials: the first search (empty term, views), searching, the three sorts against the database's own order, the
// search event, a late answer to an earlier search never replacing a later one, the cards' contents, View All with
// its event, and the testimonials below; and the page kept live:
// the owner's edits to the videos reach it (by themselves, with no interaction, an edit made a second after it
// opened; its 2 s: npm run bench), with the visitor's term and sort still applied.
import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { ownerDatabase, uniqueLabel } from '../../support/database.ts';
import { recordBusEvents } from '../../support/eventBus.ts';
import { editOneSecondAfterOpening } from '../../support/liveEdits.ts';
import {
  allVideosInDatabaseOrder,
  expectShownTitles,
  openTutorialsPage,
  pageSize,
  tutorialsPage,
  videosInDatabaseOrder,
  type ChannelVideo,
} from './tutorialsSite.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';

// The newsletter pop-up has its own specs: here the visitor saw it a moment ago, so it stays closed.
test.use({ storageState: visitorWhoSawThePopup });
// In order, one at a time: the live tests edit seeded videos for a moment, and the others compare the page with the
// database's order. (The player spec plays the most viewed video, which the live tests leave alone.)
test.describe.configure({ mode: 'default' });

async function updateVideo(videoId: string, changes: Partial<ChannelVideo>) {
  const { error } = await ownerDatabase().from('videos').update(changes).eq('video_id', videoId);
  if (error) throw new Error(`update videos: ${error.message}`);
}

const titles = (videos: { title: string }[]) => videos.map((video) => video.title);

test('the first load shows the twelve most viewed videos, sorted by views', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const expected = await videosInDatabaseOrder('views');
  expect(expected).toHaveLength(pageSize);
  const tutorials = await openTutorialsPage(page);
  await expectShownTitles(tutorials, titles(expected));
  await expect(tutorials.sortMenu).toHaveValue('VIEWS');
  await expect(tutorials.sortMenu.getByRole('option')).toHaveText(['views', 'trending', 'recent']);
  await expect(tutorials.searchBox).toHaveAttribute('placeholder', 'Search Tutorials...');
  await expect(tutorials.searchBox).toHaveValue('');
  await expect(tutorials.summary).toHaveText('12 tutorials, sorted by views.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tutorials');
  expect(errors).toEqual([]);
});

test('each sort re-runs the search with the current term, in the database order', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const tutorials = await openTutorialsPage(page);

  for (const [value, sort] of [
    ['TRENDING', 'trending'],
    ['RECENT', 'recent'],
    ['VIEWS', 'views'],
  ] as const) {
    await tutorials.sortMenu.selectOption(value);
    await expectShownTitles(tutorials, titles(await videosInDatabaseOrder(sort)));
    await expect(tutorials.summary).toHaveText(`12 tutorials, sorted by ${sort}.`);
  }

  // The term in the box counts when the sort changes.
  const term = 'Angular';
  await tutorials.searchBox.fill(term);
  await tutorials.searchButton.click();
  const byViews = titles(await videosInDatabaseOrder('views', term));
  expect(byViews.length).toBeGreaterThan(1);
  await expectShownTitles(tutorials, byViews);
  for (const sort of ['recent', 'trending'] as const) {
    await tutorials.sortMenu.selectOption({ label: sort });
    const expected = titles(await videosInDatabaseOrder(sort, term));
    await expectShownTitles(tutorials, expected);
    await expect(tutorials.summary).toHaveText(
      `${expected.length} tutorials for “${term}”, sorted by ${sort}.`,
    );
  }
  expect(titles(await videosInDatabaseOrder('recent', term))).not.toEqual(byViews);
  expect(errors).toEqual([]);
});

test('searching matches titles and descriptions in any case, records the search, and clearing restores the list', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const tutorials = await openTutorialsPage(page);
  const events = await recordBusEvents(page);

  // "websockets" is in a title; "MIDDLEWARE" in a title, "unhandled rejections" only in a description. Each search
  // is recorded with how many tutorials it showed.
  const recorded: { name: string; searchTerm: string; resultCount: number }[] = [];
  const searchFor = async (term: string, submit: () => Promise<void>, expected: string[]) => {
    await tutorials.searchBox.fill(term);
    await submit();
    await expectShownTitles(tutorials, expected);
    recorded.push({ name: 'userSearchForTutorial', searchTerm: term, resultCount: expected.length });
  };
  for (const term of ['websockets', 'MIDDLEWARE', 'unhandled rejections']) {
    const expected = titles(await videosInDatabaseOrder('views', term));
    expect(expected.length).toBeGreaterThan(0);
    await searchFor(term, () => tutorials.searchBox.press('Enter'), expected);
  }

  // A partial word finds the whole one.
  await searchFor(
    'typescr',
    () => tutorials.searchButton.click(),
    titles(await videosInDatabaseOrder('views', 'typescript')),
  );

  await searchFor('cobol mainframes', () => tutorials.searchButton.click(), []);
  await expect(tutorials.summary).toHaveText('No tutorials match “cobol mainframes”. Try another word.');
  await expect(tutorials.cards).toHaveCount(0);

  await searchFor('', () => Promise.resolve(), titles(await videosInDatabaseOrder('views')));

  await expect.poll(events).toEqual(recorded);
  expect(errors).toEqual([]);
});

test('an earlier search answered late never replaces the answer to a later one', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const tutorials = await openTutorialsPage(page);
  const [first, second] = ['websockets', 'MIDDLEWARE'];
  // The real backend answers both; the network holds the first request back until the second has been shown.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/rpc/search_videos', async (route) => {
    if (route.request().postDataJSON()?.search_term === first) await held;
    await route.continue();
  });
  const firstAnswered = page.waitForResponse(
    (response) =>
      response.url().includes('/rest/v1/rpc/search_videos') &&
      response.request().postDataJSON()?.search_term === first,
  );
  // The page notes when it has read the late answer (or given it up): what it does with it comes after.
  await page.evaluate((term) => {
    const win = window as unknown as { lateAnswerRead?: boolean };
    const send = window.fetch;
    window.fetch = (input, init) => {
      const answered = send(input, init);
      const body = typeof init?.body === 'string' ? init.body : '';
      if (String(input).includes('/rest/v1/rpc/search_videos') && body.includes(JSON.stringify(term))) {
        const read = () => (win.lateAnswerRead = true);
        answered.then((response) => {
          const json = response.json.bind(response);
          response.json = () => {
            const parsed = json();
            parsed.then(read, read);
            return parsed;
          };
        }, read);
      }
      return answered;
    };
  }, first);

  await tutorials.searchBox.fill(first);
  await tutorials.searchButton.click();
  await tutorials.searchBox.fill(second);
  await tutorials.searchButton.click();
  const expected = titles(await videosInDatabaseOrder('views', second));
  expect(expected).not.toEqual(titles(await videosInDatabaseOrder('views', first)));
  await expectShownTitles(tutorials, expected);

  release();
  expect((await firstAnswered).status()).toBe(200);
  // Once the page has read the late answer, and painted twice since, it still shows the later search.
  await page.waitForFunction(() => (window as { lateAnswerRead?: boolean }).lateAnswerRead === true);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await tutorials.shownTitles()).toEqual(expected);
  await expect(tutorials.summary).toHaveText(new RegExp(`for “${second}”`));
  await expect(tutorials.searchBox).toHaveValue(second);
  expect(errors).toEqual([]);
});

test('a card shows thumbnail, title, description or its fallback, formatted counts and Play Video', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const tutorials = await openTutorialsPage(page);
  const [first] = await videosInDatabaseOrder('views');
  const card = tutorials.card(first!.title);
  await expect(card.getByText(first!.description)).toBeVisible();
  const stats = card.getByRole('list', { name: 'Statistics' });
  await expect(stats.getByRole('listitem')).toHaveText([
    `${first!.view_count!.toLocaleString('en-US')} views`,
    `${first!.like_count!.toLocaleString('en-US')} likes`,
  ]);
  await expect(card.getByRole('button', { name: `Play Video ${first!.title}` })).toBeVisible();
  const thumbnail = card.locator('img');
  await expect(thumbnail).toHaveAttribute(
    'src',
    new RegExp(`/storage/v1/object/public/content/videos/${first!.video_id}\\.webp$`),
  );
  await expect(thumbnail).toHaveAttribute('width', '320');
  await expect(thumbnail).toHaveAttribute('height', '180');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(tutorials.cards.first().locator('img')).toHaveAttribute('loading', 'eager');
  await expect(tutorials.cards.nth(3).locator('img')).toHaveAttribute('loading', 'lazy');

  // The seed has videos without a description.
  const missing = (await allVideosInDatabaseOrder('views')).find((video) => video.description.trim() === '');
  expect(missing, 'the seed has a video without a description').toBeDefined();
  await tutorials.searchBox.fill(missing!.title);
  await tutorials.searchButton.click();
  const fallbackCard = tutorials.card(missing!.title);
  await expect(fallbackCard.getByText('Description is not available for this video.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('View All opens the channel in a new tab and records the event; testimonials follow', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  // The channel is on the internet, which the tests do not reach: a stand-in page answers.
  await page
    .context()
    .route('https://www.youtube.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Channel</title>' }),
    );
  const tutorials = await openTutorialsPage(page);
  const events = await recordBusEvents(page);
  await expect(tutorials.subscribe).toHaveAttribute(
    'href',
    'https://www.youtube.com/@alexmorgancodes?sub_confirmation=1',
  );
  await expect(tutorials.subscribe).toHaveAttribute('target', '_blank');
  // The subscribe button sits above the grid; View All below it.
  const subscribeBox = await tutorials.subscribe.boundingBox();
  const gridBox = await tutorials.grid.boundingBox();
  expect(subscribeBox!.y + subscribeBox!.height).toBeLessThanOrEqual(gridBox!.y);

  await expect(tutorials.viewAll).toHaveAttribute('href', 'https://www.youtube.com/@alexmorgancodes');
  await expect(tutorials.viewAll).toHaveAttribute('target', '_blank');
  expect((await tutorials.viewAll.boundingBox())!.y).toBeGreaterThan(gridBox!.y + gridBox!.height);
  await expect(tutorials.testimonials.getByRole('figure').first()).toBeVisible();
  const testimonialsBox = await tutorials.testimonials.boundingBox();
  expect(testimonialsBox!.y).toBeGreaterThan(gridBox!.y + gridBox!.height);

  const popup = page.waitForEvent('popup');
  await tutorials.viewAll.click();
  expect((await popup).url()).toBe('https://www.youtube.com/@alexmorgancodes');
  await expect.poll(events).toEqual([{ name: 'userViewsAllTutorials' }]);
  expect(errors).toEqual([]);
});

test('an edit of a video a second after the page opened shows by itself, with no interaction', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const [, video] = await videosInDatabaseOrder('views');
  const parts = tutorialsPage(page);
  const title = uniqueLabel('E2E tutorials live');
  const likes = (video!.like_count ?? 0) + 1;
  try {
    const live = await editOneSecondAfterOpening(
      page,
      '/tutorials',
      parts.cards.first(),
      () => updateVideo(video!.video_id, { title, like_count: likes }),
      [title],
    );
    await live.expectShownByItself();
    const card = parts.card(title);
    await expect(card).toBeVisible();
    await expect(card.getByRole('list', { name: 'Statistics' }).getByRole('listitem').last()).toHaveText(
      `${likes.toLocaleString('en-US')} likes`,
    );
  } finally {
    await updateVideo(video!.video_id, { title: video!.title, like_count: video!.like_count });
  }
  expect(errors).toEqual([]);
});

test("the owner's edits to the videos keep the visitor's term and sort", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const tutorials = await openTutorialsPage(page);
  const term = 'Angular';
  await tutorials.searchBox.fill(term);
  await tutorials.searchButton.click();
  await tutorials.sortMenu.selectOption({ label: 'recent' });
  await expectShownTitles(tutorials, titles(await videosInDatabaseOrder('recent', term)));

  // The newest video that does not match: renamed to match, it joins the results at the top.
  const outsider = (await allVideosInDatabaseOrder('recent')).find(
    (video) => !`${video.title}\n${video.description}`.toLowerCase().includes(term.toLowerCase()),
  );
  expect(outsider, 'the seed has videos that do not match').toBeDefined();
  const renamed = `${term} ${uniqueLabel('E2E tutorials live')}`;
  try {
    await updateVideo(outsider!.video_id, { title: renamed });
    const expected = titles(await videosInDatabaseOrder('recent', term));
    expect(expected).toContain(renamed);
    await expectShownTitles(tutorials, expected);
    await expect(tutorials.summary).toHaveText(
      `${expected.length} tutorials for “${term}”, sorted by recent.`,
    );
  } finally {
    await updateVideo(outsider!.video_id, { title: outsider!.title });
  }
  // Renamed back, it leaves the results again.
  await expectShownTitles(tutorials, titles(await videosInDatabaseOrder('recent', term)));
  await expect(tutorials.searchBox).toHaveValue(term);
  await expect(tutorials.sortMenu).toHaveValue('RECENT');
  expect(errors).toEqual([]);
});
