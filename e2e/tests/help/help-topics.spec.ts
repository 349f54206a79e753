// Every topic spec §2 "Help pages content" requires, as a visitor finds it: a visible heading, and the text under it.
import { expect, test } from '../../support/test.ts';
import { legalPages, privacyPolicy, termsAndConditions, termsOfService } from './helpPages.ts';
import { asVisitorWhoSawThePopup } from './visitorWhoSawThePopup.ts';
import { waitForSectionReady } from '../../support/sections.ts';

test.beforeEach(async ({ page }) => {
  await asVisitorWhoSawThePopup(page);
});

interface Topic {
  topic: string;
  heading: string;
  text: RegExp[];
}

const privacyTopics: Topic[] = [
  { topic: 'consent', heading: 'Consent', text: [/you consent to this privacy policy/i] },
  {
    topic: 'information collected when registering or contacting',
    heading: 'Information I collect',
    text: [
      /contact me or register/i,
      /your name/,
      /company name/,
      /postal address/,
      /email address/,
      /telephone number/,
    ],
  },
  {
    topic: 'what this site stores',
    heading: 'Information I collect',
    text: [
      /Newsletter: your email address/,
      /Contact messages: the full name, email address, subject and message/,
      /Anonymous usage events:.*no IP address/,
      /emailSubmitted.*SUBMITTED.*newsletterTimestamp/,
      /reCAPTCHA/,
    ],
  },
  {
    topic: 'use of data',
    heading: 'How I use your information',
    text: [/I use the information I collect to/],
  },
  { topic: 'log files', heading: 'Log files', text: [/standard log files/] },
  { topic: 'cookies and web beacons', heading: 'Cookies and web beacons', text: [/cookie/i, /web beacon/i] },
  { topic: 'advertising partners', heading: 'Advertising partners', text: [/Google AdSense/] },
  {
    topic: 'CCPA rights, answered within one month',
    heading: 'Your privacy rights under the CCPA',
    text: [/California Consumer Privacy Act/, /respond within one month/],
  },
  {
    topic: 'GDPR rights, one month, a small fee for access',
    heading: 'Your data protection rights under the GDPR',
    text: [/General Data Protection Regulation/, /respond within one month/, /small fee/],
  },
  {
    topic: 'children under 13',
    heading: "Children's information",
    text: [/do not knowingly collect any personal information from children under the age of 13/],
  },
];

const termsTopics: Topic[] = [
  { topic: 'licence and restrictions', heading: 'Licence and restrictions', text: [/You must not/] },
  { topic: 'comments', heading: 'Comments', text: [/By posting a comment/] },
  {
    topic: 'hyperlinking, 2-3 weeks',
    heading: 'Hyperlinking to this site',
    text: [/allow 2–3 weeks for a response/],
  },
  { topic: 'iframes', heading: 'Iframes', text: [/frames/] },
  {
    topic: 'content liability',
    heading: 'Content liability',
    text: [/not responsible for any content on your website/],
  },
  {
    topic: 'disclaimer',
    heading: 'Disclaimer',
    text: [/exclude all representations, warranties and conditions/],
  },
  { topic: 'governing law', heading: 'Governing law', text: [/laws of Portugal/] },
];

const topicsByPage = [
  { page: privacyPolicy, topics: privacyTopics },
  { page: termsAndConditions, topics: termsTopics },
  { page: termsOfService, topics: termsTopics },
];

for (const { page: helpPage, topics } of topicsByPage) {
  test(`${helpPage.path} covers every required topic under a visible heading`, async ({ page }) => {
    await page.goto(helpPage.path);
    for (const { topic, heading, text } of topics) {
      const section = page.getByRole('region', { name: heading });
      await expect(section.getByRole('heading', { level: 2, name: heading }), topic).toBeVisible();
      // The text under the heading, never the heading itself ("Cookies and web beacons" says cookie too).
      const body = section.locator(':scope > :not(h2)');
      await expect(body.first(), topic).toBeVisible();
      for (const pattern of text) {
        await expect(body.filter({ hasText: pattern }), `${topic}: ${pattern}`).not.toHaveCount(0);
      }
    }
  });
}

for (const helpPage of legalPages) {
  test(`${helpPage.path} lists its sections, and a listed section opens at its heading`, async ({ page }) => {
    await page.goto(helpPage.path);
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await expect(contents).toBeVisible();
    const headings = page.locator('[data-section="help/HelpRoutes"]').getByRole('heading', { level: 2 });
    await expect(contents.getByRole('link')).toHaveCount(await headings.count());
    const last = contents.getByRole('link').last();
    const lastTitle = (await last.textContent()) ?? '';
    const anchor = (await last.getAttribute('href')) ?? '';
    expect(anchor).toMatch(new RegExp(`^${helpPage.path}#[a-z-]+$`));
    // Moving the focus to the heading is the section's code; before it runs, the link is a plain in-page link.
    await waitForSectionReady(page, 'help/HelpRoutes');
    await last.click();
    await expect(page).toHaveURL(anchor);
    const target = page.getByRole('heading', { level: 2, name: lastTitle });
    await expect(target).toBeInViewport();
    await expect(target).toBeFocused();
  });
}

test('a link to a section of a help page opens the page at that section', async ({ page }) => {
  await page.goto(`${privacyPolicy.path}#gdpr-rights`);
  const heading = page.getByRole('heading', { level: 2, name: 'Your data protection rights under the GDPR' });
  await expect(heading).toBeInViewport();
  // Not hidden under the fixed navbar.
  const box = await heading.boundingBox();
  expect(box?.y).toBeGreaterThanOrEqual(60);
});

test("the ad network's policy opens in a new tab", async ({ page, context }) => {
  // Google is outside the test machine's reach; answer for it, so the new tab has something to load.
  await context.route('https://policies.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Google advertising</title>' }),
  );
  await page.goto(privacyPolicy.path);
  const link = page
    .getByRole('region', { name: 'Advertising partners' })
    .getByRole('link', { name: /How Google uses cookies in advertising/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  const [newTab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await newTab.waitForLoadState();
  expect(newTab.url()).toBe('https://policies.google.com/technologies/ads');
  await expect(page).toHaveURL(privacyPolicy.path);
  await newTab.close();
});
