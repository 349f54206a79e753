// The tutorials teaser on the home page: the channel intro, the three fixed figures (spec §2, §9), View More to
// /tutorials and the subscribe link to the channel in a new tab.
import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { dismissTheAd } from '../../support/adToast.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { scrollToSection } from '../../support/sections.ts';

// The newsletter pop-up has its own specs: here the visitor saw it a moment ago, so it stays closed.
test.use({ storageState: visitorWhoSawThePopup });

test('shows the channel intro and the fixed figures 1700+, 210000+ and 9400+', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await scrollToSection(page, 'tutorials/TutorialsTeaser');
  await dismissTheAd(page);
  const teaser = page.getByRole('region', { name: 'Free video tutorials on YouTube' });
  await expect(teaser).toBeVisible();
  await expect(teaser.getByRole('heading', { level: 2 })).toHaveText('Free video tutorials on YouTube');
  await expect(teaser).toContainText('Alex Morgan Codes');
  await expect(teaser.getByRole('list', { name: 'The channel in numbers' }).getByRole('listitem')).toHaveText(
    [/^1700\+\s*subscribers$/, /^210000\+\s*views$/, /^9400\+\s*hours watched$/],
  );
  // Once each: the figures are not repeated anywhere else on the page.
  await expect(page.getByText('1700+', { exact: true })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('the subscribe link opens the channel in a new tab', async ({ page }) => {
  await page.goto('/');
  await scrollToSection(page, 'tutorials/TutorialsTeaser');
  await dismissTheAd(page);
  const teaser = page.getByRole('region', { name: 'Free video tutorials on YouTube' });
  const subscribe = teaser.getByRole('link', { name: 'Subscribe on YouTube (opens in a new tab)' });
  await expect(subscribe).toHaveAttribute(
    'href',
    'https://www.youtube.com/@alexmorgancodes?sub_confirmation=1',
  );
  await expect(subscribe).toHaveAttribute('target', '_blank');
  await expect(subscribe).toHaveAttribute('rel', 'noopener noreferrer');
});

test('View More leads to /tutorials', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await scrollToSection(page, 'tutorials/TutorialsTeaser');
  await dismissTheAd(page);
  const teaser = page.getByRole('region', { name: 'Free video tutorials on YouTube' });
  await teaser.getByRole('link', { name: 'View More' }).click();
  await expect(page).toHaveURL(/\/tutorials$/);
  await expect(page).toHaveTitle('Alex Morgan | Tutorials');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tutorials');
  await expect(page.getByRole('list', { name: 'Tutorials' }).getByRole('article').first()).toBeVisible();
  expect(errors).toEqual([]);
});
