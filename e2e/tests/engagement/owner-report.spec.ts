// The owner's report, end to end: a backend of its own (so that only this test's events are counted) whose mail goes
// to the site's mail catcher, addressed to an owner address of this run. With known page views and events in the
// database (visitors, searches with and without results, opens, plays, ad clicks, pop-up dismissals, a new
// subscriber, a bounce, a message) and a visitor's flood of invented titles and a search term that holds an address,
// a POST to owner-report with {"now": true} puts one mail in the owner's inbox whose figures are the views' and the
// seeded counts, with the searches that found nothing listed, no invented title and no link made of the visitor's
// words; the stand-in's own schedule sends the week's report; the schedule's call, made twice at once and again,
// sends one report for the week; and the chart reads in the light and the dark theme of a mail program.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { expect, test, type Page, type TestInfo } from '../../support/test.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { localMailAddresses } from '../../../scripts/mailCatcher.mjs';
import { startBackend } from '../../../scripts/backend.mjs';
import { mailsTo, waitForMails, type CaughtMail } from '../../support/mailbox.ts';
import { ports } from '../../support/site.ts';
import { uniqueToken } from './engagementSite.ts';

test.describe.configure({ mode: 'serial' });

// How the mail names each figure, from the functions' TypeScript, loaded as the mail spec loads it (their package is
// not an ES module to this runner).
type ReportFigures = typeof import('../../../supabase/functions/_shared/mail/ownerReportFigures.ts');
const { figureLabels, figureNames, visitorWords } = createRequire(import.meta.url)(
  '../../../supabase/functions/_shared/mail/ownerReportFigures.ts',
) as ReportFigures;

const backendOffset = 180;
const owner = `${uniqueToken('owner.report').replace(/[^a-z0-9.]/gi, '')}@alexmorgan.dev`.toLowerCase();
const siteHost = 'alexmorgan.dev';

let backend: { url: string; stop: () => Promise<void> };
let database: SupabaseClient;

test.beforeAll(async () => {
  backend = await startBackend({
    port: ports.backend + backendOffset,
    fresh: true,
    quiet: true,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${ports.mailSmtp}?ignoreTLS=true`,
      SITE_URL: `https://${siteHost}`,
      MAIL_FROM: localMailAddresses.from,
      OWNER_EMAIL: owner,
    },
  });
  database = createClient(backend.url, LOCAL_SECRET_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
});

test.afterAll(async () => {
  await backend?.stop();
});

interface ReportAnswer {
  outcome: string;
  reportId: string | null;
  startsAt: string | null;
  endsAt: string | null;
}

async function askForReport(body: object): Promise<ReportAnswer> {
  const response = await fetch(`${backend.url}/functions/v1/owner-report`, {
    method: 'POST',
    headers: { apikey: LOCAL_SECRET_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ReportAnswer;
}

async function insert(table: string, rows: object[]): Promise<void> {
  const { error } = await database.from(table).insert(rows);
  if (error) throw new Error(`insert into ${table}: ${error.message}`);
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** Titles of the seeded catalogue (supabase/seed.sql). */
const catalogue = {
  project: 'Harbour Freight Tracker',
  course: 'Angular from Zero to Real Apps',
  video: 'Angular Signals in 20 Minutes',
  ad: 'NestJS: Clean Back-ends',
  otherAd: 'Need a web developer?',
} as const;

/** What a visitor can post to put words in the owner's mail: titles that are no row, a term that holds an address. */
const forgedTitle = 'Account suspended, see evil.example';
const forgedTerm = 'Account suspended, see https://evil.example';

/** Page views of visitors (one visit each, hash 'v<n>'), so many hours ago. */
function pageViews(hours: number[], first: number) {
  return hours.map((hoursBefore, index) => {
    const at = hoursAgo(hoursBefore);
    const hash = (text: string) => createHash('sha256').update(text).digest('hex');
    return {
      viewed_at: at,
      day: at.slice(0, 10),
      path: '/',
      device: 'desktop',
      visitor: hash(`v${first + index}`),
      network: hash(`n${first + index}`),
    };
  });
}

/** Events of the last seven days, and a few of the seven days before. */
function knownEvents() {
  const event = (name: string, payload: object, hours: number) => ({
    name,
    payload,
    route: '/',
    created_at: hoursAgo(hours),
  });
  return {
    current: [
      event('userSearchForCourse', { searchTerm: 'Rust', resultCount: 0 }, 2),
      event('userSearchForCourse', { searchTerm: 'rust ', resultCount: 0 }, 30),
      event('userSearchForCourse', { searchTerm: 'angular', resultCount: 3 }, 3),
      event('userSearchForTutorial', { searchTerm: 'cobol', resultCount: 0 }, 4),
      event('userSearchForTutorial', { searchTerm: '', resultCount: 12 }, 4),
      event('userSearchForProject', { searchTerm: 'kanban', resultCount: 1 }, 5),
      event('userViewsTheProject', { projectTitle: catalogue.project }, 5),
      event('userViewsTheProject', { projectTitle: catalogue.project }, 50),
      event('userViewsACourse', { courseTitle: catalogue.course }, 6),
      ...[6, 7, 80].map((hours) => event('userPlaysATutorial', { tutorialTitle: catalogue.video }, hours)),
      event('userClicksOnAd', { adTitle: catalogue.ad }, 8),
      event('userClicksOnAd', { adTitle: catalogue.ad }, 9),
      event('userClicksOnAd', { adTitle: catalogue.otherAd }, 10),
      // A visitor's flood: titles that are in no table, routes that are no page, a term that holds an address.
      ...Array.from({ length: 30 }, (_, index) => [
        event('userViewsTheProject', { projectTitle: forgedTitle }, 3),
        event('userClicksOnAd', { adTitle: forgedTitle }, 3),
        event('userRoutes', { route: '/see-evil-example' }, 3),
        event('userSearchForCourse', { searchTerm: forgedTerm, resultCount: index }, 3),
      ]).flat(),
      event('userCancelNewsletterPopup', {}, 11),
      event('userCancelNewsletterPopup', {}, 12),
      event('userViewsCV', {}, 13),
      event('userRoutes', { route: '/courses' }, 14),
      event('userRoutes', { route: '/courses' }, 15),
      event('userRoutesFromFooter', { route: '/help/privacy-policy' }, 16),
    ],
    previous: [event('userSearchForCourse', { searchTerm: 'rust', resultCount: 0 }, 9 * 24)],
    views: [...pageViews([1, 25, 26, 72, 120], 0), ...pageViews([9 * 24, 9 * 24 + 1], 100)],
  };
}

/** The mail's text part, line by line, spaces squeezed. */
const linesOf = (mail: CaughtMail) =>
  (mail.parsed.text ?? '').split('\n').map((line) => line.replace(/\s+/g, ' ').trim());

/** The row of a figure table in the text part: label, now, before, change. */
function rowOf(mail: CaughtMail, label: string): string | undefined {
  return linesOf(mail).find((line) => line.startsWith(`${label} `));
}

test('a week with no visitors says so plainly', async () => {
  const asked = await askForReport({ now: true });
  expect(asked.outcome).toBe('queued');
  const [mail] = await waitForMails(owner, /^Your last seven days on alexmorgan\.dev, .*: no visitors$/, {
    timeout: 20_000,
  });
  const lines = linesOf(mail!).filter(Boolean);
  expect(lines[lines.indexOf('Visitors') + 1]).toBe(
    'No visitors in the last seven days: nobody read a page of the site.',
  );
});

test('a report now holds the views’ figures and the seeded counts, with the searches that found nothing', async ({
  page,
}, testInfo) => {
  const events = knownEvents();
  await insert('analytics_events', [...events.current, ...events.previous]);
  await insert('page_views', events.views);
  await insert('emails', [
    {
      email: `${uniqueToken('new.reader')}@example.com`.toLowerCase(),
      status: 'confirmed',
      confirmed_at: hoursAgo(20),
    },
  ]);
  await insert('mail_suppressions', [
    {
      email: `${uniqueToken('bounced')}@example.com`.toLowerCase(),
      reason: 'bounce',
      created_at: hoursAgo(30),
    },
  ]);
  const subject = uniqueToken('A project for the report');
  await insert('contacts', [
    { full_name: 'Ana Silva', email: 'ana@example.com', subject, message: 'Hello', created_at: hoursAgo(21) },
  ]);

  const asked = await askForReport({ now: true });
  expect(asked.outcome).toBe('queued');
  const [mail] = await waitForMails(owner, /^Your last seven days on alexmorgan\.dev, .*: 5 visitors$/, {
    timeout: 20_000,
  });
  expect(mail!.parsed.from?.value).toEqual([{ name: 'Alex Morgan', address: 'hello@alexmorgan.dev' }]);

  // The seeded counts.
  expect(linesOf(mail!)).toContain('Visitors: 5 (7 days before: 2, +3 (+150%)).');
  expect(rowOf(mail!, 'Courses')).toBe('Courses 33 1 +32 (+3200%)');
  expect(rowOf(mail!, 'Found nothing (all catalogues)')).toBe(
    'Found nothing (all catalogues) 4 1 +3 (+300%)',
  );
  expect(rowOf(mail!, 'Tutorials played')).toBe('Tutorials played 3 0 +3 (none before)');
  expect(rowOf(mail!, catalogue.ad)).toBe(`${catalogue.ad} 2 0 +2 (none before) 40.0`);
  // The flood: no invented title is counted, no route that is no page, and the term is the visitor's words.
  expect(rowOf(mail!, 'Projects opened')).toBe('Projects opened 2 0 +2 (none before)');
  expect(rowOf(mail!, 'Navbar')).toBe('Navbar 2 0 +2 (none before)');
  expect(mail!.parsed.text).not.toContain(forgedTitle);
  expect(mail!.parsed.html).not.toContain('evil.example');
  // (The report lists a term as the database spells it: in lower case.)
  const shownTerm = visitorWords(forgedTerm.toLowerCase());
  expect(rowOf(mail!, shownTerm)).toBe(`${shownTerm} 30 0 +30 (none before)`);
  expect(rowOf(mail!, 'New subscribers (confirmed)')).toBe(
    'New subscribers (confirmed) 1 0 +1 (none before)',
  );
  expect(rowOf(mail!, 'Bounced or reported as spam (no longer mailed)')).toBe(
    'Bounced or reported as spam (no longer mailed) 1 0 +1 (none before)',
  );
  expect(rowOf(mail!, 'Pop-up closed without subscribing')).toBe(
    'Pop-up closed without subscribing 2 0 +2 (none before)',
  );
  // The searches that found nothing, with their catalogue and how often (the cleared tutorial search is none).
  const lines = linesOf(mail!).filter(Boolean);
  const notFound = lines.indexOf('Searched for and not found');
  expect(lines.slice(notFound + 1, notFound + 5)).toEqual([
    'CATALOGUE SEARCH NOW 7 DAYS BEFORE CHANGE',
    'Tutorials “cobol” 1 0 +1 (none before)',
    'Courses “rust” 2 1 +1 (+100%)',
    `Courses ${visitorWords(forgedTerm.toLowerCase())} 1 0 +1 (none before)`,
  ]);
  // The message, with a reply link.
  expect(mail!.parsed.html).toContain(
    `href="mailto:ana@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}"`,
  );

  // The views' figures for the report's period are the mail's, every one of them.
  const { data: counts, error } = await database.rpc('owner_report_counts', {
    p_from: asked.startsAt,
    p_to: asked.endsAt,
  });
  expect(error).toBeNull();
  const figures = counts as {
    figure: ReportFigures['figureNames'][number];
    count: number;
    previous_count: number;
  }[];
  expect(figures.map((figure) => figure.figure)).toEqual(figureNames);
  for (const { figure, count, previous_count: previous } of figures) {
    // A row of a table ("Courses 3 1 +2 (+200%)"), or a sentence ("Visitors: 5 (7 days before: 2, ...").
    const label = figureLabels[figure];
    expect(
      lines.some((line) => line.startsWith(`${label} ${count} ${previous} `)) ||
        lines.some((line) => line.startsWith(`${label}: ${count} (7 days before: ${previous},`)),
      `${figure}: ${count} against ${previous} in the mail`,
    ).toBe(true);
  }
  const { data: days } = await database.rpc('owner_report_days', {
    p_from: asked.startsAt,
    p_to: asked.endsAt,
  });
  await checkTheChartInBothThemes(
    page,
    testInfo,
    mail!,
    (days as { day: string; visitors: number }[]).map((day) => ({ day: day.day, visits: day.visitors })),
  );
});

/** The subject of the weekly mail of the week from startsAt to endsAt (UTC, the settings' zone in these tests). */
function weeklySubject(startsAt: string, endsAt: string): RegExp {
  const day = { day: 'numeric', month: 'short', timeZone: 'UTC' } as const;
  const first = new Date(startsAt).toLocaleDateString('en-GB', day);
  const last = new Date(Date.parse(endsAt) - 1).toLocaleDateString('en-GB', day);
  return new RegExp(`^Your week on alexmorgan\\.dev, ${first} – ${last}: `);
}

test("the stand-in's own schedule sends the last week's report by itself", async () => {
  // Monday 08:00 UTC by default: the last full week's report is due whenever this runs (before Monday 08:00, the
  // week before's). The stand-in asks at its start and every minute after (what came due while it was down goes at
  // once), so it is in the inbox within seconds, long before the next minute's call.
  test.setTimeout(60_000);
  const { data, error } = await database.rpc('owner_report_week');
  expect(error).toBeNull();
  const [week] = data as { starts_at: string; ends_at: string; due_at: string }[];
  expect(Date.parse(week!.due_at)).toBeLessThanOrEqual(Date.now());
  await waitForMails(owner, weeklySubject(week!.starts_at, week!.ends_at), { timeout: 30_000 });
});

test('the schedule, called twice at once and again, sends one report for the week', async () => {
  // Due since midnight today (UTC): the week that ended then.
  const today = new Date();
  const { error } = await database
    .from('owner_report_settings')
    .update({ send_day: ((today.getUTCDay() + 6) % 7) + 1, send_hour: 0, time_zone: 'UTC' })
    .eq('id', true);
  expect(error).toBeNull();
  const answers = await Promise.all([askForReport({}), askForReport({})]);
  expect(answers.filter((answer) => answer.outcome === 'queued').length).toBeLessThanOrEqual(1);
  expect((await askForReport({})).outcome).toBe('sent_already');

  const [answer] = answers;
  const weekly = weeklySubject(answer!.startsAt!, answer!.endsAt!);
  await waitForMails(owner, weekly, { timeout: 20_000 });
  // Nothing left to send a second one: the week has one report, and its one mail in the outbox is sent.
  const { data: reports } = await database
    .from('owner_reports')
    .select('id')
    .eq('starts_at', answer!.startsAt!)
    .not('week_starts_on', 'is', null);
  expect(reports).toHaveLength(1);
  const outbox = async () =>
    (
      await database
        .from('mail_outbox')
        .select('status')
        .eq('owner_report_id', (reports as { id: string }[])[0]!.id)
    ).data;
  // (Marked sent once the mail catcher has taken it.)
  await expect.poll(outbox).toEqual([{ status: 'sent' }]);
  expect(await mailsTo(owner, weekly)).toHaveLength(1);
});

/** Relative luminance contrast of two CSS colours (rgb()). */
function contrast(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The strong brand colour of each theme (the kit's --color-brand-strong). */
const barColor = { light: 'rgb(10, 99, 145)', dark: 'rgb(108, 197, 245)' } as const;

/** The mail as a mail program that follows the reader's theme shows it: bars, their days, and readable text. */
async function checkTheChartInBothThemes(
  page: Page,
  testInfo: TestInfo,
  mail: CaughtMail,
  days: { day: string; visits: number }[],
) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setContent(mail.parsed.html || '', { waitUntil: 'load' });
    const chart = page.getByRole('table', { name: 'Visitors per day' });
    await expect(chart.getByRole('row')).toHaveCount(days.length);
    const bars = chart.locator('.mail-bar');
    await expect(bars).toHaveCount(days.filter((day) => day.visits > 0).length);
    const largest = Math.max(...days.map((day) => day.visits));
    const rowWidth = (await chart.locator('td[data-skip-in-text]').first().boundingBox())!.width;
    for (const [index, day] of days.filter((each) => each.visits > 0).entries()) {
      const box = (await bars.nth(index).boundingBox())!;
      // Each bar is its day's share of the busiest day (within a pixel or two of rounding).
      expect(Math.abs(box.width - (rowWidth * day.visits) / largest)).toBeLessThan(rowWidth * 0.02 + 2);
      await expect(bars.nth(index)).toHaveCSS('background-color', barColor[scheme]);
    }
    const card = page.locator('.mail-card');
    const background = await card.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe(scheme === 'dark' ? 'rgb(17, 26, 35)' : 'rgb(255, 255, 255)');
    for (const text of [
      chart.getByRole('cell').first(),
      page.getByText('Visitors per day'),
      page.getByRole('heading', { level: 1 }),
    ]) {
      const color = await text.evaluate((element) => getComputedStyle(element).color);
      expect(contrast(color, background), `${scheme}: text ${color} on ${background}`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
    // The bars stand out from the card (WCAG's 3:1 for what is not text).
    expect(contrast(barColor[scheme], background)).toBeGreaterThanOrEqual(3);
    await testInfo.attach(`owner report, ${scheme} theme`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
}
