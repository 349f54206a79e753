// Structured data (schema.org, as JSON-LD) for search engines: on every page the site, its owner as a Person and
// the page itself; on /courses the list of courses from the `courses` table. The owner comes from the kit's owner.ts,
// never copied. Served as `<script type="application/ld+json">`, a data block the browser never executes, so the
// Content-Security-Policy (no inline scripts) holds.
import { owner } from '@site/shared-ui/owner';
import { platformName } from '@site/shared-ui/PlatformLogo';
import { storageObjectUrl, type CourseRow } from '@site/shared-ui/rows';
import type { SeoPage } from './seoPages.ts';
import type { SiteContent } from './siteContent.ts';
import { ogImageFor } from './openGraph.ts';

export type Owner = typeof owner;
type JsonLdNode = Record<string, unknown>;

const idOf = (siteUrl: string, fragment: string) => `${new URL('/', siteUrl).href}#${fragment}`;

export function personJsonLd(person: Owner, siteUrl: string): JsonLdNode {
  return {
    '@type': 'Person',
    '@id': idOf(siteUrl, 'person'),
    name: person.name,
    givenName: person.firstName,
    jobTitle: person.jobTitle,
    url: new URL('/', siteUrl).href,
    email: `mailto:${person.email}`,
    address: { '@type': 'PostalAddress', addressLocality: person.city, addressCountry: person.country },
    sameAs: [...person.socialProfiles.map((profile) => profile.url), person.blogUrl],
  };
}

/** The page's graph: the site, its owner, and the page (on /about, the owner's profile page). */
export function pageJsonLd(page: SeoPage, person: Owner, siteUrl: string): JsonLdNode {
  const url = new URL(page.path, siteUrl).href;
  const image = ogImageFor(page, siteUrl);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': idOf(siteUrl, 'website'),
        url: new URL('/', siteUrl).href,
        name: person.siteName,
        inLanguage: 'en',
        publisher: { '@id': idOf(siteUrl, 'person') },
      },
      personJsonLd(person, siteUrl),
      {
        '@type': page.path === '/about' ? 'ProfilePage' : 'WebPage',
        '@id': `${url}#webpage`,
        url,
        name: page.title,
        ...(page.description ? { description: page.description } : {}),
        inLanguage: 'en',
        isPartOf: { '@id': idOf(siteUrl, 'website') },
        ...(page.path === '/about' ? { mainEntity: { '@id': idOf(siteUrl, 'person') } } : {}),
        primaryImageOfPage: {
          '@type': 'ImageObject',
          url: image.url,
          width: image.width,
          height: image.height,
        },
      },
    ],
  };
}

function platformOrganization(platform: CourseRow['platform'], person: Owner): JsonLdNode {
  const profile = person.coursePlatforms[platform] as string | undefined;
  return {
    '@type': 'Organization',
    name: platformName(platform),
    ...(profile ? { sameAs: new URL(profile).origin } : {}),
  };
}

/** The courses as schema.org Courses in an ItemList, in the order the page shows them. */
export function coursesJsonLd(
  courses: readonly CourseRow[],
  backendUrl: string,
  person: Owner,
  siteUrl: string,
): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    '@id': `${new URL('/courses', siteUrl).href}#courses`,
    name: 'Courses',
    numberOfItems: courses.length,
    itemListElement: courses.map((course, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Course',
        name: course.title,
        ...(course.description.trim() ? { description: course.description } : {}),
        url: course.link_to_course,
        image: storageObjectUrl(backendUrl, course.image_path),
        inLanguage: 'en',
        ...(course.keywords.length > 0 ? { keywords: course.keywords.join(', ') } : {}),
        provider: platformOrganization(course.platform, person),
        creator: { '@id': idOf(siteUrl, 'person') },
      },
    })),
  };
}

/** Whether the page has structured data that needs rows at render time: the page that lists the courses. */
export function hasContentJsonLd(page: Pick<SeoPage, 'modules'>): boolean {
  return page.modules.includes('courses/CoursesPage');
}

/** Structured data that needs rows at render time: the courses, on the page that lists them. */
export function contentJsonLd(
  page: Pick<SeoPage, 'modules'>,
  content: SiteContent,
  person: Owner,
  siteUrl: string,
): JsonLdNode[] {
  return hasContentJsonLd(page)
    ? [coursesJsonLd(content.rows.courses, content.backendUrl, person, siteUrl)]
    : [];
}

/**
 * A JSON-LD data block for the page's HTML. `<`, `>` and `&` are written as JSON escapes, so no text in the data
 * (an owner's course title, say) can close the script element or open a comment.
 */
export function jsonLdScript(data: JsonLdNode): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}
