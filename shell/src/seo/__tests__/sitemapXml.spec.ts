import type { CourseRow, ProjectRow } from '@site/shared-ui/rows';
import { latestChange, sitemapXml } from '../sitemapXml.ts';
import { noContentRows, type SiteContent } from '../siteContent.ts';
import { seoPages } from '../seoPages.ts';

const siteUrl = 'https://alexmorgan.dev';
const backendUrl = 'https://abc.supabase.co';

function project(title: string, updatedAt: string, featuredRank: number | null, image: string): ProjectRow {
  return {
    id: title,
    title,
    description: '',
    image_path: image,
    keywords: [],
    link_to_project: 'https://example.com',
    featured_rank: featuredRank,
    created_at: updatedAt,
    updated_at: updatedAt,
  };
}

function course(title: string, updatedAt: string, image: string): CourseRow {
  return {
    id: title,
    title,
    description: '',
    image_path: image,
    platform: 'UDEMY',
    keywords: [],
    link_to_course: 'https://www.udemy.com/course/x/',
    created_at: updatedAt,
    updated_at: updatedAt,
  };
}

const content: SiteContent = {
  backendUrl,
  rows: {
    projects: [
      project('Featured', '2026-03-01T10:00:00+00:00', 1, 'projects/featured.webp'),
      project('Newer', '2026-05-01T10:00:00+00:00', null, 'projects/newer.webp'),
    ],
    featuredProjects: [project('Featured', '2026-03-01T10:00:00+00:00', 1, 'projects/featured.webp')],
    courses: [
      course('Angular & <RxJS>', '2026-04-02T08:30:00+00:00', 'https://cdn.example.com/c.webp?a=1&b=2'),
    ],
    testimonials: [{ updated_at: '2026-06-01T00:00:00+00:00' }],
    videos: [{ updated_at: '2026-02-01T00:00:00+00:00' }],
    feedVideos: [],
    newsletterIssues: [],
  },
};

/** The <url> entry of a page, as text. */
function entryOf(xml: string, path: string): string {
  const loc = `<loc>${new URL(path, siteUrl).href}</loc>`;
  const entry = xml.split('<url>').find((part) => part.includes(loc));
  if (!entry) throw new Error(`no entry for ${path}`);
  return entry;
}

describe('sitemapXml', () => {
  const xml = sitemapXml(seoPages, content, siteUrl);

  it('lists every page of the site once, at its canonical address', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(seoPages.map((page) => new URL(page.path, siteUrl).href));
    expect(locs).toContain('https://alexmorgan.dev/help/privacy-policy');
  });

  it('is a urlset of sitemaps.org 0.9 with the image extension', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('dates each page by the newest row it shows', () => {
    expect(entryOf(xml, '/portfolio')).toContain('<lastmod>2026-05-01T10:00:00.000Z</lastmod>');
    // The home page shows only the featured project.
    expect(entryOf(xml, '/')).toContain('<lastmod>2026-03-01T10:00:00.000Z</lastmod>');
    // Courses and testimonials: the testimonial is newer.
    expect(entryOf(xml, '/courses')).toContain('<lastmod>2026-06-01T00:00:00.000Z</lastmod>');
    expect(entryOf(xml, '/tutorials')).toContain('<lastmod>2026-06-01T00:00:00.000Z</lastmod>');
  });

  it('gives pages that show no rows no lastmod rather than a made-up one', () => {
    expect(entryOf(xml, '/about')).not.toContain('<lastmod>');
    expect(entryOf(xml, '/help/terms-of-service')).not.toContain('<lastmod>');
  });

  it('lists the project and course pictures a page shows, as public Storage URLs, escaped', () => {
    const portfolio = entryOf(xml, '/portfolio');
    expect(portfolio).toContain(
      '<image:image><image:loc>https://abc.supabase.co/storage/v1/object/public/content/projects/featured.webp</image:loc></image:image>',
    );
    expect(portfolio).toContain('content/projects/newer.webp');
    expect(entryOf(xml, '/')).toContain('content/projects/featured.webp');
    expect(entryOf(xml, '/')).not.toContain('newer.webp');
    expect(entryOf(xml, '/courses')).toContain(
      '<image:loc>https://cdn.example.com/c.webp?a=1&amp;b=2</image:loc>',
    );
    expect(entryOf(xml, '/about')).not.toContain('<image:image>');
  });

  it('parses, to exactly its pages and pictures, whatever an image address holds', () => {
    const odd = 'https://cdn.example.com/c.webp?a=]]>&b=<url><loc>https://evil.example</loc></url>\u0007';
    const rows = { ...content.rows, courses: [course('Odd', '2026-04-02T08:30:00+00:00', odd)] };
    const document = new DOMParser().parseFromString(
      sitemapXml(seoPages, { backendUrl, rows }, siteUrl),
      'application/xml',
    );
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.getElementsByTagName('url')).toHaveLength(seoPages.length);
    const images = [...document.getElementsByTagName('image:loc')].map((loc) => loc.textContent);
    expect(images).toContain(odd.replace('\u0007', ''));
  });

  it('lists the newsletter’s archive and each issue that went out, dated', () => {
    const withIssues = sitemapXml(
      seoPages,
      {
        backendUrl,
        rows: {
          ...content.rows,
          newsletterIssues: [
            {
              id: '1',
              kind: 'issue',
              subject: 'First',
              body_markdown: 'Hello',
              slug: 'first',
              queued_at: '2026-07-01T09:00:00Z',
              sent_at: '2026-07-01T09:05:00Z',
              updated_at: '2026-07-01T09:05:00Z',
            },
          ],
        },
      },
      siteUrl,
    );
    expect(entryOf(withIssues, '/newsletter/issues')).toContain(
      '<lastmod>2026-07-01T09:05:00.000Z</lastmod>',
    );
    expect(entryOf(withIssues, '/newsletter/issues/first')).toContain(
      '<lastmod>2026-07-01T09:05:00.000Z</lastmod>',
    );
    expect(xml).not.toContain('/newsletter/issues');
  });

  it('still lists every page, without dates or pictures, when the rows could not be read', () => {
    const bare = sitemapXml(seoPages, { rows: noContentRows, backendUrl }, siteUrl);
    expect(bare.match(/<url>/g)).toHaveLength(seoPages.length);
    expect(bare).not.toContain('<lastmod>');
    expect(bare).not.toContain('<image:image>');
  });
});

describe('latestChange', () => {
  it('is the newest timestamp, whatever its time zone', () => {
    expect(latestChange(['2026-01-01T12:00:00+02:00', '2026-01-01T11:00:00Z'])).toBe(
      '2026-01-01T11:00:00.000Z',
    );
    expect(latestChange(['not a date', '2026-01-01T00:00:00Z'])).toBe('2026-01-01T00:00:00.000Z');
    expect(latestChange([])).toBeUndefined();
  });
});
