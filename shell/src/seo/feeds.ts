// The site's feeds (RSS 2.0, written by the `feed` library): the channel's videos, the courses and the newsletter's
// archive, so a learner can follow them in a feed reader. Made from the rows the server keeps (server/siteContent.mjs:
// read again at most every 5 s), with absolute links and dates; every page's head announces them
// (<link rel="alternate">).
import { Feed } from 'feed';
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

/** The feed as RSS 2.0, dated by its newest item. */
export function feedXml(name: FeedName, content: SiteContent, siteUrl: string): string {
  const about = feeds[name];
  const items = itemsOf(name, content, siteUrl).sort((a, b) => b.date.getTime() - a.date.getTime());
  const feed = new Feed({
    id: new URL(about.path, siteUrl).href,
    title: about.title,
    description: about.description,
    link: new URL(about.pagePath, siteUrl).href,
    language: 'en',
    copyright: `© ${owner.name}`,
    updated: items[0]?.date,
    feedLinks: { rss: new URL(about.path, siteUrl).href },
    author: { name: owner.name, link: siteUrl },
  });
  for (const item of items) {
    feed.addItem({
      title: item.title,
      id: item.link,
      link: item.link,
      description: item.description,
      date: item.date,
      ...(item.image && { image: item.image }),
    });
  }
  return feed.rss2();
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
