// /about: the portrait, the job title, the personal facts, the résumé (a real PDF, in a new tab, recorded as
// userViewsCV), the six services and the fourteen skill bars as progress bars.
import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { recordBusEvents } from '../../support/eventBus.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { waitForSectionReady } from '../../support/sections.ts';
import { sectionLoadTimeout } from './portfolioSite.ts';

// A returning visitor: the newsletter pop-up (which makes the page inert) stays closed; the ad toast is closed
// when it covers what the test clicks.
test.use({ storageState: visitorWhoSawThePopup });
test.beforeEach(({ page }) => dismissTheAdWhenInTheWay(page));

const aboutSection = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Full-Stack Web Developer' });

test('shows the portrait, the job title and the personal facts', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/about');
  const about = aboutSection(page);
  await expect(about.getByRole('heading', { level: 2 })).toHaveText('Full-Stack Web Developer', {
    timeout: sectionLoadTimeout,
  });
  const portrait = about.getByRole('img', { name: 'Illustrated portrait of Alex Morgan' });
  await expect(portrait).toHaveAttribute('width', '600');
  await expect(portrait).toHaveAttribute('height', '600');
  await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await expect(about).toContainText('more than 6 years of experience');

  const facts = about.locator('dl > div');
  await expect(facts.locator('dt')).toHaveText([
    'Name',
    'Birthday',
    'City',
    'Country',
    'Website',
    'Email',
    'Hobbies',
  ]);
  await expect(facts.locator('dd')).toHaveText([
    'Alex Morgan',
    '14 March 1993',
    'Lisbon',
    'Portugal',
    'alexmorgan.dev',
    'hello@alexmorgan.dev',
    'Cycling, Photography, Chess, Teaching',
  ]);
  await expect(about.getByRole('link', { name: 'hello@alexmorgan.dev' })).toHaveAttribute(
    'href',
    'mailto:hello@alexmorgan.dev',
  );
  expect(errors).toEqual([]);
});

test('View Resume opens the PDF in a new tab and records userViewsCV', async ({ page, request }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/about');
  const link = aboutSection(page).getByRole('link', { name: /^View Resume/ });
  await expect(link).toHaveAttribute('href', '/assets/alex-morgan-resume.pdf', {
    timeout: sectionLoadTimeout,
  });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  // The link is the server's HTML: clicked before the section's code runs, it opens the résumé unrecorded.
  await waitForSectionReady(page, 'portfolio/AboutPage');
  const events = await recordBusEvents(page);
  const popupPromise = page.waitForEvent('popup');
  // The new tab asks for the PDF (whether the browser then shows it or downloads it).
  const pdfRequest = page
    .context()
    .waitForEvent('request', (request) => request.url().endsWith('/assets/alex-morgan-resume.pdf'));
  await link.click();
  const popup = await popupPromise;
  await pdfRequest;
  await popup.close();
  await expect.poll(events).toEqual([{ name: 'userViewsCV' }]);

  const pdf = await request.get('/assets/alex-morgan-resume.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = (await pdf.body()).toString('latin1');
  expect(body.startsWith('%PDF-1.')).toBe(true);
  expect(body.trimEnd().endsWith('%%EOF')).toBe(true);
  expect(body).toContain('/Count 1');
  for (const text of ['(Alex Morgan)', '(Full-Stack Web Developer)', '(hello@alexmorgan.dev)', '(SUMMARY)']) {
    expect(body).toContain(text);
  }
  expect(errors).toEqual([]);
});

test('shows the six services, each with a description and an icon', async ({ page }) => {
  await page.goto('/about');
  const services = page.getByRole('region', { name: 'What I can do for you' });
  const cards = services.getByRole('listitem');
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText(
    [
      'MEAN Stack Development',
      'Quality Assurance Testing',
      'Web App Development',
      'Fully Responsive',
      'Code Quality',
      'Pixel Perfect',
    ],
    { timeout: sectionLoadTimeout },
  );
  for (const card of await cards.all()) {
    await expect(card.locator('p')).not.toBeEmpty();
    await expect(card.locator('svg[aria-hidden="true"]')).toBeVisible();
  }
});

test('shows the fourteen skills as progress bars at 85, 90, 95 or 100 percent', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/about');
  const skills = page.getByRole('region', { name: 'Tools I use every day' });
  const bars = skills.getByRole('progressbar');
  await expect(bars).toHaveCount(14, { timeout: sectionLoadTimeout });
  const expected = [
    'HTML',
    'CSS',
    'Bootstrap',
    'JavaScript',
    'Angular',
    'Node.js',
    'Nest.js',
    'SASS',
    'Git',
    'PSD to HTML',
    'Statamic',
    'Shopify',
    'Ionic',
    'jQuery',
  ];
  for (const [index, name] of expected.entries()) {
    const bar = bars.nth(index);
    await expect(bar).toHaveAccessibleName(name);
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    const level = await bar.getAttribute('aria-valuenow');
    expect(['85', '90', '95', '100']).toContain(level);
    // What the eye sees: the text beside the bar and the filled share of the track.
    await expect(skills.getByRole('listitem').nth(index)).toContainText(`${level}%`);
    await expect
      .poll(() =>
        bar.evaluate((track) => {
          const fill = track.querySelector('rect')!.getBoundingClientRect().width;
          return Math.round((fill / track.getBoundingClientRect().width) * 100);
        }),
      )
      .toBe(Number(level));
  }
  expect(errors).toEqual([]);
});
