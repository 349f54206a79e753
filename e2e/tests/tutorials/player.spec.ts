// The video player modal: opened by Play Video (with its analytics event), the privacy-enhanced YouTube player,
// a static backdrop, closing by the close button or Escape (the player is removed), focus kept inside while open and
// given back to the Play button after (the same video's, when the list was rendered again meanwhile); and the player's
// height at each window width (spec §9).
import { expect, test, type Page } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { recordBusEvents } from '../../support/eventBus.ts';
import { ownerDatabase } from '../../support/database.ts';
import { fakeYouTubePlayer, openTutorialsPage, pageSize, videosInDatabaseOrder } from './tutorialsSite.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { walkTheDialog } from '../../support/keyboard.ts';

// The newsletter pop-up has its own specs: here the visitor saw it a moment ago, so it stays closed.
test.use({ storageState: visitorWhoSawThePopup });

/** Opens /tutorials (then runs onPageOpen) and plays the most viewed video. */
async function openPlayer(page: Page, onPageOpen?: () => Promise<void>) {
  const [video] = await videosInDatabaseOrder('views');
  const tutorials = await openTutorialsPage(page);
  await onPageOpen?.();
  const play = tutorials.card(video!.title).getByRole('button', { name: `Play Video ${video!.title}` });
  await play.click();
  const dialog = page.getByRole('dialog', { name: video!.title });
  await expect(dialog).toBeVisible();
  const player = dialog.locator('iframe');
  return { video: video!, play, dialog, player };
}

test('Play Video opens the player in a large modal and records the event; the close button ends it', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const requested = await fakeYouTubePlayer(page);
  let events: () => Promise<unknown[]> = async () => [];
  const { video, play, dialog, player } = await openPlayer(page, async () => {
    events = await recordBusEvents(page);
  });

  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(player).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${video.video_id}`);
  await expect(player).toHaveAttribute('title', `${video.title} (YouTube video player)`);
  await expect(page.frameLocator('iframe').getByText(`Fake player for ${video.video_id}`)).toBeVisible();
  expect(requested).toEqual([`https://www.youtube-nocookie.com/embed/${video.video_id}`]);
  await expect.poll(events).toEqual([{ name: 'userPlaysATutorial', tutorialTitle: video.title }]);

  // The dialog is large: wider than a medium one, up to the content width.
  expect((await dialog.boundingBox())!.width).toBeGreaterThan(1000);

  // Static backdrop: a click beside the dialog does not close it.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Close video' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(play).toBeFocused();
  expect(errors).toEqual([]);
});

test('focus stays inside the open modal, Escape closes it and focus returns to Play Video', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await fakeYouTubePlayer(page);
  const { play, dialog } = await openPlayer(page);
  const close = dialog.getByRole('button', { name: 'Close video' });
  await expect(close).toBeFocused();
  // The walk starts once the player is loaded: a Tab while the frame is still empty passes it by.
  await expect(dialog.frameLocator('iframe').getByRole('button', { name: 'Play' })).toBeVisible();

  // Close button -> player -> Watch on YouTube -> back to the close button, and the same way backwards.
  const watch = 'Watch on YouTube (opens in a new tab)';
  await walkTheDialog(page, [
    ['Tab', 'frame'],
    ['Tab', watch],
    ['Tab', 'Close video'],
    ['Shift+Tab', watch],
    ['Shift+Tab', 'frame'],
    ['Shift+Tab', 'Close video'],
    ['Shift+Tab', watch],
  ]);
  // The page behind is inert while the modal is open.
  await expect(page.locator('body > [inert]').first()).toBeAttached();

  await close.focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(play).toBeFocused();
  await expect(page.locator('body > [inert]')).toHaveCount(0);

  // And it opens again.
  await play.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('iframe')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("an owner edits the videos while the player is open: Escape gives the focus to the same video's Play Video", async ({
  page,
}) => {
  await fakeYouTubePlayer(page);
  const { play, dialog } = await openPlayer(page);
  const pressed = await play.elementHandle();
  // The page runs its search again and renders the list anew, the server's cards replaced by new elements, while the
  // player is open.
  await ownerSavesTheLastVideo();
  await expect.poll(() => pressed!.evaluate((button) => button.isConnected)).toBe(false);

  await dialog.getByRole('button', { name: 'Close video' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(play).toBeFocused();
});

test('the new cards replace the server’s while Play Video has the focus: it keeps it', async ({ page }) => {
  // The page reads its videos again once it is live (and at each owner's edit), and React's cards then replace the
  // server's: new elements. Held here until the focus is back on Play Video, so the replacing comes then. The focus
  // used to fall to the page's body (and this spec's tests run side by side: one's edit did that to another's page).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/rpc/search_videos', async (route) => {
    await released;
    await route.fallback();
  });
  await fakeYouTubePlayer(page);
  const { play } = await openPlayer(page);
  const shown = await play.elementHandle();
  const theServers = await shown!.evaluate((button) =>
    Object.keys(button).every((key) => !key.startsWith('__react')),
  );
  expect(theServers, 'the Play Video pressed is the server’s HTML').toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(play).toBeFocused();
  await ownerSavesTheLastVideo();
  release();
  await expect.poll(() => shown!.evaluate((button) => button.isConnected)).toBe(false);
  await expect(play).toBeFocused();
});

/** The owner saves the page's last video unchanged (only its updated_at moves: nothing another test reads). */
async function ownerSavesTheLastVideo() {
  const last = (await videosInDatabaseOrder('views'))[pageSize - 1]!;
  const { error } = await ownerDatabase()
    .from('videos')
    .update({ view_count: last.view_count })
    .eq('video_id', last.video_id);
  expect(error).toBeNull();
}

test('the player is 700 px high in a window over 1200 px wide, 500 px over 768 px, and 300 px below', async ({
  page,
}) => {
  // One open player, its window resized across each breakpoint, both sides of it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await fakeYouTubePlayer(page);
  const { player } = await openPlayer(page);
  for (const [width, height] of [
    [1280, 700],
    [1201, 700],
    [1200, 500],
    [769, 500],
    [768, 300],
    [390, 300],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(player, `${width} px wide`).toHaveCSS('height', `${height}px`);
    expect((await player.boundingBox())!.height, `${width} px wide`).toBeCloseTo(height, 0);
  }
});
