// The owner's report as a mail (the outbox's owner_report kind): written when it is sent from the figures stored with
// the report (public.owner_reports), so every attempt sends the same figures, those the views show for its period.
// Visits per day as a bar chart, then pages, searches (those that found nothing first), what was opened and played,
// ads, the newsletter and the messages; every figure beside the period before's and the change. A period with no visit
// says so in its first line. The plain-text part is made from the same HTML by the template (renderMail).
import { readOwnerReportFigures, describeChange, figureLabels, formatCount } from './ownerReportFigures.ts';
import type { Figure, FigureName, ListName, OwnerReportFigures, RankedItem } from './ownerReportFigures.ts';
import type { ComposedMail } from './mailContent.ts';
import type { MailSettings } from './mailSettings.ts';
import type { MailBlock } from './template/MailLayout.tsx';
import type { MailTableCell, MailTableColumn } from './template/MailTable.tsx';
import { mailBrand, renderMail } from './template/renderMail.ts';

/** What the outbox gives the sender for an owner's report (public.claim_mail_outbox). */
export interface OwnerReportDetails {
  reportId: string;
  /** The scheduled week's first day; null for a report asked for on demand. */
  weekStartsOn: string | null;
  figures: unknown;
}

/** The words of the report that tests and the owner's guide quote. */
export const ownerReportTexts = {
  weeklySubject: (host: string, days: string, visits: string) => `Your week on ${host}, ${days}: ${visits}`,
  onDemandSubject: (host: string, days: string, visits: string) =>
    `Your last seven days on ${host}, ${days}: ${visits}`,
  noVisits: (period: string) => `No visits ${period}: nobody opened the site.`,
  notFoundHeading: 'Searched for and not found',
} as const;

interface PeriodWords {
  /** "this week" / "in the last seven days" */
  current: string;
  /** Column heading of the period before: "Week before" / "7 days before" */
  previousColumn: string;
}

function formatDay(day: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function formatInstant(instant: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(new Date(instant));
}

/**
 * The period's first and last days in its zone: "Monday 2 March to Sunday 8 March 2026" (long), or "2 Mar – 8 Mar"
 * (short, in the subject, so that each week's mail is told apart in the inbox).
 */
function describePeriod(
  { startsAt, endsAt, timeZone }: OwnerReportFigures['period'],
  length: 'long' | 'short',
): string {
  const lastMoment = new Date(Date.parse(endsAt) - 1).toISOString();
  if (length === 'short') {
    const day = { day: 'numeric', month: 'short' } as const;
    return `${formatInstant(startsAt, timeZone, day)} – ${formatInstant(lastMoment, timeZone, day)}`;
  }
  const day = { weekday: 'long', day: 'numeric', month: 'long' } as const;
  const year = formatInstant(lastMoment, timeZone, { year: 'numeric' });
  return `${formatInstant(startsAt, timeZone, day)} to ${formatInstant(lastMoment, timeZone, day)} ${year}`;
}

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

function figureColumns(words: PeriodWords, first: string): MailTableColumn[] {
  return [
    { label: first },
    { label: 'Now', numeric: true },
    { label: words.previousColumn, numeric: true },
    { label: 'Change', numeric: true },
  ];
}

function figureRow(label: MailTableCell, figure: Figure): MailTableCell[] {
  return [label, formatCount(figure.count), formatCount(figure.previousCount), describeChange(figure)];
}

/** A list as a table, or a line that says it is empty. */
function listBlocks(caption: string, first: string, items: RankedItem[], words: PeriodWords): MailBlock[] {
  if (items.length === 0) return [{ kind: 'text', text: `${caption}: none ${words.current}.` }];
  return [
    {
      kind: 'table',
      caption,
      columns: figureColumns(words, first),
      rows: items.map((item) => figureRow(item.item, item)),
    },
  ];
}

const catalogues = [
  {
    name: 'Projects',
    one: 'project',
    searches: 'project_searches',
    notFound: 'project_searches_without_results',
  },
  {
    name: 'Tutorials',
    one: 'tutorial',
    searches: 'tutorial_searches',
    notFound: 'tutorial_searches_without_results',
  },
  {
    name: 'Courses',
    one: 'course',
    searches: 'course_searches',
    notFound: 'course_searches_without_results',
  },
] as const satisfies readonly {
  name: string;
  one: string;
  searches: FigureName & ListName;
  notFound: ListName;
}[];

function ownerReportBlocks(figures: OwnerReportFigures, words: PeriodWords): MailBlock[] {
  const { counts, top } = figures;
  const visits = counts.visits;
  const blocks: MailBlock[] = [];
  const summary = (name: FigureName) => {
    const figure = counts[name];
    return `${figureLabels[name]}: ${formatCount(figure.count)} (${words.previousColumn.toLowerCase()}: ${formatCount(figure.previousCount)}, ${describeChange(figure)}).`;
  };
  const row = (name: FigureName) => figureRow(figureLabels[name], counts[name]);

  blocks.push({ kind: 'subheading', text: 'Visits' });
  if (visits.count === 0) {
    blocks.push({ kind: 'text', text: ownerReportTexts.noVisits(words.current) });
    blocks.push({ kind: 'text', text: summary('visits') });
  } else {
    blocks.push({ kind: 'text', text: summary('visits') });
    blocks.push({
      kind: 'barChart',
      caption: 'Visits per day',
      bars: figures.visitsPerDay.map(({ day, visits: count }) => ({
        label: formatDay(day, { weekday: 'short', day: 'numeric', month: 'short' }),
        value: count,
        valueText: formatCount(count),
      })),
    });
  }
  blocks.push({
    kind: 'text',
    text: 'A visit is the site opened in a browser tab (from a link, a bookmark or a typed address, or a reload); moving between its pages is the same visit.',
  });

  blocks.push({ kind: 'subheading', text: 'Pages reached from the menus' });
  blocks.push({
    kind: 'table',
    caption: 'Menu clicks',
    columns: figureColumns(words, 'Menu'),
    rows: [row('navbar_clicks'), row('footer_clicks')],
  });
  blocks.push(...listBlocks('From the navbar', 'Page', top.navbar_pages, words));
  blocks.push(...listBlocks('From the footer', 'Page', top.footer_pages, words));

  blocks.push({ kind: 'subheading', text: 'Searches' });
  blocks.push({
    kind: 'table',
    caption: 'Searches per catalogue',
    columns: figureColumns(words, 'Catalogue'),
    rows: [...catalogues.map((catalogue) => row(catalogue.searches)), row('searches_without_results')],
  });
  const notFound = catalogues.flatMap((catalogue) =>
    top[catalogue.notFound].map((item) => [catalogue.name, ...figureRow(item.item, item)]),
  );
  blocks.push(
    notFound.length === 0
      ? { kind: 'text', text: `${ownerReportTexts.notFoundHeading}: nothing ${words.current}.` }
      : {
          kind: 'table',
          caption: ownerReportTexts.notFoundHeading,
          columns: [{ label: 'Catalogue' }, ...figureColumns(words, 'Search')],
          rows: notFound,
        },
  );
  for (const catalogue of catalogues) {
    blocks.push(...listBlocks(`Top ${catalogue.one} searches`, 'Search', top[catalogue.searches], words));
  }

  blocks.push({ kind: 'subheading', text: 'What visitors opened' });
  blocks.push(...listBlocks('Projects opened', 'Project', top.projects_opened, words));
  blocks.push(...listBlocks('Courses opened', 'Course', top.courses_opened, words));
  blocks.push(...listBlocks('Tutorials played', 'Tutorial', top.tutorials_played, words));
  blocks.push({
    kind: 'table',
    caption: 'All of it',
    columns: figureColumns(words, 'What'),
    rows: [
      row('projects_opened'),
      row('courses_opened'),
      row('tutorials_played'),
      row('channel_visits'),
      row('resume_views'),
    ],
  });

  blocks.push({ kind: 'subheading', text: 'Ads' });
  const perHundredVisits = (clicks: number) =>
    visits.count === 0 ? '–' : (Math.round((clicks / visits.count) * 1000) / 10).toFixed(1);
  blocks.push({
    kind: 'text',
    text: `${summary('ad_clicks')} Per 100 visits: ${perHundredVisits(counts.ad_clicks.count)}.`,
  });
  if (top.ad_clicks.length > 0) {
    blocks.push({
      kind: 'table',
      caption: 'Clicks per ad',
      columns: [...figureColumns(words, 'Ad'), { label: 'Per 100 visits', numeric: true }],
      rows: top.ad_clicks.map((ad) => [...figureRow(ad.item, ad), perHundredVisits(ad.count)]),
    });
  }

  blocks.push({ kind: 'subheading', text: 'Newsletter' });
  blocks.push({
    kind: 'table',
    caption: 'Subscribers',
    columns: figureColumns(words, 'What'),
    rows: [
      row('popup_dismissals'),
      row('new_subscribers'),
      row('unsubscribes'),
      row('bounces_and_complaints'),
      row('issues_sent'),
    ],
  });

  blocks.push({ kind: 'subheading', text: 'Messages' });
  blocks.push({ kind: 'text', text: summary('contact_messages') });
  if (figures.messages.length > 0) {
    blocks.push({
      kind: 'table',
      caption: 'Messages received',
      columns: [{ label: 'Received' }, { label: 'From' }, { label: 'Subject' }, { label: 'Reply' }],
      rows: figures.messages.map((message) => [
        formatInstant(message.receivedAt, figures.period.timeZone, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
        }),
        `${message.fullName} <${message.email}>`,
        message.subject,
        {
          text: 'Reply',
          url: `mailto:${encodeURIComponent(message.email).replace('%40', '@')}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`,
        },
      ]),
    });
    const unlisted = counts.contact_messages.count - figures.messages.length;
    if (unlisted > 0) {
      blocks.push({
        kind: 'text',
        text: `${plural(unlisted, 'more message is', 'more messages are')} in the table contacts.`,
      });
    }
  }
  return blocks;
}

export async function ownerReportMail(
  id: string,
  details: OwnerReportDetails,
  settings: Pick<MailSettings, 'from' | 'owner' | 'siteUrl'>,
): Promise<ComposedMail> {
  if (!settings.owner.ok) return { outcome: 'wait', reason: settings.owner.reason };
  if (!settings.from.ok) return { outcome: 'wait', reason: settings.from.reason };
  const from = settings.from.value;
  const siteUrl = settings.siteUrl.ok ? settings.siteUrl.value : undefined;
  let figures: OwnerReportFigures;
  try {
    figures = readOwnerReportFigures(details.figures);
  } catch (error) {
    return { outcome: 'cancel', reason: error instanceof Error ? error.message : String(error) };
  }
  const weekly = details.weekStartsOn !== null;
  const words: PeriodWords = weekly
    ? { current: 'this week', previousColumn: 'Week before' }
    : { current: 'in the last seven days', previousColumn: '7 days before' };
  const site = siteUrl ? new URL(siteUrl).host : mailBrand(from).name;
  const visits = figures.counts.visits.count;
  const visitsText = visits === 0 ? 'no visits' : plural(visits, 'visit', 'visits');
  const subject = (weekly ? ownerReportTexts.weeklySubject : ownerReportTexts.onDemandSubject)(
    site,
    describePeriod(figures.period, 'short'),
    visitsText,
  );
  const heading = weekly ? `Your week on ${site}` : `Your last seven days on ${site}`;
  const periodLine = `${describePeriod(figures.period, 'long')} (${figures.period.timeZone}), against the ${weekly ? 'week' : 'seven days'} before.`;

  const { html, text } = await renderMail(
    {
      subject,
      preview: visits === 0 ? ownerReportTexts.noVisits(words.current) : `${visitsText} ${words.current}.`,
      blocks: [
        { kind: 'heading', text: heading },
        { kind: 'text', text: periodLine },
        ...ownerReportBlocks(figures, words),
      ],
      footer: {
        lines: [
          'You get this report because this address is the site owner’s (OWNER_EMAIL).',
          'Its day, hour and time zone are in the table owner_report_settings; the same figures are in the views owner_report_week_* (docs/owner.md).',
        ],
      },
    },
    mailBrand(from, siteUrl),
  );
  return {
    outcome: 'mail',
    mail: { from, to: settings.owner.value, subject, text, html, idempotencyKey: id },
  };
}
