// The figures of an owner's report, as public.owner_report_figures makes them (supabase/migrations/
// 20261127160000_owner_report_figures.sql) and public.owner_reports stores them: read into typed values, each figure
// with the same figure for the period before, and how to say the change between the two.

/** The single figures, in the order the database gives them. */
export const figureNames = [
  'visits',
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
  'new_subscribers',
  'unsubscribes',
  'bounces_and_complaints',
  'issues_sent',
  'contact_messages',
] as const;

export type FigureName = (typeof figureNames)[number];

/** How the report names each figure: the label of its row, or of its sentence ("Visits: 42 (...)"). */
export const figureLabels: Record<FigureName, string> = {
  visits: 'Visits',
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
  new_subscribers: 'New subscribers (confirmed)',
  unsubscribes: 'Unsubscribed',
  bounces_and_complaints: 'Bounced or reported as spam (no longer mailed)',
  issues_sent: 'Issues sent',
  contact_messages: 'Contact messages',
};

/** The ranked lists (each at most ten items, most frequent first). */
export const listNames = [
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
  visitsPerDay: { day: string; visits: number }[];
  counts: Record<FigureName, Figure>;
  /** Lists with no item in the period are empty. */
  top: Record<ListName, RankedItem[]>;
  /** The messages listed (newest first; at most 50: counts.contact_messages has them all). */
  messages: ReportMessage[];
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
    visitsPerDay: array(root.visits_per_day, 'visits_per_day').map((entry) => {
      const day = object(entry, 'visits_per_day');
      return { day: text(day.day, 'visits_per_day.day'), visits: whole(day.visits, 'visits_per_day.visits') };
    }),
    counts: Object.fromEntries(
      figureNames.map((name) => [name, figure(counts[name], `counts.${name}`)]),
    ) as Record<FigureName, Figure>,
    top: Object.fromEntries(
      listNames.map((name) => [
        name,
        array(top[name] ?? [], `top.${name}`).map((entry) => {
          const item = object(entry, `top.${name}`);
          return { item: text(item.item, `top.${name}.item`), ...figure(item, `top.${name}`) };
        }),
      ]),
    ) as Record<ListName, RankedItem[]>,
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
