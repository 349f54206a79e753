// The site's feeds (RSS 2.0): the channel's videos, the courses and the newsletter's archive, so a learner can follow
// them in a feed reader. Made from the rows the server keeps (server/siteContent.mjs: read again at most every 5 s),
// with absolute links and dates; every page's head announces them (<link rel="alternate">).
// A row's text is the owner's or YouTube's, never markup: every value is written as escaped text (xmlText.ts), never
// in CDATA, so nothing a row holds (`]]>`, an `<item>`) can close an element or add one, and a description, which
// feed readers read as HTML, is that text made HTML first, so a reader shows it as written.
import escapeHtml from 'escape-html';
import { owner } from '@site/shared-ui/owner';
import { storageObjectUrl } from '@site/shared-ui/rows';
import {
  issueDate,
  issueDescription,
  newsletterArchivePath,
  newsletterIssuePath,
} from './newsletterArchive.ts';
import type { SiteContent } from './siteContent.ts';
import { escapeXml } from './xmlText.ts';

export const feedNames = ['videos', 'courses', 'newsletter'] as const;
export type FeedName = (typeof feedNames)[number];

export const feeds: Record<FeedName, { path: string; title: string; description: string; pagePath: string }> =
  {
    videos: {
      path: '/feeds/videos.xml',
      title: `${owner.name}: video tutorials`,
      description: `New video tutorials on ${owner.channel.name}, ${owner.name}'s YouTube channel.`,
      pagePath: '/tutorials',
    },
    courses: {
      path: '/feeds/courses.xml',
      title: `${owner.name}: courses`,
      description: `New online courses by ${owner.name} on Udemy, Skillshare and YouTube.`,
      pagePath: '/courses',
    },
    newsletter: {
      path: '/feeds/newsletter.xml',
      title: `${owner.name}: newsletter`,
      description: `Every issue of ${owner.name}'s newsletter, as subscribers received it.`,
      pagePath: newsletterArchivePath,
    },
  };

interface FeedItem {
  title: string;
  link: string;
  description: string;
  date: Date;
  image?: string;
}

function itemsOf(name: FeedName, content: SiteContent, siteUrl: string): FeedItem[] {
  const image = (pathOrUrl: string) => {
    const url = storageObjectUrl(content.backendUrl, pathOrUrl);
    return /^https?:\/\//.test(url) ? url : undefined;
  };
  switch (name) {
    case 'videos':
      return content.rows.feedVideos.map((video) => ({
        title: video.title,
        link: `https://www.youtube.com/watch?v=${video.video_id}`,
        description: video.description,
        date: new Date(video.published_at),
        image: image(video.thumbnail_url),
      }));
    case 'courses':
      return content.rows.courses.map((course) => ({
        title: course.title,
        link: course.link_to_course,
        description: course.description,
        date: new Date(course.created_at),
        image: image(course.image_path),
      }));
    case 'newsletter':
      return content.rows.newsletterIssues.map((issue) => ({
        title: issue.subject,
        link: new URL(newsletterIssuePath(issue.slug), siteUrl).href,
        description: issueDescription(issue.body_markdown, 300),
        date: new Date(issueDate(issue)),
      }));
  }
}

/** An enclosure's type, from its file's extension (RSS requires one); undefined for a file of no known image type. */
function imageType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    avif: 'image/avif',
    gif: 'image/gif',
    jpeg: 'image/jpeg',
    jpg: 'image/jpeg',
    png: 'image/png',
    svg: 'image/svg+xml',
    webp: 'image/webp',
  };
  return extension ? types[extension] : undefined;
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

function itemXml(item: FeedItem): string {
  const type = item.image ? imageType(item.image) : undefined;
  return [
    '        <item>',
    `            ${element('title', item.title)}`,
    `            ${element('link', item.link)}`,
    `            <guid isPermaLink="false">${escapeXml(item.link)}</guid>`,
    `            ${element('pubDate', item.date.toUTCString())}`,
    `            ${element('description', escapeHtml(item.description))}`,
    ...(item.image && type
      ? [`            <enclosure url="${escapeXml(item.image)}" length="0" type="${type}"/>`]
      : []),
    '        </item>',
  ].join('\n');
}

/** The feed as RSS 2.0, dated by its newest item. */
export function feedXml(name: FeedName, content: SiteContent, siteUrl: string): string {
  const about = feeds[name];
  const items = itemsOf(name, content, siteUrl).sort((a, b) => b.date.getTime() - a.date.getTime());
  const feedUrl = new URL(about.path, siteUrl).href;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '    <channel>',
    `        ${element('title', about.title)}`,
    `        ${element('link', new URL(about.pagePath, siteUrl).href)}`,
    `        ${element('description', about.description)}`,
    ...(items[0] ? [`        ${element('lastBuildDate', items[0].date.toUTCString())}`] : []),
    '        <docs>https://www.rssboard.org/rss-specification</docs>',
    '        <language>en</language>',
    `        ${element('copyright', `© ${owner.name}`)}`,
    `        <atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items.map(itemXml),
    '    </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The feeds, announced in a page's head. */
export function feedLinkTags(siteUrl: string): string {
  return feedNames
    .map(
      (name) =>
        `<link rel="alternate" type="application/rss+xml" title="${escapeXml(feeds[name].title)}" href="${escapeXml(new URL(feeds[name].path, siteUrl).href)}" />`,
    )
    .join('');
}
