// axe finds nothing to fix (contrast included, on gradients too: support/accessibilityCheck.ts) on any page of the site,
// in the light and the dark theme, on a phone and on a desktop (one visit a page: widened, then switched to dark, then
// narrowed), with every section arrived, nor with the video player modal or the newsletter pop-up open. The dark theme
// is the one a visitor chose (with the switch, or the theme cookie it sets) while the system is light, so the tokens of
// the chosen theme are what is checked; tests/frame/theme.spec.ts checks the system's dark theme paints the same.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../../support/test.ts';
import { accessibilityFindings } from '../../support/accessibilityCheck.ts';
import { expectedPages } from '../../support/pages.ts';
import {
  firstTimeVisitor,
  visitorWhoChoseTheme,
  visitorWhoSawThePopup,
  type ChosenTheme,
} from '../../support/visitor.ts';
import { adToastAtRest, dismissTheAd } from '../../support/adToast.ts';
import { fakeYouTubePlayer, tutorialsPage } from '../tutorials/tutorialsSite.ts';
import { newsletterPopup } from '../engagement/engagementSite.ts';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const findings = (page: Page) => accessibilityFindings(page, new AxeBuilder({ page }).withTags(wcag));

/** Scrolls through the page so every section loads, waits until none is on its way and the ad toast is in. */
async function everySectionArrived(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.locator('[data-section] [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await adToastAtRest(page);
}

/** Each page is checked on a phone first, then, widened in place, on a desktop: one visit, both layouts. */
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The theme as the page shows it, checked before axe runs, so a check never passes in the wrong theme. */
async function expectTheme(page: Page, theme: ChosenTheme) {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe(theme === 'dark' ? 'rgb(17, 26, 35)' : 'rgb(255, 255, 255)');
}

/** axe's findings on each screen in turn (a phone, then a desktop, unless told), each named by its theme and screen. */
async function findingsOnEachScreen(
  page: Page,
  theme: ChosenTheme,
  screens: readonly (typeof viewports)[number][] = viewports,
): Promise<string[]> {
  const all: string[] = [];
  for (const viewport of screens) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    expect(await page.evaluate(() => window.innerWidth)).toBe(viewport.width);
    // What the new layout or theme sets moving (a transition between breakpoints or colours) has ended: axe reads
    // colours as painted.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter(
                (animation) =>
                  animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
              ).length,
        ),
      )
      .toBe(0);
    await expectTheme(page, theme);
    all.push(...(await findings(page)).map((finding) => `${theme}, ${viewport.name}: ${finding}`));
  }
  return all;
}

/** The visitor chooses the dark theme with the navbar's switch (on a desktop, where the navbar shows it). */
async function chooseDark(page: Page) {
  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

// Every page in one visit: light on a phone and on a desktop, then the visitor chooses dark (the cookie a returning
// visitor's first HTML is painted from: tests/frame/theme.spec.ts) and it is checked on the desktop and the phone.
test.describe('in the light and the dark theme, on a phone and on a desktop', () => {
  test.use({
    viewport: { width: viewports[0].width, height: viewports[0].height },
    colorScheme: 'light',
    storageState: visitorWhoSawThePopup,
  });

  for (const { path } of [...expectedPages, { path: '/no-such-page' }]) {
    test(`${path} has no violations`, async ({ page }) => {
      test.slow(); // axe takes seconds per run on a busy machine, four runs here
      await page.goto(path);
      await everySectionArrived(page);
      const found = await findingsOnEachScreen(page, 'light');
      await chooseDark(page);
      found.push(...(await findingsOnEachScreen(page, 'dark', [...viewports].reverse())));
      expect(found).toEqual([]);
    });
  }
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme, on a phone and on a desktop`, () => {
    test.use({
      viewport: { width: viewports[0].width, height: viewports[0].height },
      colorScheme: 'light',
      storageState: theme === 'dark' ? visitorWhoChoseTheme('dark') : visitorWhoSawThePopup,
    });

    test('the video player modal has no violations', async ({ page }) => {
      test.slow();
      await page.goto('/tutorials');
      const tutorials = tutorialsPage(page);
      await expect(tutorials.cards.first()).toBeVisible();
      await dismissTheAd(page);
      // YouTube's player stands in, loaded before axe runs: axe reads the frame too, and one still loading (or the
      // browser's error page, with no internet) is not the page a visitor sees.
      await fakeYouTubePlayer(page);
      await tutorials.cards
        .first()
        .getByRole('button', { name: /^Play Video/ })
        .click();
      await expect(
        page.getByRole('dialog').frameLocator('iframe').getByRole('button', { name: 'Play' }),
      ).toBeVisible();
      expect(await findingsOnEachScreen(page, theme)).toEqual([]);
    });
  });

  test.describe(`in the ${theme} theme, on a phone and on a desktop, for a first-time visitor`, () => {
    test.use({
      viewport: { width: viewports[0].width, height: viewports[0].height },
      colorScheme: 'light',
      storageState: theme === 'dark' ? visitorWhoChoseTheme('dark', firstTimeVisitor) : firstTimeVisitor,
    });

    test('the newsletter pop-up has no violations', async ({ page }) => {
      test.slow();
      await page.goto('/');
      await expect(newsletterPopup(page)).toBeVisible();
      await adToastAtRest(page);
      expect(await findingsOnEachScreen(page, theme)).toEqual([]);
    });
  });
}
