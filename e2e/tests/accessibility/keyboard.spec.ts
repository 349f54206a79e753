// A visitor with a keyboard only walks the site: skip link, navbar, search, chips, the video player modal and the
// forms, each control reached with Tab, used with Enter, Space or the arrows, and showing where the focus is.
import { expect, test } from '../../support/test.ts';
import { forgetBrowserWrites } from '../../support/anonymousWrites.ts';
import { expectVisibleFocus, focusedInDialog, tabTo, walkTheDialog } from '../../support/keyboard.ts';
import { portfolioPage } from '../portfolio/portfolioSite.ts';
import { dismissTheAd } from '../../support/adToast.ts';
import { fakeYouTubePlayer, tutorialsPage } from '../tutorials/tutorialsSite.ts';
import {
  contactSection,
  deleteRows,
  newsletterSection,
  rowsEventually,
  uniqueEmail,
  uniqueToken,
} from '../engagement/engagementSite.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test('skip link, navbar, project search and keyword chips', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expectVisibleFocus(skip);

  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio');

  const portfolio = portfolioPage(page);
  await expect(portfolio.grid.getByRole('article').first()).toBeVisible();
  const everyTitle = await portfolio.shownTitles();
  await tabTo(page, portfolio.searchBox);
  await page.keyboard.type('board');
  await page.keyboard.press('Enter');
  await expect.poll(() => portfolio.shownTitles()).not.toEqual(everyTitle);
  const found = await portfolio.shownTitles();
  expect(found.length).toBeGreaterThan(0);
  for (const title of found) expect(title.toLowerCase()).toContain('board');

  await tabTo(page, portfolio.chip('HTML'));
  await page.keyboard.press('Space');
  await expect(portfolio.chip('HTML')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(portfolio.chip('HTML')).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => portfolio.shownTitles()).toEqual(everyTitle);
});

test('tutorial sort menu and the player modal: focus kept inside, Escape closes, focus returns', async ({
  page,
}) => {
  await page.goto('/tutorials');
  const tutorials = tutorialsPage(page);
  await expect(tutorials.cards.first()).toBeVisible();
  await dismissTheAd(page);

  await tabTo(page, tutorials.sortMenu);
  await page.keyboard.press('ArrowDown');
  await expect(tutorials.sortMenu).toHaveValue('TRENDING');
  // The new sort's answer is shown (the grid is not busy before its search has even started).
  await expect(tutorials.summary).toHaveText(/, sorted by trending\.$/);

  // The player is YouTube's page in a frame: it stands in here, loaded before the walk starts (Tab into a frame
  // still loading lands on a document about to be replaced, and the focus with it).
  await fakeYouTubePlayer(page);
  // The first card by its title, not its place: other tests edit the videos' counts, which can reorder the list.
  const title = await tutorials.cards.first().getByRole('heading').first().textContent();
  const play = tutorials.cards
    .filter({ has: page.getByRole('heading', { name: title!, exact: true }) })
    .getByRole('button', { name: /^Play Video/ });
  await tabTo(page, play);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.frameLocator('iframe').getByRole('button', { name: 'Play' })).toBeVisible();
  expect(await focusedInDialog(page)).toBe('Close video');
  // Into the player's own control, out of the frame to the link after it, and round again from the close button;
  // backwards from the close button to the link.
  const round = [
    ['Tab', 'frame'],
    ['Tab', 'Watch on YouTube (opens in a new tab)'],
    ['Tab', 'Close video'],
  ] as const;
  await walkTheDialog(page, [...round, ...round, ['Shift+Tab', 'Watch on YouTube (opens in a new tab)']]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(play).toBeFocused();
});

test('the newsletter and contact forms, filled and sent from the keyboard', async ({ page }) => {
  // The whole suite is one client to the backend: this test needs the client's full allowance.
  await forgetBrowserWrites('newsletterSubscribe');
  await forgetBrowserWrites('contact');
  const address = uniqueEmail('keyboard');
  const subject = uniqueToken('Keyboard question');
  try {
    await page.goto('/');
    const newsletter = newsletterSection(page);
    await tabTo(page, newsletter.getByRole('textbox'));
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Enter');
    await expect(newsletter).toContainText('Email is not valid.');
    await expect(newsletter.getByRole('textbox')).toHaveValue('not-an-email');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(address);
    await tabTo(page, newsletter.getByRole('button', { name: 'Subscribe Now' }));
    await page.keyboard.press('Enter');
    await expect(newsletter.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await rowsEventually('emails', { email: address });

    const contact = contactSection(page);
    await tabTo(page, contact.getByLabel('Full Name'));
    await page.keyboard.type('Keyboard Visitor');
    await page.keyboard.press('Tab');
    await expect(contact.getByLabel('Email')).toBeFocused();
    await page.keyboard.type('keyboard.visitor@invalid');
    await page.keyboard.press('Tab');
    await expect(contact.getByLabel('Subject')).toBeFocused();
    await page.keyboard.type(subject);
    await page.keyboard.press('Tab');
    await expect(contact.getByLabel('Message')).toBeFocused();
    await page.keyboard.type('Typed without a mouse.');
    await tabTo(page, contact.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await expect(contact).toContainText('Invalid data, make sure to enter correct data.');
    // Nothing typed is lost.
    await expect(contact.getByLabel('Full Name')).toHaveValue('Keyboard Visitor');
    await expect(contact.getByLabel('Message')).toHaveValue('Typed without a mouse.');

    // The visitor corrects the address, sends again, and the message is taken.
    await expect(contact.getByRole('button', { name: 'Submit' })).toBeFocused();
    for (const field of ['Message', 'Subject', 'Email']) {
      await page.keyboard.press('Shift+Tab');
      await expect(contact.getByLabel(field)).toBeFocused();
    }
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('keyboard.visitor@example.com');
    await tabTo(page, contact.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    const thanks = contact.getByRole('heading', { name: 'Thank You!' });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    const [message] = await rowsEventually<{ email: string; message: string }>('contacts', { subject });
    expect(message).toMatchObject({
      email: 'keyboard.visitor@example.com',
      message: 'Typed without a mouse.',
    });
  } finally {
    await deleteRows('emails', 'email', address);
    await deleteRows('contacts', 'subject', subject);
  }
});
