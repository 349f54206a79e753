import type { CourseRow, NewsletterIssueRow } from '@site/shared-ui/rows';
import { feedLinkTags, feeds, feedXml } from '../feeds.ts';
import { issueDescription } from '../newsletterArchive.ts';
import { noContentRows, type SiteContent } from '../siteContent.ts';

const siteUrl = 'https://alexmorgan.dev';
const backendUrl = 'https://abc.supabase.co';

const course: CourseRow = {
  id: 'c1',
  title: 'Nest.js & <MongoDB>',
  description: 'A back-end course.',
  image_path: 'courses/nest.webp',
  platform: 'UDEMY',
  keywords: [],
  link_to_course: 'https://www.udemy.com/course/nest/',
  created_at: '2026-05-02T10:00:00Z',
  updated_at: '2026-05-02T10:00:00Z',
};

const issue: NewsletterIssueRow = {
  id: 'i1',
  kind: 'issue',
  subject: 'Hello, readers',
  body_markdown: '# Title\n\nA **first** issue, with [a link](https://example.com).\n\nMore.',
  slug: 'hello-readers',
  queued_at: '2026-06-01T09:00:00Z',
  sent_at: '2026-06-01T09:02:00Z',
  updated_at: '2026-06-01T09:02:00Z',
};

const content: SiteContent = {
  backendUrl,
  rows: {
    ...noContentRows,
    courses: [course],
    feedVideos: [
      {
        video_id: 'exEHxCV3--d',
        title: 'Angular Signals',
        description: 'Signals in 20 minutes.',
        thumbnail_url: 'videos/exEHxCV3--d.webp',
        published_at: '2026-06-03T17:00:00Z',
        updated_at: '2026-06-03T17:00:00Z',
      },
    ],
    newsletterIssues: [issue],
  },
};

describe('the feeds', () => {
  it('are RSS 2.0 with absolute links and dates', () => {
    const videos = feedXml('videos', content, siteUrl);
    expect(videos).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
    expect(videos).toContain('<link>https://www.youtube.com/watch?v=exEHxCV3--d</link>');
    expect(videos).toContain('<pubDate>Wed, 03 Jun 2026 17:00:00 GMT</pubDate>');
    expect(videos).toContain(`${backendUrl}/storage/v1/object/public/content/videos/exEHxCV3--d.webp`);
    const courses = feedXml('courses', content, siteUrl);
    expect(courses).toContain('<title>Nest.js &amp; &lt;MongoDB&gt;</title>');
    expect(courses).toContain('<link>https://www.udemy.com/course/nest/</link>');
    const newsletter = feedXml('newsletter', content, siteUrl);
    expect(newsletter).toContain('<link>https://alexmorgan.dev/newsletter/issues/hello-readers</link>');
    expect(newsletter).toContain('A first issue, with a link.');
  });

  it('hold exactly their rows, whatever a row’s text holds', () => {
    // Text that closes a CDATA section twice, then writes an item of its own; a control character XML forbids.
    const forged = 'One ]]> two ]]><item><title>Forged</title><link>https://evil.example</link></item>';
    const rows = [
      { ...course, id: 'c2', title: 'Tabs\u0001 & ]]> <b>', description: forged },
      { ...course, id: 'c3', description: 'A <a href="https://evil.example">link</a> & more' },
      course,
    ];
    const xml = feedXml('courses', { backendUrl, rows: { ...noContentRows, courses: rows } }, siteUrl);
    // A real XML parser (jsdom's, strict): the document parses, and has one item per row.
    const document = new DOMParser().parseFromString(xml, 'application/xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    const items = [...document.getElementsByTagName('item')];
    expect(items).toHaveLength(rows.length);
    const field = (item: Element, name: string) => item.getElementsByTagName(name)[0]?.textContent;
    expect(items.map((item) => field(item, 'title'))).toEqual(
      expect.arrayContaining(['Tabs & ]]> <b>', 'Nest.js & <MongoDB>']),
    );
    expect(items.map((item) => field(item, 'link'))).toEqual(rows.map(() => course.link_to_course));
    // A description is HTML to a feed reader: read as HTML, it is the row's text as written, with no element in it.
    const descriptions = items.map((item) => {
      const html = window.document.createElement('div');
      html.innerHTML = field(item, 'description') ?? '';
      return { elements: html.children.length, text: html.textContent };
    });
    expect(descriptions).toEqual(
      expect.arrayContaining(rows.map((row) => ({ elements: 0, text: row.description }))),
    );
  });

  it('are dated by their newest item, and have none when nothing was read', () => {
    expect(feedXml('courses', content, siteUrl)).toContain(
      '<lastBuildDate>Sat, 02 May 2026 10:00:00 GMT</lastBuildDate>',
    );
    expect(feedXml('videos', { backendUrl, rows: noContentRows }, siteUrl)).not.toContain('<item>');
  });

  it('are announced in a page’s head', () => {
    const tags = feedLinkTags(siteUrl);
    for (const { path, title } of Object.values(feeds)) {
      expect(tags).toContain(
        `<link rel="alternate" type="application/rss+xml" title="${title.replace(/'/g, '&apos;')}" href="${siteUrl}${path}" />`,
      );
    }
  });
});

describe('issueDescription', () => {
  it('is the first paragraph’s text, without Markdown’s marks, cut at a word', () => {
    expect(issueDescription(issue.body_markdown)).toBe('A first issue, with a link.');
    expect(issueDescription(`Intro ${'word '.repeat(60)}`, 40)).toBe('Intro word word word word word word…');
  });
});
