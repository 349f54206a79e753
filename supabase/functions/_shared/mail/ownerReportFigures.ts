// The figures of an owner's report, as public.owner_report_figures makes them (supabase/migrations/
// 20261122000600_owner_report.sql) and public.owner_reports stores them:
// read into typed values, each figure with the same figure for the period before, and how to say the change between
// the two. A figure added to the database is a name and a label here, and a row of data in the mail.

/** The single figures, in the order the database gives them (public.owner_report_counts). */
export const figureNames = [
  'visitors',
  'pageviews',
  'visits',
  'single_page_visits',
  'pages_not_found',
  'navbar_clicks',
  'footer_clicks',
  'project_searches',
  'tutorial_searches',
  'course_searches',
  'searches_without_results',
  'projects_opened',
  'courses_opened',
  'tutorials_played',
  'channel_visits',
  'resume_views',
  'ad_clicks',
  'popup_dismissals',
  'newsletter_signups',
  'new_subscribers',
  'unsubscribes',
  'bounces_and_complaints',
  'issues_sent',
  'contact_messages',
] as const;

export type FigureName = (typeof figureNames)[number];

/** How the report names each figure: the label of its row, or of its sentence ("Visitors: 42 (...)"). */
export const figureLabels: Record<FigureName, string> = {
  visitors: 'Visitors',
  pageviews: 'Pageviews',
  visits: 'Visits',
  single_page_visits: 'Visits of one page',
  pages_not_found: 'Pages not found',
  navbar_clicks: 'Navbar',
  footer_clicks: 'Footer',
  project_searches: 'Projects',
  tutorial_searches: 'Tutorials',
  course_searches: 'Courses',
  searches_without_results: 'Found nothing (all catalogues)',
  projects_opened: 'Projects opened',
  courses_opened: 'Courses opened',
  tutorials_played: 'Tutorials played',
  channel_visits: '"View All" to the channel',
  resume_views: 'Résumé views',
  ad_clicks: 'Ad clicks',
  popup_dismissals: 'Pop-up closed without subscribing',
  newsletter_signups: 'Addresses entered in a form (new)',
  new_subscribers: 'New subscribers (confirmed)',
  unsubscribes: 'Left (unsubscribed)',
  bounces_and_complaints: 'Bounced or reported as spam (no longer mailed)',
  issues_sent: 'Issues sent',
  contact_messages: 'Contact messages',
};

/** The figures that are no whole numbers (public.owner_report_rates), and how the report names them. */
export const rateNames = ['pages_per_visit', 'single_page_visit_percent'] as const;
export type RateName = (typeof rateNames)[number];
export const rateLabels: Record<RateName, string> = {
  pages_per_visit: 'Pages per visit',
  single_page_visit_percent: 'Visits of one page (share)',
};

/** The ranked lists (each at most ten items, most frequent first). */
export const listNames = [
  'top_pages',
  'top_sources',
  'top_campaigns',
  'navbar_pages',
  'footer_pages',
  'project_searches',
  'tutorial_searches',
  'course_searches',
  'project_searches_without_results',
  'tutorial_searches_without_results',
  'course_searches_without_results',
  'projects_opened',
  'courses_opened',
  'tutorials_played',
  'ad_clicks',
] as const;

export type ListName = (typeof listNames)[number];

/** A figure in the period and in the period before. */
export interface Figure {
  count: number;
  previousCount: number;
}

export interface RankedItem extends Figure {
  item: string;
}

/** A rate in the period and in the period before; null where there was no visit. */
export interface Rate {
  value: number | null;
  previousValue: number | null;
}

/** A day of the period (in its zone). */
export interface ReportDay {
  day: string;
  visitors: number;
  pageviews: number;
  visits: number;
}

/** A day with a spike in visitors, and the source that sent most of them (null: none that can be named). */
export interface Spike {
  day: string;
  visitors: number;
  usualVisitors: number;
  source: string | null;
  sourceVisitors: number | null;
}

export interface ReportMessage {
  receivedAt: string;
  fullName: string;
  email: string;
  subject: string;
}

export interface OwnerReportFigures {
  period: {
    startsAt: string;
    endsAt: string;
    previousStartsAt: string;
    timeZone: string;
  };
  /** Every day of the period in its zone (YYYY-MM-DD), in order. */
  days: ReportDay[];
  counts: Record<FigureName, Figure>;
  rates: Record<RateName, Rate>;
  spikes: Spike[];
  /** Lists with no item in the period are empty. */
  top: Record<ListName, RankedItem[]>;
  /** The messages listed (newest first; at most 50: counts.contact_messages has them all). */
  messages: ReportMessage[];
  /** The site's fediverse account (public.fediverse_report_figures); none in a report queued before it existed. */
  fediverse?: FediverseFigures;
}

export const fediverseFigureNames = ['new_followers', 'replies', 'likes', 'boosts'] as const;
export type FediverseFigureName = (typeof fediverseFigureNames)[number];

export const fediverseFigureLabels: Record<FediverseFigureName, string> = {
  new_followers: 'New followers',
  replies: 'Replies',
  likes: 'Likes',
  boosts: 'Boosts',
};

/** A reply to one of the account's posts: who wrote it, from which server, where it is, and its text (plain). */
export interface FediverseReply {
  server: string;
  url: string;
  text: string;
  receivedAt: string;
}

export interface FediverseFigures {
  counts: Record<FediverseFigureName, Figure>;
  /** Followers now. */
  followers: number;
  /** The period's replies, newest first (at most 20). */
  replies: FediverseReply[];
}

class MalformedFigures extends Error {
  constructor(what: string) {
    super(`the report's figures are malformed: ${what}`);
  }
}

function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MalformedFigures(what);
  return value as Record<string, unknown>;
}

function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new MalformedFigures(what);
  return value;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new MalformedFigures(what);
  return value;
}

function whole(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new MalformedFigures(what);
  return value;
}

function numberOrNull(value: unknown, what: string): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new MalformedFigures(what);
  return value;
}

function rate(value: unknown, what: string): Rate {
  const fields = object(value, what);
  return {
    value: numberOrNull(fields.value, what),
    previousValue: numberOrNull(fields.previous_value, what),
  };
}

function figure(value: unknown, what: string): Figure {
  const fields = object(value, what);
  return { count: whole(fields.count, what), previousCount: whole(fields.previous_count, what) };
}

/** Reads the stored JSON; throws when it is not what the database makes. */
export function readOwnerReportFigures(json: unknown): OwnerReportFigures {
  const root = object(json, 'the document');
  const period = object(root.period, 'period');
  const counts = object(root.counts, 'counts');
  const top = object(root.top, 'top');
  return {
    period: {
      startsAt: text(period.starts_at, 'period.starts_at'),
      endsAt: text(period.ends_at, 'period.ends_at'),
      previousStartsAt: text(period.previous_starts_at, 'period.previous_starts_at'),
      timeZone: text(period.time_zone, 'period.time_zone'),
    },
    days: array(root.visits_per_day, 'visits_per_day').map((entry) => {
      const day = object(entry, 'visits_per_day');
      return {
        day: text(day.day, 'visits_per_day.day'),
        visitors: whole(day.visitors, 'visits_per_day.visitors'),
        pageviews: whole(day.pageviews, 'visits_per_day.pageviews'),
        visits: whole(day.visits, 'visits_per_day.visits'),
      };
    }),
    counts: Object.fromEntries(
      figureNames.map((name) => [name, figure(counts[name], `counts.${name}`)]),
    ) as Record<FigureName, Figure>,
    rates: Object.fromEntries(
      rateNames.map((name) => [name, rate(object(root.rates, 'rates')[name], `rates.${name}`)]),
    ) as Record<RateName, Rate>,
    spikes: array(root.spikes, 'spikes').map((entry) => {
      const spike = object(entry, 'spikes');
      return {
        day: text(spike.day, 'spikes.day'),
        visitors: whole(spike.visitors, 'spikes.visitors'),
        usualVisitors: numberOrNull(spike.usual_visitors, 'spikes.usual_visitors') ?? 0,
        source: spike.source === null ? null : text(spike.source, 'spikes.source'),
        sourceVisitors:
          spike.source_visitors === null ? null : whole(spike.source_visitors, 'spikes.source_visitors'),
      };
    }),
    top: Object.fromEntries(
      listNames.map((name) => [
        name,
        array(top[name] ?? [], `top.${name}`).map((entry) => {
          const item = object(entry, `top.${name}`);
          return { item: text(item.item, `top.${name}.item`), ...figure(item, `top.${name}`) };
        }),
      ]),
    ) as Record<ListName, RankedItem[]>,
    ...(root.fediverse === undefined ? {} : { fediverse: readFediverseFigures(root.fediverse) }),
    messages: array(root.messages, 'messages').map((entry) => {
      const message = object(entry, 'messages');
      return {
        receivedAt: text(message.received_at, 'messages.received_at'),
        fullName: text(message.full_name, 'messages.full_name'),
        email: text(message.email, 'messages.email'),
        subject: text(message.subject, 'messages.subject'),
      };
    }),
  };
}

function readFediverseFigures(json: unknown): FediverseFigures {
  const root = object(json, 'fediverse');
  const counts = object(root.counts, 'fediverse.counts');
  return {
    counts: Object.fromEntries(
      fediverseFigureNames.map((name) => [name, figure(counts[name], `fediverse.counts.${name}`)]),
    ) as Record<FediverseFigureName, Figure>,
    followers: whole(root.followers, 'fediverse.followers'),
    replies: array(root.replies, 'fediverse.replies').map((entry) => {
      const reply = object(entry, 'fediverse.replies');
      return {
        server: text(reply.server, 'fediverse.replies.server'),
        url: text(reply.url, 'fediverse.replies.url'),
        text: text(reply.text ?? '', 'fediverse.replies.text'),
        receivedAt: text(reply.received_at, 'fediverse.replies.received_at'),
      };
    }),
  };
}

const numbers = new Intl.NumberFormat('en-GB');

/** A count as the reader reads it: 1,204. */
export function formatCount(count: number): string {
  return numbers.format(count);
}

/**
 * The change from the period before, in words a reader takes in at a glance: "+3 (+25%)", "−2 (−40%)", "no change",
 * "+5 (none before)".
 */
export function describeChange({ count, previousCount }: Figure): string {
  const difference = count - previousCount;
  if (difference === 0) return 'no change';
  const sign = difference > 0 ? '+' : '−';
  const amount = `${sign}${formatCount(Math.abs(difference))}`;
  if (previousCount === 0) return `${amount} (none before)`;
  return `${amount} (${sign}${Math.round((Math.abs(difference) / previousCount) * 100)}%)`;
}

/** A rate as the reader reads it: "1.4", "62.5%"; "–" where there was no visit. */
export function formatRate(name: RateName, value: number | null): string {
  if (value === null) return '–';
  return name === 'single_page_visit_percent' ? `${value.toFixed(1)}%` : value.toFixed(2);
}

/** The change of a rate: "+0.40", "−5.0 points", "no change"; "–" when either period had no visit. */
export function describeRateChange(name: RateName, { value, previousValue }: Rate): string {
  if (value === null || previousValue === null) return '–';
  const decimals = name === 'single_page_visit_percent' ? 1 : 2;
  const difference = Math.round((value - previousValue) * 10 ** decimals) / 10 ** decimals;
  if (difference === 0) return 'no change';
  const sign = difference > 0 ? '+' : '−';
  const amount = `${sign}${Math.abs(difference).toFixed(decimals)}`;
  return name === 'single_page_visit_percent' ? `${amount} points` : amount;
}

/**
 * Words a visitor typed (a search term), as the report shows them: quoted, without control characters, at most 60
 * characters, and written so that no mail program makes a link of them (a dot, an @ or :// inside is bracketed, as
 * security reports write addresses: "see evil[.]example"). They are the visitor's words, never the owner's.
 */
export function visitorWords(words: string): string {
  const clean = words
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(clean);
  const bounded = characters.length > 60 ? `${characters.slice(0, 59).join('')}…` : clean;
  return `“${bounded.replace(/:\/\//g, '[://]').replace(/\./g, '[.]').replace(/@/g, '[@]')}”`;
}
