import { owner } from '@site/shared-ui/owner';
import type { CourseRow } from '@site/shared-ui/rows';
import { seoPages } from '../seoPages.ts';
import { contentJsonLd, coursesJsonLd, jsonLdScript, pageJsonLd, personJsonLd } from '../structuredData.ts';

const siteUrl = 'https://alexmorgan.dev';
const backendUrl = 'https://abc.supabase.co';
const page = (path: string) => seoPages.find((entry) => entry.path === path)!;

const courses: CourseRow[] = [
  {
    id: '1',
    title: 'Angular: Zero to Real Apps',
    description: 'Components, signals and RxJS.',
    image_path: 'courses/angular.webp',
    platform: 'UDEMY',
    keywords: ['angular', 'typescript'],
    link_to_course: 'https://www.udemy.com/course/angular/',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  },
  {
    id: '2',
    title: 'Git </script><script>alert(1)</script>',
    description: '',
    image_path: 'courses/git.webp',
    platform: 'SKILLSHARE',
    keywords: [],
    link_to_course: 'https://www.skillshare.com/en/classes/git/1',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  },
];

/** The JSON inside a data block, parsed as a search engine would. */
function parseScript(html: string): unknown {
  const match = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(html);
  if (!match) throw new Error(`not one JSON-LD script: ${html}`);
  return JSON.parse(match[1]!);
}

describe('personJsonLd', () => {
  it('describes the owner from owner.ts, with profiles and the blog as sameAs', () => {
    expect(personJsonLd(owner, siteUrl)).toEqual({
      '@type': 'Person',
      '@id': 'https://alexmorgan.dev/#person',
      name: owner.name,
      givenName: owner.firstName,
      jobTitle: owner.jobTitle,
      url: 'https://alexmorgan.dev/',
      email: `mailto:${owner.email}`,
      address: { '@type': 'PostalAddress', addressLocality: owner.city, addressCountry: owner.country },
      sameAs: [...owner.socialProfiles.map((profile) => profile.url), owner.blogUrl],
    });
  });
});

describe('pageJsonLd', () => {
  it('gives every page the site, the owner and the page itself, linked by @id', () => {
    const graph = pageJsonLd(page('/portfolio'), owner, siteUrl)['@graph'] as Record<string, unknown>[];
    expect(graph.map((node) => node['@type'])).toEqual(['WebSite', 'Person', 'WebPage']);
    expect(graph[2]).toMatchObject({
      url: 'https://alexmorgan.dev/portfolio',
      name: 'Alex Morgan | Portfolio',
      description: page('/portfolio').description,
      isPartOf: { '@id': 'https://alexmorgan.dev/#website' },
      primaryImageOfPage: { url: 'https://alexmorgan.dev/assets/og/portfolio.png', width: 1200, height: 630 },
    });
    expect(graph[0]).toMatchObject({ publisher: { '@id': 'https://alexmorgan.dev/#person' } });
  });

  it('makes /about the owner’s profile page', () => {
    const graph = pageJsonLd(page('/about'), owner, siteUrl)['@graph'] as Record<string, unknown>[];
    expect(graph[2]).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: { '@id': 'https://alexmorgan.dev/#person' },
    });
  });
});

describe('coursesJsonLd', () => {
  it('lists the courses in order as schema.org Courses with their platform as provider', () => {
    const list = coursesJsonLd(courses, backendUrl, owner, siteUrl);
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 2 });
    const items = list.itemListElement as { position: number; item: Record<string, unknown> }[];
    expect(items.map((entry) => entry.position)).toEqual([1, 2]);
    expect(items[0]!.item).toEqual({
      '@type': 'Course',
      name: 'Angular: Zero to Real Apps',
      description: 'Components, signals and RxJS.',
      url: 'https://www.udemy.com/course/angular/',
      image: 'https://abc.supabase.co/storage/v1/object/public/content/courses/angular.webp',
      inLanguage: 'en',
      keywords: 'angular, typescript',
      provider: { '@type': 'Organization', name: 'Udemy', sameAs: 'https://www.udemy.com' },
      creator: { '@id': 'https://alexmorgan.dev/#person' },
    });
    // No empty description or keywords.
    expect(items[1]!.item).not.toHaveProperty('description');
    expect(items[1]!.item).not.toHaveProperty('keywords');
    expect(items[1]!.item.provider).toMatchObject({ name: 'Skillshare' });
  });

  it('is part of the courses page only', () => {
    const content = {
      rows: { projects: [], featuredProjects: [], courses, testimonials: [], videos: [] },
      backendUrl,
    };
    expect(contentJsonLd(page('/courses'), content, owner, siteUrl)).toHaveLength(1);
    expect(contentJsonLd(page('/'), content, owner, siteUrl)).toEqual([]);
    expect(contentJsonLd(page('/portfolio'), content, owner, siteUrl)).toEqual([]);
  });
});

describe('jsonLdScript', () => {
  it('is a data block whose text no row can break out of, and that parses back to the same data', () => {
    const data = coursesJsonLd(courses, backendUrl, owner, siteUrl);
    const html = jsonLdScript(data);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>');
    expect(html).toContain('\\u003c/script\\u003e');
    expect(parseScript(html)).toEqual(data);
  });
});
