// The owner's report as a mail, from figures as the database stores them: every figure with the period before's and
// the change, in the HTML and the same in the text part; visitors per day as table cells; a spike with its source; a
// week with no visitors said plainly; what a visitor typed shown as their words, never as markup or a link; reply
// links that mail programs open in the text part too; settings missing wait, figures that are not the database's are
// cancelled.
import {
  describeChange,
  figureLabels,
  figureNames,
  readOwnerReportFigures,
  visitorWords,
} from '../ownerReportFigures.ts';
import { ownerReportMail, ownerReportTexts, type OwnerReportDetails } from '../ownerReportMail.ts';
import { barPercent } from '../template/MailBarChart.tsx';

const settings = {
  from: { ok: true, value: { name: 'Alex Morgan', address: 'hello@alexmorgan.dev' } },
  owner: { ok: true, value: { name: '', address: 'owner@alexmorgan.dev' } },
  siteUrl: { ok: true, value: 'https://alexmorgan.dev' },
} as const;

/** Figures as public.owner_report_figures makes them; each count distinct, so a test can find it. */
function storedFigures(visitorsPerDay: number[]) {
  const counts = Object.fromEntries(
    figureNames.map((name, index) => [name, { count: 100 + index * 7, previous_count: 50 + index * 3 }]),
  );
  counts.visitors = {
    count: visitorsPerDay.reduce((sum, visitors) => sum + visitors, 0),
    previous_count: 30,
  };
  return {
    period: {
      starts_at: '2026-11-15T23:00:00+00:00',
      ends_at: '2026-11-22T23:00:00+00:00',
      previous_starts_at: '2026-11-08T23:00:00+00:00',
      time_zone: 'Europe/Berlin',
    },
    visits_per_day: visitorsPerDay.map((visitors, index) => ({
      day: `2026-11-${16 + index}`,
      visitors,
      pageviews: visitors * 3,
      visits: visitors,
    })),
    counts,
    rates: {
      pages_per_visit: { value: 2.45, previous_value: 2.05 },
      single_page_visit_percent: { value: 41.5, previous_value: 52 },
    },
    spikes: [] as unknown[],
    top: {
      top_pages: [{ item: '/courses', count: 31, previous_count: 20 }],
      top_sources: [{ item: 'news.example', count: 12, previous_count: 0 }],
      top_campaigns: [{ item: 'december', count: 5, previous_count: 1 }],
      navbar_pages: [{ item: '/courses', count: 6, previous_count: 4 }],
      course_searches: [{ item: 'rust', count: 2, previous_count: 1 }],
      course_searches_without_results: [{ item: 'rust', count: 2, previous_count: 1 }],
      tutorial_searches_without_results: [{ item: '<b>cobol</b>', count: 3, previous_count: 0 }],
      ad_clicks: [{ item: 'Bundle', count: 3, previous_count: 2 }],
      tutorials_played: [{ item: 'Signals in Angular', count: 9, previous_count: 5 }],
    },
    messages: [
      {
        received_at: '2026-11-19T15:00:00+00:00',
        full_name: 'Ana Silva',
        email: 'ana@example.com',
        subject: 'A project in March',
      },
    ],
  };
}

const weekly = (figures: unknown): OwnerReportDetails => ({
  reportId: 'r1',
  weekStartsOn: '2026-11-16',
  figures,
});

async function mailOf(details: OwnerReportDetails) {
  const composed = await ownerReportMail('outbox-row-1', details, settings);
  if (composed.outcome !== 'mail') throw new Error(`not a mail: ${JSON.stringify(composed)}`);
  return composed.mail;
}

/** The text part's lines, spaces squeezed. */
const linesOf = (text: string) => text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());

describe('describeChange', () => {
  it.each([
    [12, 9, '+3 (+33%)'],
    [9, 12, '−3 (−25%)'],
    [5, 5, 'no change'],
    [0, 0, 'no change'],
    [4, 0, '+4 (none before)'],
    [0, 2, '−2 (−100%)'],
    [1500, 1000, '+500 (+50%)'],
    [2500, 1000, '+1,500 (+150%)'],
  ])('%i against %i is %s', (count, previousCount, words) => {
    expect(describeChange({ count, previousCount })).toBe(words);
  });
});

describe('the owner report mail', () => {
  it('goes to the owner, from the site, with the week and its visits in the subject', async () => {
    const mail = await mailOf(weekly(storedFigures([5, 9, 0, 12, 6, 4, 6])));
    expect(mail).toMatchObject({
      to: { address: 'owner@alexmorgan.dev' },
      from: { name: 'Alex Morgan', address: 'hello@alexmorgan.dev' },
      subject: 'Your week on alexmorgan.dev, 16 Nov – 22 Nov: 42 visitors',
      idempotencyKey: 'outbox-row-1',
    });
    expect(mail.text).toContain('Monday 16 November to Sunday 22 November 2026 (Europe/Berlin)');
  });

  it('gives every figure, with the week before and the change, in the text part as in the HTML', async () => {
    const stored = storedFigures([5, 9, 0, 12, 6, 4, 6]);
    const figures = readOwnerReportFigures(stored);
    const mail = await mailOf(weekly(stored));
    const lines = linesOf(mail.text);
    for (const name of figureNames) {
      const { count, previousCount } = figures.counts[name];
      const change = describeChange({ count, previousCount });
      const label = figureLabels[name];
      // A row of a table, or a sentence.
      const row = `${label} ${count} ${previousCount} ${change}`;
      const sentence = `${label}: ${count} (week before: ${previousCount}, ${change}).`;
      expect(lines.some((line) => line === row || line.startsWith(sentence))).toBe(true);
      expect(mail.html).toContain(lines.includes(row) ? `>${change}</td>` : sentence);
    }
    const visits = figures.counts.visits.count;
    expect(lines).toContain(`Bundle 3 2 +1 (+50%) ${((3 / visits) * 100).toFixed(1)}`);
    expect(lines).toContain('Signals in Angular 9 5 +4 (+80%)');
    expect(lines).toContain('Pages per visit 2.45 2.05 +0.40');
    expect(lines).toContain('Visits of one page (share) 41.5% 52.0% −10.5 points');
    expect(lines).toContain('news.example 12 0 +12 (none before)');
    expect(lines).toContain('december 5 1 +4 (+400%)');
    expect(lines).toContain('/courses 31 20 +11 (+55%)');
  });

  it('lists the searches that found nothing, with their catalogue and how often', async () => {
    const mail = await mailOf(weekly(storedFigures([1, 0, 0, 0, 0, 0, 0])));
    const lines = linesOf(mail.text);
    const heading = lines.indexOf(ownerReportTexts.notFoundHeading);
    expect(heading).toBeGreaterThan(-1);
    expect(lines.slice(heading + 2, heading + 5)).toEqual([
      'CATALOGUE SEARCH NOW WEEK BEFORE CHANGE',
      'Tutorials “<b>cobol</b>” 3 0 +3 (none before)',
      'Courses “rust” 2 1 +1 (+100%)',
    ]);
    // What a visitor typed is text in the HTML, never markup.
    expect(mail.html).toContain('&lt;b&gt;cobol&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>cobol</b>');
  });

  it('charts visitors per day as table cells, each bar its share of the busiest day, with no script or image', async () => {
    const visits = [5, 9, 0, 12, 6, 4, 6];
    const mail = await mailOf(weekly(storedFigures(visits)));
    const bars = [...mail.html.matchAll(/class="mail-bar"[^>]*?style="width:(\d+)%/g)].map((match) =>
      Number(match[1]),
    );
    expect(bars).toEqual(visits.filter((count) => count > 0).map((count) => barPercent(count, 12)));
    expect(bars).toContain(100);
    expect(mail.html).not.toMatch(/<script|<img|url\(/i);
    const lines = linesOf(mail.text);
    const chart = lines.indexOf('Visitors per day');
    expect(lines.slice(chart + 2, chart + 9)).toEqual([
      'Mon 16 Nov 5 (15 pages)',
      'Tue 17 Nov 9 (27 pages)',
      'Wed 18 Nov 0 (0 pages)',
      'Thu 19 Nov 12 (36 pages)',
      'Fri 20 Nov 6 (18 pages)',
      'Sat 21 Nov 4 (12 pages)',
      'Sun 22 Nov 6 (18 pages)',
    ]);
  });

  it('says plainly that a week had no visitors, and draws no chart', async () => {
    const mail = await mailOf(weekly(storedFigures([0, 0, 0, 0, 0, 0, 0])));
    expect(mail.subject).toBe('Your week on alexmorgan.dev, 16 Nov – 22 Nov: no visitors');
    const lines = linesOf(mail.text).filter(Boolean);
    expect(lines[lines.indexOf('Visitors') + 1]).toBe(ownerReportTexts.noVisitors('this week'));
    expect(mail.html).not.toContain('class="mail-bar"');
    expect(mail.text).toContain('Visitors: 0 (week before: 30, −30 (−100%)).');
  });

  it('says which source brought a spike', async () => {
    const stored = storedFigures([5, 9, 0, 120, 6, 4, 6]);
    stored.spikes = [
      { day: '2026-11-19', visitors: 120, usual_visitors: 6, source: 'forum.example', source_visitors: 100 },
      { day: '2026-11-21', visitors: 40, usual_visitors: 6, source: null, source_visitors: null },
    ];
    const lines = linesOf((await mailOf(weekly(stored))).text);
    expect(lines).toContain(
      'A spike on Thu 19 Nov: 120 visitors, against 6 on a usual day; 100 came from forum.example.',
    );
    expect(lines).toContain(
      'A spike on Sat 21 Nov: 40 visitors, against 6 on a usual day; most came directly, or from sources too small to name.',
    );
  });

  it('shows a search term as the visitor’s words: quoted, bounded, no control character, no link', async () => {
    const stored = storedFigures([1, 0, 0, 0, 0, 0, 0]);
    const forged = 'Account suspended,\u0007 see https://evil.example or write to help@evil.example';
    stored.top.course_searches = [{ item: forged, count: 300, previous_count: 0 }];
    const mail = await mailOf(weekly(stored));
    const shown = visitorWords(forged);
    expect(shown).toBe('“Account suspended, see https[://]evil[.]example or write to hel…”');
    expect(linesOf(mail.text)).toContain(`${shown} 300 0 +300 (none before)`);
    expect(mail.html).not.toMatch(/evil\.example|https:\/\/evil/);
    expect(mail.html).not.toContain(String.fromCharCode(7));
  });

  it('lists the messages with their sender and a reply link, a mailto: link in the text part too', async () => {
    const mail = await mailOf(weekly(storedFigures([1, 0, 0, 0, 0, 0, 0])));
    expect(mail.html).toContain('href="mailto:ana@example.com?subject=Re%3A%20A%20project%20in%20March"');
    expect(linesOf(mail.text)).toContainEqual(
      'Thu 19 Nov, 16:00 Ana Silva <ana@example.com> A project in March Reply mailto:ana@example.com?subject=Re%3A%20A%20project%20in%20March',
    );
  });

  it('counts the fediverse account’s followers, replies, likes and boosts, and lists each reply with its server', async () => {
    const figures = {
      ...storedFigures([1, 0, 0, 0, 0, 0, 0]),
      fediverse: {
        counts: {
          new_followers: { count: 4, previous_count: 1 },
          replies: { count: 1, previous_count: 0 },
          likes: { count: 12, previous_count: 9 },
          boosts: { count: 3, previous_count: 3 },
        },
        followers: 57,
        replies: [
          {
            server: 'mastodon.social',
            actor_id: 'https://mastodon.social/users/bo',
            url: 'https://mastodon.social/@bo/113',
            text: 'Loved it <b>really</b>',
            received_at: '2026-11-18T09:30:00+00:00',
            post_kind: 'video',
          },
        ],
      },
    };
    const mail = await mailOf(weekly(figures));
    const lines = linesOf(mail.text);
    expect(lines).toContain('Followers: 57.');
    expect(lines).toContainEqual('New followers 4 1 +3 (+300%)');
    expect(lines).toContainEqual('Likes 12 9 +3 (+33%)');
    expect(lines).toContainEqual('Boosts 3 3 no change');
    expect(lines).toContainEqual(
      'Wed 18 Nov, 10:30 mastodon.social “Loved it <b>really</b>” Open https://mastodon.social/@bo/113',
    );
    // A reply is text: its markup is never the mail's.
    expect(mail.html).toContain('“Loved it &lt;b&gt;really&lt;/b&gt;”');
    expect(mail.html).toContain('href="https://mastodon.social/@bo/113"');
    // A report without them (queued before the account existed) says so.
    const before = (await mailOf(weekly(storedFigures([1, 0, 0, 0, 0, 0, 0])))).text;
    expect(before).not.toContain('Followers:');
    expect(linesOf(before)).toContain('No figures: the account was not on yet.');
  });

  it('names a report asked for on demand as the last seven days', async () => {
    const mail = await mailOf({ ...weekly(storedFigures([1, 1, 1, 1, 1, 1, 1])), weekStartsOn: null });
    expect(mail.subject).toBe('Your last seven days on alexmorgan.dev, 16 Nov – 22 Nov: 7 visitors');
    expect(mail.text).toContain('against the seven days before');
    expect(mail.text).toContain('7 DAYS BEFORE');
  });

  it('waits for OWNER_EMAIL and MAIL_FROM, and cancels figures that are not the database’s', async () => {
    const details = weekly(storedFigures([1, 0, 0, 0, 0, 0, 0]));
    const missing = (reason: string) => ({ ok: false, reason }) as const;
    expect(
      await ownerReportMail('x', details, { ...settings, owner: missing('OWNER_EMAIL is not set') }),
    ).toEqual({ outcome: 'wait', reason: 'OWNER_EMAIL is not set' });
    expect(
      await ownerReportMail('x', details, { ...settings, from: missing('MAIL_FROM is not set') }),
    ).toEqual({ outcome: 'wait', reason: 'MAIL_FROM is not set' });
    const broken = storedFigures([1]);
    (broken.counts as Record<string, unknown>).visitors = { count: -1, previous_count: 0 };
    expect(await ownerReportMail('x', weekly(broken), settings)).toEqual({
      outcome: 'cancel',
      reason: "the report's figures are malformed: counts.visitors",
    });
  });
});
