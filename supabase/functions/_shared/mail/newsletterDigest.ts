// The weekly digest of new videos and courses. Each week has one digest time (NEWSLETTER_DIGEST_DAY and _HOUR in
// NEWSLETTER_DIGEST_TIMEZONE: newsletterSettings.ts); from then on, the first run that looks (public.
// newsletter_digest_since tells whether that week was looked at) reads what was published since the last look: videos
// by their publication on the channel (so a first sync of an old channel is not news), courses by when they were added.
// Anything new becomes an issue (kind digest) with each one's title, picture, link and a short description: scheduled
// to go at once, or a draft, as configured. The look and the issue are recorded together (public.
// record_newsletter_digest), once per week whoever else looks at the same time.
import { serviceRead, serviceRequest, type ServiceBackend } from '../serviceBackend.ts';
import type { NewsletterSettings } from './newsletterSettings.ts';

export type DigestOutcome = 'off' | 'not due' | 'nothing new' | 'written';

export interface DigestVideo {
  video_id: string;
  title: string;
  description: string;
  thumbnail_url: string;
}

export interface DigestCourse {
  title: string;
  description: string;
  image_path: string;
  link_to_course: string;
}

/** The wall clock of a time zone at an instant: year, month (1-12), day, hour, weekday (0 = Sunday). */
function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!),
  };
}

/** How far the time zone's wall clock is ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/** The latest digest time at or before `now`: the week's digest is due from then on. */
export function latestDigestTime(
  now: Date,
  schedule: { weekday: number; hour: number; timeZone: string },
): Date {
  const wall = wallClock(now, schedule.timeZone);
  let daysBack = (wall.weekday - schedule.weekday + 7) % 7;
  if (daysBack === 0 && wall.hour < schedule.hour) daysBack = 7;
  const wallTime = Date.UTC(wall.year, wall.month - 1, wall.day - daysBack, schedule.hour);
  return new Date(wallTime - offsetMs(new Date(wallTime), schedule.timeZone));
}

/** Text as Markdown shows it, never as Markdown's own marks. */
function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_{}[\]()#+\-.!|<>~])/g, '\\$1');
}

function shortDescription(text: string, max = 220): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

const plural = (count: number, one: string) => `${count} new ${one}${count === 1 ? '' : 's'}`;

/** The digest as an issue: its subject and its Markdown. */
export function digestIssue(
  videos: DigestVideo[],
  courses: DigestCourse[],
  imageUrl: (pathOrUrl: string) => string,
): { subject: string; body: string } {
  const entry = (title: string, link: string, image: string, description: string) =>
    [
      `### [${markdownText(title)}](${link})`,
      `[![${markdownText(title)}](${imageUrl(image)})](${link})`,
      ...(description.trim() ? [markdownText(shortDescription(description))] : []),
    ].join('\n\n');
  const counts = [
    ...(videos.length ? [plural(videos.length, 'video')] : []),
    ...(courses.length ? [plural(courses.length, 'course')] : []),
  ];
  const body = [
    `Hello,\n\nhere is what is new since my last digest: ${counts.join(' and ')}.`,
    ...(videos.length
      ? [
          '## New videos',
          ...videos.map((video) =>
            entry(
              video.title,
              `https://www.youtube.com/watch?v=${video.video_id}`,
              video.thumbnail_url,
              video.description,
            ),
          ),
        ]
      : []),
    ...(courses.length
      ? [
          '## New courses',
          ...courses.map((course) =>
            entry(course.title, course.link_to_course, course.image_path, course.description),
          ),
        ]
      : []),
  ].join('\n\n');
  return { subject: `New this week: ${counts.join(' and ')}`, body };
}

/** An image of the public bucket (a path) or an address as it is. */
function publicImageUrl(supabaseUrl: string) {
  return (pathOrUrl: string) =>
    /^https:\/\//.test(pathOrUrl)
      ? pathOrUrl
      : `${supabaseUrl}/storage/v1/object/public/content/${pathOrUrl.split('/').map(encodeURIComponent).join('/')}`;
}

export async function writeDigestIfDue(
  backend: ServiceBackend,
  digest: NewsletterSettings['digest'],
  now: Date,
): Promise<DigestOutcome> {
  if (!digest.on) return 'off';
  const weekOf = latestDigestTime(now, digest.schedule);
  const since = (await (
    await serviceRequest(backend, 'rpc/newsletter_digest_since', { p_week_of: weekOf.toISOString() })
  ).json()) as string | null;
  if (since === null) return 'not due';
  const from = encodeURIComponent(new Date(since).toISOString());
  const until = encodeURIComponent(now.toISOString());
  const [videos, courses] = await Promise.all([
    serviceRead<DigestVideo>(
      backend,
      `videos?select=video_id,title,description,thumbnail_url&removed_at=is.null&published_at=gt.${from}&published_at=lte.${until}&order=published_at.asc`,
    ),
    serviceRead<DigestCourse>(
      backend,
      `courses?select=title,description,image_path,link_to_course&created_at=gt.${from}&created_at=lte.${until}&order=created_at.asc`,
    ),
  ]);
  const issue = digestIssue(videos, courses, publicImageUrl(backend.supabaseUrl));
  const written = (await (
    await serviceRequest(backend, 'rpc/record_newsletter_digest', {
      p_week_of: weekOf.toISOString(),
      p_covers_from: since,
      p_covers_until: now.toISOString(),
      p_new_videos: videos.length,
      p_new_courses: courses.length,
      p_subject: issue.subject,
      p_body_markdown: issue.body,
      p_send: digest.schedule.send,
    })
  ).json()) as string | null;
  if (written) return 'written';
  return videos.length + courses.length === 0 ? 'nothing new' : 'not due';
}
