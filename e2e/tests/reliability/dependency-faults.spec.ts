// Issue 13: a slow or hung dependency never leaves a visitor waiting forever. A copy of the site reaches its backend
// and the portfolio section's files through fault proxies: frozen (connections open, nothing answers, as an
// overloaded or half-dead server behaves), slowed (seconds per answer) and restored. On every route the visitor gets
// the frame at once and a clear message with "Try again" within the deadline, nothing moves, a form keeps what was
// typed, and everything comes back by itself when the dependency does, without a reload; the site's server too.
import { expect, test, type Browser, type Page } from '../../support/test.ts';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { forgetBrowserWrites } from '../../support/anonymousWrites.ts';
import { ownerDatabase, uniqueLabel } from '../../support/database.ts';
import { watchFirstAppearance } from '../../support/firstAppearance.ts';
import { deadlines, enhancementFallbackMs } from '../../support/deadlines.ts';
import { layoutShiftBar, layoutShifts, recordLayoutShifts } from '../../support/layoutShift.ts';
import { expectedPages } from '../../support/pages.ts';
import { expectServedWhole } from '../../support/rendered.ts';
import {
  advancePageClock,
  advancePageClockUntil,
  holdPageClock,
  pageNow,
  type RequestsUnderWay,
} from '../../support/pageClock.ts';
import { scrollToSection, waitForFrameLive, waitForSectionReady } from '../../support/sections.ts';
import { asVisitorWhoSawThePopup, newsletterStorageKeys } from '../../support/visitor.ts';
import {
  contactSection,
  expectContactRefusedAtDeadline,
  fillContactForm,
  newsletterSection,
} from '../engagement/engagementSite.ts';
import { startReliabilitySite, type ReliabilitySite } from './reliabilitySite.ts';

test.describe.configure({ mode: 'serial' });

let reliability: ReliabilitySite;
test.beforeAll(async () => {
  reliability = await startReliabilitySite();
});
test.afterAll(async () => {
  await reliability?.close();
});
test.afterEach(() => {
  reliability.backend.set({ kind: 'pass' });
  reliability.portfolioFiles.set({ kind: 'pass' });
});

/** What each route shows from the backend, once it answers. */
const content: Record<string, (page: Page) => ReturnType<Page['locator']>> = {
  '/': (page) => page.getByRole('list', { name: 'Featured Projects' }).getByRole('article'),
  '/portfolio': (page) => page.getByRole('list', { name: 'Portfolio projects' }).getByRole('article'),
  '/tutorials': (page) => page.getByRole('list', { name: 'Tutorials' }).getByRole('heading', { level: 3 }),
  '/courses': (page) => page.getByRole('list', { name: 'Courses' }).getByRole('heading', { level: 3 }),
};
/**
 * The routes that read nothing from the backend show all of themselves while it hangs: their section, and what it
 * shows.
 */
function withoutReads(page: Page, path: string) {
  return path.startsWith('/help')
    ? { section: 'help/HelpRoutes', shown: page.getByRole('navigation', { name: 'Help pages' }) }
    : {
        section: 'portfolio/AboutPage',
        shown: page.getByRole('heading', { name: 'Full-Stack Web Developer' }),
      };
}

function failureMessage(page: Page) {
  return page.getByRole('alert').filter({ hasText: 'could not be loaded right now' });
}

/**
 * A page of the copy, as a returning visitor opens it; the load event may never come while the backend hangs.
 * `clock`: the page's clock is the test's (support/pageClock.ts), 'held' from the start (what the backend is asked is
 * not waited for when it is moved) or 'flowing' until the test stops it.
 */
async function open(
  browser: Browser,
  path: string,
  { clock: pageClock }: { clock?: 'held' | 'flowing' } = {},
): Promise<{ page: Page; clock?: RequestsUnderWay }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const toTheBackend = (url: string) => new URL(url).port === String(reliability.backend.port);
  const clock = pageClock === 'held' ? await holdPageClock(page, toTheBackend) : undefined;
  if (pageClock === 'flowing') await page.clock.install();
  await asVisitorWhoSawThePopup(page);
  await recordLayoutShifts(page, '[data-section]');
  // Notes, in the page's own time, when its sections first read from the backend (the frame's ad toast reads its own
  // table whenever an ad is due), every read, and when a failure message first shows (see messageAfterFirstRead).
  await page.addInitScript(() => {
    const win = window as unknown as {
      firstReadAt?: number;
      messageShownAt?: number;
      reads: { url: string; at: number }[];
    };
    win.reads = [];
    const send = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/rest/v1/') && !url.includes('/rest/v1/ads')) win.firstReadAt ??= performance.now();
      win.reads.push({ url, at: performance.now() });
      return send(input, init);
    };
    new MutationObserver(() => {
      if (win.messageShownAt === undefined && document.querySelector('[role="alert"]')) {
        win.messageShownAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${reliability.site.url}${path}`, { waitUntil: 'domcontentloaded' });
  return { page, clock };
}

/** The module whose read fails first on each route with reads (its code starts the read when it is evaluated). */
const readingModule: Record<string, string> = {
  '/': 'FeaturedProjects',
  '/portfolio': 'PortfolioPage',
  '/tutorials': 'TutorialsPage',
  '/courses': 'CoursesPage',
};

/**
 * How long after the page's read began its failure message appeared, in the page's own time, so that a busy test
 * machine's polling does not count. The read's deadline starts before the kit's first await (the site's
 * configuration), so on a busy machine its request may go out later than the deadline began (the message came
 * 7.75 s after the request once): the message is not early if it comes at the deadline after the module's code
 * arrived (no read starts before), and not late if it comes soon after the deadline from the request.
 */
async function messageAfterFirstRead(
  page: Page,
  path: string,
): Promise<{ afterCode: number; afterRequest: number }> {
  const took = await page.waitForFunction((module) => {
    const { firstReadAt, messageShownAt } = window as unknown as {
      firstReadAt?: number;
      messageShownAt?: number;
    };
    if (firstReadAt === undefined || messageShownAt === undefined) return false;
    const codeArrivedAt = Math.min(
      firstReadAt,
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes(`__federation_expose_${module}.`))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
    );
    return { afterCode: messageShownAt - codeArrivedAt, afterRequest: messageShownAt - firstReadAt };
  }, readingModule[path]);
  const { afterCode, afterRequest } = (await took.jsonValue()) as { afterCode: number; afterRequest: number };
  return { afterCode: Math.round(afterCode), afterRequest: Math.round(afterRequest) };
}

/**
 * A catalogue page reached the browser's own way: a help page first (it reads nothing from the backend), then the
 * navbar, so the catalogue's data is read by the browser whatever pages the site's server has kept (it renders its
 * pages again, whole, each time the backend comes back).
 */
async function openFromTheNavbar(
  browser: Browser,
  path: string,
  link: string,
): Promise<{ page: Page; errors: string[] }> {
  const { page } = await open(browser, '/help');
  await waitForSectionReady(page, 'help/HelpRoutes');
  const errors = collectConsoleErrors(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveURL(`${reliability.site.url}${path}`);
  return { page, errors };
}

async function expectNothingMoved(page: Page, path: string) {
  const { sectionShift, frameShift, moved } = await layoutShifts(page);
  expect(
    sectionShift + frameShift,
    `${path} layout shift; what moved: ${moved.join('; ')}`,
  ).toBeLessThanOrEqual(layoutShiftBar);
}

// One test per route, each page its own visitor: nine pages opened at once on one core starved each other and the
// site's server past every deadline (a section's files 45 s late), which is the machine's limit, not the site's.
for (const { path, banner } of expectedPages) {
  const says = content[path]
    ? 'shows its frame at once and its message within the deadline; it recovers when the backend answers again'
    : 'shows its frame and all of itself';
  test(`backend frozen: ${path} ${says}`, async ({ browser }) => {
    reliability.backend.set({ kind: 'freeze' });
    const { page } = await open(browser, path);
    try {
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(banner);
      const reads = content[path];
      if (reads) {
        // The home page's projects load as the visitor nears them.
        if (path === '/') await scrollToSection(page, 'portfolio/FeaturedProjects');
        // The deadline counts from the page's read, which its section's code sends once it has arrived: with nine
        // pages opening at once beside another suite, /courses sent its read 18 s after it was asked for (its HTML
        // came in 1.5 s, its section's files 12 s later), so a wait counted from the heading ran out first.
        await page.waitForFunction(
          () => (window as { firstReadAt?: number }).firstReadAt !== undefined,
          null,
          {
            timeout: 45_000,
          },
        );
        await expect(failureMessage(page).first(), path).toBeVisible({
          timeout: deadlines.pageReadMs + 8_000,
        });
        // The message comes when the page's first read passes its deadline, not before (how soon after it is the
        // "Try again" test's, on the page's clock).
        const took = await messageAfterFirstRead(page, path);
        test.info().annotations.push({
          type: `${path}: message after the code arrived / after the first read was sent (ms)`,
          description: `${took.afterCode} / ${took.afterRequest}`,
        });
        expect(took.afterCode, `${path}: message at the deadline`).toBeGreaterThanOrEqual(
          deadlines.pageReadMs - 100,
        );
        await expect(failureMessage(page).first().getByRole('button', { name: 'Try again' })).toBeVisible();
        await expect(reads(page)).toHaveCount(0);
      } else {
        // Its section's code runs: /about's load event never comes while the owner's portrait hangs, and the site's
        // code starts all the same (shell/src/boot.js). It used not to: the page stayed as the server sent it, and
        // when the server had passed its slot deadline (nine pages at once beside another suite) it said "Loading
        // About me…" for good.
        const { section, shown } = withoutReads(page, path);
        await waitForSectionReady(page, section, 45_000);
        await expect(shown, path).toBeVisible();
      }
      await expectNothingMoved(page, path);
      if (!reads) return;

      // The backend answers again: the open page fills itself in, without a reload or a click.
      reliability.backend.set({ kind: 'pass' });
      await expect(reads(page).first(), `${path} recovers`).toBeVisible({ timeout: 40_000 });
      await expect(failureMessage(page), path).toHaveCount(0);
      await expectNothingMoved(page, path);
      // ... and is live again: the owner's edit reaches the open portfolio page.
      if (path === '/portfolio') await expectOwnersEditShown(page);
    } finally {
      await page.context().close();
    }
  });
}

/** A project the owner adds from the dashboard shows in the open portfolio page (and is removed again). */
async function expectOwnersEditShown(portfolio: Page) {
  const title = uniqueLabel('E2E portfolio live reliability');
  const { data, error } = await ownerDatabase()
    .from('projects')
    .insert({
      title,
      description: 'Added from the dashboard after the backend came back.',
      image_path: 'projects/coinledger.webp',
      keywords: ['react'],
      link_to_project: 'https://github.com/alexmorgan-dev/e2e-live-project',
      featured_rank: null,
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  try {
    await expect(portfolio.getByRole('heading', { name: title, exact: true })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await ownerDatabase()
      .from('projects')
      .delete()
      .eq('id', (data as { id: string }).id);
  }
}

// On the page's clock, which the test holds (support/pageClock.ts): the message at the read's deadline, not a
// millisecond of the page's time before; "Try again" asks with the clock standing still, so at once, before any timer
// of the page could have run. Neither waits the deadline's seconds.
test('"Try again" asks at once, and the answer shows when it comes', async ({ browser }) => {
  reliability.backend.set({ kind: 'freeze' });
  const { page, clock } = await open(browser, '/help', { clock: 'held' });
  const advanceUntil = (done: () => Promise<boolean>) =>
    advancePageClockUntil(page, clock!, done, enhancementFallbackMs * 2);
  // A help page first (it reads nothing from the backend), then the navbar: the catalogue is read by the browser.
  await advanceUntil(() =>
    page
      .locator('#root[data-hydrated]')
      .isVisible()
      .catch(() => false),
  );
  await advanceUntil(
    async () => (await page.locator('[data-section="help/HelpRoutes"][data-ready="true"]').count()) > 0,
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Courses', exact: true })
    .click();
  await expect(page).toHaveURL(`${reliability.site.url}/courses`);
  const catalogueReads = () =>
    page.evaluate(() =>
      (window as unknown as { reads: { url: string; at: number }[] }).reads.filter((read) =>
        read.url.includes('/rest/v1/rpc/search_catalogue'),
      ),
    );
  await advanceUntil(async () => (await catalogueReads()).length > 0);
  const [firstRead] = await catalogueReads();
  // The courses' own message (the testimonials below have theirs, and keep trying by themselves). The read's deadline
  // begins before its request goes (the kit reads the site's configuration first), within a step of the clock.
  const catalog = page.getByRole('region', { name: 'All courses' });
  const message = catalog.getByRole('alert');
  await advancePageClock(page, clock!, firstRead!.at + deadlines.pageReadMs - 251 - (await pageNow(page)));
  await expect(message).toHaveCount(0);
  await advancePageClock(page, clock!, firstRead!.at + deadlines.pageReadMs - (await pageNow(page)));
  await expect(message).toContainText('The courses could not be loaded right now.');

  const clockBefore = await pageNow(page);
  await message.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(async () => (await catalogueReads()).length).toBe(2);
  expect(await pageNow(page), 'asked again without the page’s clock moving').toBe(clockBefore);
  // Asking again shows as loading again, not as the old message.
  await expect(catalog.getByRole('status')).toHaveText('Loading courses…');
  await expect(message).toHaveCount(0);
  reliability.backend.set({ kind: 'pass' });
  await page.clock.resume();
  await expect(content['/courses']!(page).first()).toBeVisible({ timeout: 10_000 });
  await expect(failureMessage(page)).toHaveCount(0, { timeout: 30_000 });
  await page.context().close();
});

test('backend down (connections refused): each catalogue says so at once, logs the failure with its label, and recovers', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  reliability.backend.set({ kind: 'down' });
  for (const [path, link, label] of [
    ['/courses', 'Courses', '[courses] load failed:'],
    ['/tutorials', 'Tutorials', '[tutorials] search failed:'],
  ] as const) {
    const { page, errors } = await openFromTheNavbar(browser, path, link);
    const context = page.context();
    // Refused is not slow: the message comes without waiting for a deadline.
    await expect(failureMessage(page).first(), path).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('searchbox'), path).toBeEditable();
    await expect.poll(() => errors.some((text) => text.startsWith(label)), path).toBe(true);
    await expect
      .poll(() => errors.some((text) => text.startsWith('[testimonials] load failed:')), path)
      .toBe(true);
    expect(
      errors.filter((text) => text.startsWith('uncaught')),
      path,
    ).toEqual([]);
    reliability.backend.set({ kind: 'pass' });
    await expect(content[path]!(page).first(), `${path} recovers`).toBeVisible({ timeout: 20_000 });
    await expect(failureMessage(page), path).toHaveCount(0, { timeout: 20_000 });
    reliability.backend.set({ kind: 'down' });
    await context.close();
  }
});

test('backend slowed (2 s per answer, within the deadline): pages wait and show their content, no message', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  reliability.backend.set({ kind: 'slow', delayMs: 2_000 });
  const { page } = await open(browser, '/tutorials');
  await expect(content['/tutorials']!(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(failureMessage(page)).toHaveCount(0);
  await expectNothingMoved(page, '/tutorials');
  await page.context().close();
});

test('a subscription sent while the backend hangs says so within its deadline, keeps the address, and goes through when sent again', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  await forgetBrowserWrites('newsletterSubscribe');
  const { page } = await open(browser, '/help/privacy-policy');
  // Sent by the form's code: a submission held until the code starts is sent (and its deadline starts) only then.
  await waitForFrameLive(page);
  const section = newsletterSection(page);
  const email = `${uniqueLabel('e2e-hang')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')}@example.com`;
  await section.getByRole('textbox').fill(email);
  reliability.backend.set({ kind: 'freeze' });
  // In the page's own time: the subscription's deadline begins after this moment, its message no sooner than that.
  const shown = await watchFirstAppearance(page, '#newsletter [role="alert"]');
  const sentAt = await pageNow(page);
  await section.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(section.getByText('Something happened, please try again.')).toBeVisible({
    timeout: deadlines.newsletterSubmitMs + 15_000,
  });
  expect((await shown.at())! - sentAt, 'the message at the deadline').toBeGreaterThanOrEqual(
    deadlines.newsletterSubmitMs - 1,
  );
  await expect(section.getByRole('textbox')).toHaveValue(email);
  await expect(section.getByText('Thank You!')).toHaveCount(0);

  reliability.backend.set({ kind: 'pass' });
  await section.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(section.getByText('Thank You!')).toBeVisible({ timeout: 15_000 });
  await page.context().close();
});

test('backend down (connections refused): both forms say so at once, keep what was typed, and go through once it is back', async ({
  browser,
}) => {
  await forgetBrowserWrites('contact');
  await forgetBrowserWrites('newsletterSubscribe');
  const { page } = await open(browser, '/help/terms-of-service', { clock: 'flowing' });
  await dismissTheAdWhenInTheWay(page);
  const newsletter = newsletterSection(page);
  const email = `${uniqueLabel('e2e-down')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')}@example.com`;
  await newsletter.getByRole('textbox').fill(email);
  const contact = contactSection(page);
  const subject = uniqueLabel('E2E contact down');
  await fillContactForm(page, { subject, message: 'Written while the backend is down.' });
  reliability.backend.set({ kind: 'down' });
  try {
    // The page's clock stands still from here: no deadline of the page's can pass, so what the forms say now is known
    // at once, not at a deadline.
    await page.clock.pauseAt(Date.now() + 1_000);
    await newsletter.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(newsletter.getByRole('alert')).toHaveText('Something happened, please try again.');
    await contact.getByRole('button', { name: 'Submit' }).click();
    await expect(contact.getByRole('alert')).toHaveText(
      'Your message could not be sent. Please check your connection and try again; what you wrote is still here.',
    );
    await expect(newsletter.getByRole('textbox')).toHaveValue(email);
    expect(
      await page.evaluate((key) => window.localStorage.getItem(key), newsletterStorageKeys.emailSubmitted),
      'not remembered as subscribed',
    ).toBeNull();
    await expect(contact.getByLabel('Subject')).toHaveValue(subject);
    await expect(contact.getByLabel('Message')).toHaveValue('Written while the backend is down.');

    reliability.backend.set({ kind: 'pass' });
    await page.clock.resume();
    await newsletter.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(newsletter.getByRole('heading', { name: 'Thank You!' })).toBeVisible({ timeout: 15_000 });
    await contact.getByRole('button', { name: 'Submit' }).click();
    await expect(contact.getByRole('heading', { name: 'Thank You!' })).toBeVisible({ timeout: 15_000 });
  } finally {
    await page.context().close();
    await ownerDatabase().from('contacts').delete().eq('subject', subject);
    await ownerDatabase().from('emails').delete().eq('email', email);
  }
});

test('a message sent while the backend hangs says so at its 20 s deadline, keeps what was typed, and goes through when sent again', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  await forgetBrowserWrites('contact');
  const { page } = await open(browser, '/help/privacy-policy');
  await dismissTheAdWhenInTheWay(page);
  const form = contactSection(page);
  const filled = await fillContactForm(page, {
    subject: uniqueLabel('E2E contact hang'),
    message: 'Written while the backend hangs.',
  });
  reliability.backend.set({ kind: 'freeze' });
  await expectContactRefusedAtDeadline(
    page,
    filled,
    'Your message could not be sent. Please check your connection and try again; what you wrote is still here.',
    deadlines.contactSubmitMs,
  );

  reliability.backend.set({ kind: 'pass' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('heading', { name: 'Thank You!' })).toBeVisible({ timeout: 15_000 });
  await page.context().close();
  await ownerDatabase().from('contacts').delete().eq('subject', filled.subject);
});

test("a section's files held back: a page the server rendered shows it at once and it comes alive when they arrive", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  // The site's server has the section's server build and a whole page (before the files hang). The page it kept may
  // be one the tests above left incomplete (the backend was down or slow); asked again, it renders it whole.
  await expectServedWhole(request, `${reliability.site.url}/portfolio`);
  reliability.portfolioFiles.set({ kind: 'freeze' });
  const { page } = await open(browser, '/portfolio');
  const slot = page.locator('[data-section="portfolio/PortfolioPage"]');
  await expect(slot).toHaveAttribute('data-rendered', 'server');
  await expect(content['/portfolio']!(page).first()).toBeVisible();
  await expect(slot).not.toHaveAttribute('data-ready');
  reliability.portfolioFiles.set({ kind: 'pass' });
  await expect(slot).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expectNothingMoved(page, '/portfolio');
  await page.context().close();
});

test("a section's files held back: in the browser its space is kept, it says it is late after the deadline, and it renders in place when they arrive", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Another section's page first; the way to the portfolio is then the browser's own (the navbar).
  const { page } = await open(browser, '/tutorials');
  await expect(content['/tutorials']!(page).first()).toBeVisible({ timeout: 20_000 });
  // The navbar is the router's once the frame's code runs; a click before that is a plain page load, which the
  // server renders whole (a loaded run clicked first, and /portfolio came with its projects and no message).
  await waitForFrameLive(page);
  reliability.portfolioFiles.set({ kind: 'freeze' });
  // In the page's own time: the section's files are asked for after this moment, its message no sooner than their
  // deadline after it.
  const shown = await watchFirstAppearance(page, '[data-testid="section-fallback"]');
  const clickedAt = await pageNow(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Portfolio', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio');
  const slot = page.locator('[data-section="portfolio/PortfolioPage"]');
  const late = slot.getByTestId('section-fallback');
  await expect(late).toContainText('Portfolio is taking longer than usual to load.', {
    timeout: deadlines.sectionFilesMs + 15_000,
  });
  expect((await shown.at())! - clickedAt, 'the message at the deadline').toBeGreaterThanOrEqual(
    deadlines.sectionFilesMs - 1,
  );
  await expect(late.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The rest of the site works meanwhile.
  await expect(newsletterSection(page)).toBeVisible();
  await expectNothingMoved(page, '/portfolio');

  reliability.portfolioFiles.set({ kind: 'pass' });
  await expect(content['/portfolio']!(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(late).toHaveCount(0);
  await page.context().close();
});

// Last: catching up, the server renders every page it keeps again with the backend up, and the tests above expect
// pages it could not render.
test("backend down a moment: the site's server catches up with an edit it missed, before its kept page would expire", async ({
  request,
}) => {
  test.setTimeout(60_000);
  const portfolioHtml = async () => (await fetch(`${reliability.site.url}/portfolio`)).text();
  // The site's server reading its tables on its own: no browser's request (those say where they come from), while no
  // visitor asks this test's copy for a page (a kept page that expired is rendered again only when asked).
  const serverReads = () =>
    reliability.backend.requests(
      (head) => /^(GET|POST) \/rest\/v1\//.test(head) && !/\r\norigin:/i.test(head),
    );
  const added: string[] = [];
  async function addProject(title: string) {
    const { data, error } = await ownerDatabase()
      .from('projects')
      .insert({
        title,
        description: 'Added from the dashboard while the site was rendering pages.',
        image_path: 'projects/coinledger.webp',
        keywords: ['react'],
        link_to_project: 'https://github.com/alexmorgan-dev/e2e-server-catch-up',
        featured_rank: null,
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    added.push((data as { id: string }).id);
  }
  try {
    // The server renders the page and follows its table: an edit makes it read the table again and render the page
    // anew, with no visitor asking (the page it keeps is whole and fresh, no render of it under way).
    await expectServedWhole(request, `${reliability.site.url}/portfolio`);
    await expect
      .poll(async () => (await fetch(`${reliability.site.url}/portfolio`)).headers.get('x-page-render'))
      .toBe('cache-fresh');
    const seenLive = uniqueLabel('E2E server live');
    const readsBeforeTheEdit = serverReads();
    await addProject(seenLive);
    await expect.poll(serverReads).toBeGreaterThan(readsBeforeTheEdit);
    await expect.poll(portfolioHtml).toContain(seenLive);
    // That render is kept fresh for 10 s. The backend drops every connection, the server's Realtime socket among
    // them; the owner's edit made meanwhile sends the server no change.
    const refusedBefore = reliability.backend.refused();
    reliability.backend.set({ kind: 'down' });
    const missed = uniqueLabel('E2E server missed');
    await addProject(missed);
    // The server has found the backend gone: it tried to reach it again and was refused.
    await expect.poll(() => reliability.backend.refused()).toBeGreaterThan(refusedBefore);
    const readsBeforeTheReturn = serverReads();
    reliability.backend.set({ kind: 'pass' });
    // Back, the server joins its tables again and renders the pages read from them by itself, before any visitor
    // asks (a kept page's expiry would wait for one): it reads the table, and the edit it missed shows.
    await expect.poll(serverReads).toBeGreaterThan(readsBeforeTheReturn);
    await expect.poll(portfolioHtml).toContain(missed);
  } finally {
    await ownerDatabase().from('projects').delete().in('id', added);
  }
});
