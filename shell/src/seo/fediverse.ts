// What the site's fediverse account says: its profile (the owner's name, summary, portrait, banner, site and profiles)
// and the text of each post (a new video, a new course: a Note; a newsletter issue once sent: an Article), each with
// its link, picture and hashtags. Pure: the account's address (origin), the backend whose Storage serves the pictures
// and the item's row in, plain values out. The site's server (server/fediverse/) turns them into ActivityStreams.
import MarkdownIt from 'markdown-it';
import { searchAddressQuery } from '@site/shared-ui/searchAddress';
import { owner } from '@site/shared-ui/owner';
import { storageObjectUrl } from '@site/shared-ui/rows';
import { issueDescription, newsletterIssuePath } from './newsletterArchive.ts';
import { escapeXml as escapeHtml } from './xmlText.ts';

/** A link on the profile: Mastodon shows it as a field, verified when the page it names links back (rel="me"). */
export interface ProfileField {
  name: string;
  url: string;
}

export interface FediverseProfile {
  /** The WebFinger user name: @<handle>@<host>. */
  handle: string;
  name: string;
  /** HTML, as Mastodon shows a bio. */
  summaryHtml: string;
  /** The profile page for people (the actor's `url`). */
  profileUrl: string;
  avatar: { url: string; mediaType: string };
  header: { url: string; mediaType: string };
  fields: ProfileField[];
}

/** A post's text and what goes with it, for a Note or an Article. */
export interface FediversePostContent {
  type: 'Note' | 'Article';
  /** An Article's title. */
  name?: string;
  contentHtml: string;
  /** An Article's first lines, as HTML (Mastodon shows an Article by its title, summary and link). */
  summaryHtml?: string;
  /** Where people read or watch it. */
  url: string;
  image?: { url: string; mediaType: string; name: string };
  hashtags: { name: string; href: string }[];
  published: string;
}

export interface VideoItem {
  video_id: string;
  title: string;
  description: string;
  thumbnail_url: string;
  published_at: string;
}

export interface CourseItem {
  id: string;
  title: string;
  description: string;
  image_path: string;
  platform: 'YOUTUBE' | 'UDEMY' | 'SKILLSHARE';
  keywords: string[];
  link_to_course: string;
  created_at: string;
}

export interface IssueItem {
  slug: string;
  subject: string;
  body_markdown: string;
  sent_at: string | null;
  queued_at: string | null;
}

export type FediverseItem =
  | { kind: 'video'; item: VideoItem }
  | { kind: 'course'; item: CourseItem }
  | { kind: 'issue'; item: IssueItem };

/** Where the account lives and where its pictures come from. */
export interface FediverseSite {
  /** The site's origin, which the account's addresses are on (https://alexmorgan.dev). */
  origin: string;
  /** The backend whose public Storage serves the items' pictures. */
  backendUrl: string;
}

/** The profile page for people: /about, where the owner is the page's subject. */
export const fediverseProfilePath = '/about';

const platformNames: Record<CourseItem['platform'], string> = {
  YOUTUBE: 'YouTube',
  UDEMY: 'Udemy',
  SKILLSHARE: 'Skillshare',
};

/** The longest text of an item a post quotes. */
const maxQuoted = 300;

const markdown = new MarkdownIt({ html: false, linkify: true });

function shortened(text: string, max = maxQuoted): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function mediaTypeOf(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  switch (extension) {
    case 'png':
      return 'image/png';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'avif':
      return 'image/avif';
    case 'webp':
      return 'image/webp';
    default:
      return 'image/jpeg';
  }
}

/** A hashtag's name: letters, digits and underscores (what Mastodon links), or nothing. */
function hashtagName(word: string): string | undefined {
  const name = word.normalize('NFKC').replace(/[^\p{L}\p{N}_]+/gu, '');
  return name && name.length <= 60 && !/^\d+$/.test(name) ? name.toLowerCase() : undefined;
}

function uniqueHashtags(names: (string | undefined)[], href: (name: string) => string, max = 8) {
  const seen = new Set<string>();
  const tags: FediversePostContent['hashtags'] = [];
  for (const name of names) {
    if (!name || seen.has(name) || tags.length >= max) continue;
    seen.add(name);
    tags.push({ name: `#${name}`, href: href(name) });
  }
  return tags;
}

/** The hashtags a video's description carries (YouTube's own #tags). */
function descriptionHashtags(description: string): (string | undefined)[] {
  return [...description.matchAll(/(?:^|\s)#([\p{L}\p{N}_]+)/gu)].map((match) => hashtagName(match[1] ?? ''));
}

function hashtagsHtml(tags: FediversePostContent['hashtags']): string {
  if (tags.length === 0) return '';
  const links = tags.map(
    (tag) =>
      `<a href="${escapeHtml(tag.href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(tag.name.slice(1))}</span></a>`,
  );
  return `<p>${links.join(' ')}</p>`;
}

function absolute(path: string, origin: string): string {
  return new URL(path, origin).href;
}

function pictureOf(pathOrUrl: string, backendUrl: string, name: string): FediversePostContent['image'] {
  const url = storageObjectUrl(backendUrl, pathOrUrl);
  return /^https?:\/\//.test(url) ? { url, mediaType: mediaTypeOf(url), name } : undefined;
}

/**
 * What every page's head carries so that Mastodon shows the profile's "Website" as verified: a rel="me" link back to
 * the account's profile page (Mastodon checks that the page a field names links to the account's `url`).
 */
export function fediverseMeLink(origin: string): string {
  return `<link rel="me" href="${escapeHtml(absolute(fediverseProfilePath, origin))}" />`;
}

/** The account's profile, on the site at `origin`. */
export function fediverseProfile({ origin, backendUrl }: FediverseSite): FediverseProfile {
  const site = new URL(origin);
  return {
    handle: owner.fediverseHandle,
    name: owner.name,
    summaryHtml:
      `<p>${escapeHtml(owner.jobTitle)} in ${escapeHtml(owner.city)}, ${escapeHtml(owner.country)}.</p>` +
      `<p>Follow for every new video tutorial on ${escapeHtml(owner.channel.name)}, every new course and every ` +
      `issue of the newsletter, as they come out on <a href="${escapeHtml(site.href)}">${escapeHtml(site.host)}</a>.</p>`,
    profileUrl: absolute(fediverseProfilePath, origin),
    avatar: {
      url: storageObjectUrl(backendUrl, owner.portraitPath),
      mediaType: mediaTypeOf(storageObjectUrl(backendUrl, owner.portraitPath)),
    },
    header: { url: absolute('/assets/og/home.png', origin), mediaType: 'image/png' },
    fields: [
      { name: 'Website', url: site.href },
      ...owner.socialProfiles.map((profile) => ({ name: profile.label, url: profile.url })),
    ],
  };
}

/** The text of the post about a new item. */
export function fediversePost(
  post: FediverseItem,
  { origin, backendUrl }: FediverseSite,
): FediversePostContent {
  switch (post.kind) {
    case 'video': {
      const video = post.item;
      const url = `https://www.youtube.com/watch?v=${encodeURIComponent(video.video_id)}`;
      const hashtags = uniqueHashtags(descriptionHashtags(video.description), (name) =>
        absolute(`/tutorials${searchAddressQuery('/tutorials', { term: name })}`, origin),
      );
      const description = shortened(video.description.replace(/(?:^|\s)#[\p{L}\p{N}_]+/gu, ' '));
      return {
        type: 'Note',
        contentHtml:
          `<p>New video: <a href="${escapeHtml(url)}">${escapeHtml(video.title)}</a></p>` +
          (description ? `<p>${escapeHtml(description)}</p>` : '') +
          hashtagsHtml(hashtags),
        url,
        image: pictureOf(video.thumbnail_url, backendUrl, video.title),
        hashtags,
        published: new Date(video.published_at).toISOString(),
      };
    }
    case 'course': {
      const course = post.item;
      const hashtags = uniqueHashtags(course.keywords.map(hashtagName), (name) =>
        absolute(`/courses${searchAddressQuery('/courses', { chip: name })}`, origin),
      );
      const description = shortened(course.description);
      return {
        type: 'Note',
        contentHtml:
          `<p>New course on ${platformNames[course.platform]}: <a href="${escapeHtml(course.link_to_course)}">` +
          `${escapeHtml(course.title)}</a></p>` +
          (description ? `<p>${escapeHtml(description)}</p>` : '') +
          hashtagsHtml(hashtags),
        url: course.link_to_course,
        image: pictureOf(course.image_path, backendUrl, course.title),
        hashtags,
        published: new Date(course.created_at).toISOString(),
      };
    }
    case 'issue': {
      const issue = post.item;
      return {
        type: 'Article',
        name: issue.subject,
        contentHtml: markdown.render(issue.body_markdown),
        summaryHtml: escapeHtml(issueDescription(issue.body_markdown, maxQuoted)),
        url: absolute(newsletterIssuePath(issue.slug), origin),
        hashtags: [],
        published: new Date(issue.sent_at ?? issue.queued_at ?? Date.now()).toISOString(),
      };
    }
  }
}
