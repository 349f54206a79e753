// The owner's report as a mail, from figures as the database stores them: every figure with the period before's and
// the change, in the HTML and the same in the text part; the chart as table cells; a week with no visits said plainly;
// what a visitor typed shown as text; settings missing wait, figures that are not the database's are cancelled.
import { describeChange, figureLabels, figureNames, readOwnerReportFigures } from '../ownerReportFigures.ts';
import { ownerReportMail, ownerReportTexts, type OwnerReportDetails } from '../ownerReportMail.ts';
import { barPercent } from '../template/MailBarChart.tsx';

const settings = {
  from: { ok: true, value: { name: 'Alex Morgan', address: 'hello@alexmorgan.dev' } },
  owner: { ok: true, value: { name: '', address: 'owner@alexmorgan.dev' } },
  siteUrl: { ok: true, value: 'https://alexmorgan.dev' },
} as const;

/** Figures as public.owner_report_figures makes them; each count distinct, so a test can find it. */
function storedFigures(visitsPerDay: number[]) {
  const counts = Object.fromEntries(
    figureNames.map((name, index) => [name, { count: 100 + index * 7, previous_count: 50 + index * 3 }]),
  );
  counts.visits = {
    count: visitsPerDay.reduce((sum, visits) => sum + visits, 0),
    previous_count: 30,
  };
  return {
    period: {
      starts_at: '2026-11-15T23:00:00+00:00',
      ends_at: '2026-11-22T23:00:00+00:00',
      previous_starts_at: '2026-11-08T23:00:00+00:00',
      time_zone: 'Europe/Berlin',
    },
    visits_per_day: visitsPerDay.map((visits, index) => ({ day: `2026-11-${16 + index}`, visits })),
    counts,
    top: {
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
      subject: 'Your week on alexmorgan.dev, 16 Nov – 22 Nov: 42 visits',
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
    expect(lines).toContain('Bundle 3 2 +1 (+50%) 7.1');
    expect(lines).toContain('Signals in Angular 9 5 +4 (+80%)');
  });

  it('lists the searches that found nothing, with their catalogue and how often', async () => {
    const mail = await mailOf(weekly(storedFigures([1, 0, 0, 0, 0, 0, 0])));
    const lines = linesOf(mail.text);
    const heading = lines.indexOf(ownerReportTexts.notFoundHeading);
    expect(heading).toBeGreaterThan(-1);
    expect(lines.slice(heading + 2, heading + 5)).toEqual([
      'CATALOGUE SEARCH NOW WEEK BEFORE CHANGE',
      'Tutorials <b>cobol</b> 3 0 +3 (none before)',
      'Courses rust 2 1 +1 (+100%)',
    ]);
    // What a visitor typed is text in the HTML, never markup.
    expect(mail.html).toContain('&lt;b&gt;cobol&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>cobol</b>');
  });

  it('charts visits per day as table cells, each bar its share of the busiest day, with no script or image', async () => {
    const visits = [5, 9, 0, 12, 6, 4, 6];
    const mail = await mailOf(weekly(storedFigures(visits)));
    const bars = [...mail.html.matchAll(/class="mail-bar"[^>]*?style="width:(\d+)%/g)].map((match) =>
      Number(match[1]),
    );
    expect(bars).toEqual(visits.filter((count) => count > 0).map((count) => barPercent(count, 12)));
    expect(bars).toContain(100);
    expect(mail.html).not.toMatch(/<script|<img|url\(/i);
    const lines = linesOf(mail.text);
    const chart = lines.indexOf('Visits per day');
    expect(lines.slice(chart + 2, chart + 9)).toEqual([
      'Mon 16 Nov 5',
      'Tue 17 Nov 9',
      'Wed 18 Nov 0',
      'Thu 19 Nov 12',
      'Fri 20 Nov 6',
      'Sat 21 Nov 4',
      'Sun 22 Nov 6',
    ]);
  });

  it('says plainly that a week had no visits, and draws no chart', async () => {
    const mail = await mailOf(weekly(storedFigures([0, 0, 0, 0, 0, 0, 0])));
    expect(mail.subject).toBe('Your week on alexmorgan.dev, 16 Nov – 22 Nov: no visits');
    const lines = linesOf(mail.text).filter(Boolean);
    expect(lines[lines.indexOf('Visits') + 1]).toBe('No visits this week: nobody opened the site.');
    expect(mail.html).not.toContain('class="mail-bar"');
    expect(mail.text).toContain('Visits: 0 (week before: 30, −30 (−100%)).');
  });

  it('lists the messages with their sender and a reply link', async () => {
    const mail = await mailOf(weekly(storedFigures([1, 0, 0, 0, 0, 0, 0])));
    expect(mail.html).toContain('href="mailto:ana@example.com?subject=Re%3A%20A%20project%20in%20March"');
    expect(linesOf(mail.text)).toContainEqual(
      'Thu 19 Nov, 16:00 Ana Silva <ana@example.com> A project in March Reply ana@example.com?subject=Re%3A%20A%20project%20in%20March',
    );
  });

  it('names a report asked for on demand as the last seven days', async () => {
    const mail = await mailOf({ ...weekly(storedFigures([1, 1, 1, 1, 1, 1, 1])), weekStartsOn: null });
    expect(mail.subject).toBe('Your last seven days on alexmorgan.dev, 16 Nov – 22 Nov: 7 visits');
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
    (broken.counts as Record<string, unknown>).visits = { count: -1, previous_count: 0 };
    expect(await ownerReportMail('x', weekly(broken), settings)).toEqual({
      outcome: 'cancel',
      reason: "the report's figures are malformed: counts.visits",
    });
  });
});
