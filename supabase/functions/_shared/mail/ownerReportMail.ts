// The owner's report as a mail (the outbox's owner_report kind): written when it is sent from the figures stored with
// the report (public.owner_reports), so every attempt sends the same figures, those the views show for its period.
// First the visitors (visitors, pageviews, visits, pages per visit, one-page visits, a spike and the source that
// brought it, visitors per day as a bar chart), where they came from (sources, campaigns) and the pages they read;
// then the menus, searches (those that found nothing first), what was opened and played, ads, the newsletter, the
// fediverse account and the messages; every figure beside the period before's and the change. A period with no
// visitor says so in its first line. The sections are data (reportSections): a figure is a name in a list, a section
// an entry. The plain-text part is made from the same HTML by the template (renderMail). What a visitor or a
// remote server wrote is shown as their words (visitorWords), never as a link.
import {
  describeChange,
  describeRateChange,
  fediverseFigureLabels,
  fediverseFigureNames,
  figureLabels,
  formatCount,
  formatRate,
  rateLabels,
  rateNames,
  readOwnerReportFigures,
  visitorWords,
} from './ownerReportFigures.ts';
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
  weeklySubject: (host: string, days: string, visitors: string) =>
    `Your week on ${host}, ${days}: ${visitors}`,
  onDemandSubject: (host: string, days: string, visitors: string) =>
    `Your last seven days on ${host}, ${days}: ${visitors}`,
  noVisitors: (period: string) => `No visitors ${period}: nobody read a page of the site.`,
  notFoundHeading: 'Searched for and not found',
  howCounted:
    'A visitor is one browser on one day, counted without cookies (a daily hash of its address and browser, destroyed with the day): a person on two days is two visitors. A visit is a visitor’s pages with no pause of more than 30 minutes. Sources and campaigns are named once at least three networks sent visitors from them; the others are left out of the lists.',
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

/** A list as a table, or a line that says it is empty; `show` writes an item (a visitor's words as such). */
function listBlocks(
  caption: string,
  first: string,
  items: RankedItem[],
  words: PeriodWords,
  show: (item: string) => string = (item) => item,
): MailBlock[] {
  if (items.length === 0) return [{ kind: 'text', text: `${caption}: none ${words.current}.` }];
  return [
    {
      kind: 'table',
      caption,
      columns: figureColumns(words, first),
      rows: items.map((item) => figureRow(show(item.item), item)),
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

/** What a section of the report is written from. */
interface ReportContext {
  figures: OwnerReportFigures;
  words: PeriodWords;
  /** A figure's sentence: "Visitors: 42 (week before: 30, +12 (+40%))." */
  summary: (name: FigureName) => string;
  /** A table of single figures, each beside the period before's. */
  figureTable: (caption: string, first: string, names: readonly FigureName[]) => MailBlock;
}

/** A section: its heading and its blocks. A figure added to the database is a name in one of these lists. */
interface ReportSection {
  heading: string;
  blocks: (context: ReportContext) => MailBlock[];
}

const shortDay = { weekday: 'short', day: 'numeric', month: 'short' } as const;

const reportSections: readonly ReportSection[] = [
  {
    heading: 'Visitors',
    blocks: ({ figures, words, summary }) => {
      const { counts, rates } = figures;
      const blocks: MailBlock[] = [];
      if (counts.visitors.count === 0) {
        blocks.push({ kind: 'text', text: ownerReportTexts.noVisitors(words.current) });
      }
      blocks.push({ kind: 'text', text: summary('visitors') });
      blocks.push({
        kind: 'table',
        caption: 'At a glance',
        columns: figureColumns(words, 'Figure'),
        rows: [
          ...(['visitors', 'pageviews', 'visits', 'single_page_visits'] as const).map((name) =>
            figureRow(figureLabels[name], counts[name]),
          ),
          ...rateNames.map((name) => [
            rateLabels[name],
            formatRate(name, rates[name].value),
            formatRate(name, rates[name].previousValue),
            describeRateChange(name, rates[name]),
          ]),
          figureRow(figureLabels.pages_not_found, counts.pages_not_found),
        ],
      });
      for (const spike of figures.spikes) {
        const day = formatDay(spike.day, shortDay);
        const cause =
          spike.source === null
            ? 'most came directly, or from sources too small to name'
            : `${plural(spike.sourceVisitors ?? 0, 'came', 'came')} from ${spike.source}`;
        blocks.push({
          kind: 'text',
          text: `A spike on ${day}: ${plural(spike.visitors, 'visitor', 'visitors')}, against ${formatCount(Math.round(spike.usualVisitors))} on a usual day; ${cause}.`,
        });
      }
      if (counts.visitors.count > 0) {
        blocks.push({
          kind: 'barChart',
          caption: 'Visitors per day',
          bars: figures.days.map(({ day, visitors, pageviews }) => ({
            label: formatDay(day, shortDay),
            value: visitors,
            valueText: `${formatCount(visitors)} (${plural(pageviews, 'page', 'pages')})`,
          })),
        });
      }
      blocks.push({ kind: 'text', text: ownerReportTexts.howCounted });
      return blocks;
    },
  },
  {
    heading: 'Where they came from, and what they read',
    blocks: ({ figures: { top }, words }) => [
      ...listBlocks('Top sources', 'Source', top.top_sources, words),
      ...listBlocks('Top campaigns', 'Campaign', top.top_campaigns, words),
      ...listBlocks('Top pages', 'Page', top.top_pages, words),
    ],
  },
  {
    heading: 'Pages reached from the menus',
    blocks: ({ figures: { top }, words, figureTable }) => [
      figureTable('Menu clicks', 'Menu', ['navbar_clicks', 'footer_clicks']),
      ...listBlocks('From the navbar', 'Page', top.navbar_pages, words),
      ...listBlocks('From the footer', 'Page', top.footer_pages, words),
    ],
  },
  {
    heading: 'Searches',
    blocks: ({ figures: { top }, words, figureTable }) => {
      const notFound = catalogues.flatMap((catalogue) =>
        top[catalogue.notFound].map((item) => [catalogue.name, ...figureRow(visitorWords(item.item), item)]),
      );
      return [
        figureTable('Searches per catalogue', 'Catalogue', [
          ...catalogues.map((catalogue) => catalogue.searches),
          'searches_without_results',
        ]),
        notFound.length === 0
          ? { kind: 'text', text: `${ownerReportTexts.notFoundHeading}: nothing ${words.current}.` }
          : {
              kind: 'table',
              caption: ownerReportTexts.notFoundHeading,
              columns: [{ label: 'Catalogue' }, ...figureColumns(words, 'Search')],
              rows: notFound,
            },
        ...catalogues.flatMap((catalogue) =>
          listBlocks(`Top ${catalogue.one} searches`, 'Search', top[catalogue.searches], words, visitorWords),
        ),
      ];
    },
  },
  {
    heading: 'What visitors opened',
    blocks: ({ figures: { top }, words, figureTable }) => [
      ...listBlocks('Projects opened', 'Project', top.projects_opened, words),
      ...listBlocks('Courses opened', 'Course', top.courses_opened, words),
      ...listBlocks('Tutorials played', 'Tutorial', top.tutorials_played, words),
      figureTable('All of it', 'What', [
        'projects_opened',
        'courses_opened',
        'tutorials_played',
        'channel_visits',
        'resume_views',
      ]),
    ],
  },
  {
    heading: 'Ads',
    blocks: ({ figures: { counts, top }, words, summary }) => {
      const visits = counts.visits.count;
      const perHundredVisits = (clicks: number) =>
        visits === 0 ? '–' : (Math.round((clicks / visits) * 1000) / 10).toFixed(1);
      const blocks: MailBlock[] = [
        {
          kind: 'text',
          text: `${summary('ad_clicks')} Per 100 visits: ${perHundredVisits(counts.ad_clicks.count)}.`,
        },
      ];
      if (top.ad_clicks.length > 0) {
        blocks.push({
          kind: 'table',
          caption: 'Clicks per ad',
          columns: [...figureColumns(words, 'Ad'), { label: 'Per 100 visits', numeric: true }],
          rows: top.ad_clicks.map((ad) => [...figureRow(ad.item, ad), perHundredVisits(ad.count)]),
        });
      }
      return blocks;
    },
  },
  {
    heading: 'Newsletter',
    blocks: ({ figureTable }) => [
      figureTable('Subscribers', 'What', [
        'popup_dismissals',
        'newsletter_signups',
        'new_subscribers',
        'unsubscribes',
        'bounces_and_complaints',
        'issues_sent',
      ]),
    ],
  },
  {
    // A report queued before the account existed has none of it.
    heading: 'On the fediverse',
    blocks: ({ figures: { fediverse, period }, words }) => {
      if (!fediverse) return [{ kind: 'text', text: 'No figures: the account was not on yet.' }];
      const blocks: MailBlock[] = [
        { kind: 'text', text: `Followers: ${formatCount(fediverse.followers)}.` },
        {
          kind: 'table',
          caption: 'The site’s posts on Mastodon and the fediverse',
          columns: figureColumns(words, 'What'),
          rows: fediverseFigureNames.map((name) =>
            figureRow(fediverseFigureLabels[name], fediverse.counts[name]),
          ),
        },
      ];
      // Each reply with the server it came from, as its writer's words, and a link to answer it there.
      if (fediverse.replies.length > 0) {
        blocks.push({
          kind: 'table',
          caption: 'Replies',
          columns: [{ label: 'Received' }, { label: 'Server' }, { label: 'Reply' }, { label: 'Open' }],
          rows: fediverse.replies.map((reply) => [
            formatInstant(reply.receivedAt, period.timeZone, {
              ...shortDay,
              hour: '2-digit',
              minute: '2-digit',
            }),
            reply.server,
            visitorWords(reply.text),
            { text: 'Open', url: reply.url },
          ]),
        });
      }
      return blocks;
    },
  },
  {
    heading: 'Messages',
    blocks: ({ figures, summary }) => {
      const blocks: MailBlock[] = [{ kind: 'text', text: summary('contact_messages') }];
      if (figures.messages.length > 0) {
        blocks.push({
          kind: 'table',
          caption: 'Messages received',
          columns: [{ label: 'Received' }, { label: 'From' }, { label: 'Subject' }, { label: 'Reply' }],
          rows: figures.messages.map((message) => [
            formatInstant(message.receivedAt, figures.period.timeZone, {
              ...shortDay,
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
        const unlisted = figures.counts.contact_messages.count - figures.messages.length;
        if (unlisted > 0) {
          blocks.push({
            kind: 'text',
            text: `${plural(unlisted, 'more message is', 'more messages are')} in the table contacts.`,
          });
        }
      }
      return blocks;
    },
  },
];

function ownerReportBlocks(figures: OwnerReportFigures, words: PeriodWords): MailBlock[] {
  const context: ReportContext = {
    figures,
    words,
    summary: (name) => {
      const figure = figures.counts[name];
      return `${figureLabels[name]}: ${formatCount(figure.count)} (${words.previousColumn.toLowerCase()}: ${formatCount(figure.previousCount)}, ${describeChange(figure)}).`;
    },
    figureTable: (caption, first, names) => ({
      kind: 'table',
      caption,
      columns: figureColumns(words, first),
      rows: names.map((name) => figureRow(figureLabels[name], figures.counts[name])),
    }),
  };
  return reportSections.flatMap((section) => [
    { kind: 'subheading', text: section.heading } as const,
    ...section.blocks(context),
  ]);
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
  const visitors = figures.counts.visitors.count;
  const visitorsText = visitors === 0 ? 'no visitors' : plural(visitors, 'visitor', 'visitors');
  const subject = (weekly ? ownerReportTexts.weeklySubject : ownerReportTexts.onDemandSubject)(
    site,
    describePeriod(figures.period, 'short'),
    visitorsText,
  );
  const heading = weekly ? `Your week on ${site}` : `Your last seven days on ${site}`;
  const periodLine = `${describePeriod(figures.period, 'long')} (${figures.period.timeZone}), against the ${weekly ? 'week' : 'seven days'} before.`;

  const { html, text } = await renderMail(
    {
      subject,
      preview:
        visitors === 0 ? ownerReportTexts.noVisitors(words.current) : `${visitorsText} ${words.current}.`,
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
