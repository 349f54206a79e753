// Found: robots.txt points to the sitemap; /sitemap.xml lists every page at its canonical address, dates each by the
// newest row it shows, lists the project and course pictures the pages show (the catalogues' first pages, the
// featured projects: a bounded list, however large the catalogues), lists the newsletter's archive and the page of
// each issue sent, and follows the owner's new rows.
import { expect, test } from '../../support/test.ts';
import { ownerDatabase, uniqueLabel } from '../../support/database.ts';
import { deleteIssues, sendIssue } from '../../support/newsletter.ts';
import { expectedPages } from '../../support/pages.ts';
import { cataloguePageSize } from '@site/shared-ui/searchAddress';
import { backendUrl } from '../../support/site.ts';
import { liveRowPrefix as portfolioLiveRowPrefix } from '../portfolio/portfolioSite.ts';
import { liveRowPrefix as coursesLiveRowPrefix } from '../courses/coursesSite.ts';
import { uniqueToken } from '../engagement/engagementSite.ts';
import { canonicalOrigin, readSitemap, type SitemapEntry } from './seoSite.ts';

/** The server reads the tables again after at most 5 s (siteContent.mjs): a change shows within that, plus a read. */
const sitemapFreshWithin = 10_000;

const storageUrl = (imagePath: string) => `${backendUrl}/storage/v1/object/public/content/${imagePath}`;
const entryFor = (entries: SitemapEntry[], path: string) =>
  entries.find((entry) => entry.loc === `${canonicalOrigin}${path}`);

test('robots.txt lets crawlers in and points to the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const lines = (await response.text()).split('\n');
  expect(lines).toContain('User-agent: *');
  expect(lines).toContain('Allow: /');
  expect(lines).toContain(`Sitemap: ${canonicalOrigin}/sitemap.xml`);
});

test('the sitemap lists every page, with the pictures from the tables and their dates, and the issues sent', async ({
  page,
  request,
}) => {
  // An issue the owner sent: the archive and its page are listed (with any other test's issues).
  const issue = await sendIssue({ subject: uniqueToken('Sitemap issue'), body_markdown: 'Listed.' });
  try {
    const archive = `${canonicalOrigin}/newsletter/issues`;
    const issuePage = `${archive}/${issue.slug}`;
    let entries: SitemapEntry[] = [];
    await expect
      .poll(
        async () => {
          entries = await readSitemap(page, request);
          return entries.some((entry) => entry.loc === issuePage);
        },
        { timeout: sitemapFreshWithin },
      )
      .toBe(true);
    const isArchive = (loc: string) => loc === archive || loc.startsWith(`${archive}/`);
    const locs = entries.map((entry) => entry.loc);
    expect(locs.filter((loc) => !isArchive(loc))).toEqual(
      expectedPages.map((expected) => `${canonicalOrigin}${expected.path}`),
    );
    const issuePages = locs.filter((loc) => loc.startsWith(`${archive}/`));
    expect(locs.filter(isArchive)).toEqual([archive, ...issuePages]);
    // Each is an issue that went out (or is going out), as a visitor may read it.
    const { data: sent, error: sentError } = await ownerDatabase()
      .from('newsletter_issues')
      .select('slug')
      .in('status', ['sending', 'sent']);
    expect(sentError).toBeNull();
    const sentPages = new Set(sent!.map((each) => `${archive}/${each.slug as string}`));
    for (const loc of issuePages) expect(sentPages.has(loc), loc).toBe(true);
    await theCataloguesPictures(entries);
  } finally {
    await deleteIssues([issue.id]);
  }
});

/** What each page shows: the first page of each catalogue (newest first), the featured projects on the home page. */
async function theCataloguesPictures(entries: SitemapEntry[]) {
  const firstPage = (table: string) =>
    ownerDatabase()
      .from(table)
      .select('image_path')
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .limit(cataloguePageSize);
  const { data: projects, error } = await firstPage('projects');
  expect(error).toBeNull();
  const { data: courses } = await firstPage('courses');
  const projectImages = [...new Set(projects!.map((row) => storageUrl(row.image_path as string)))];
  expect(entryFor(entries, '/portfolio')!.images.sort()).toEqual(projectImages.sort());
  const { data: featured } = await ownerDatabase()
    .from('projects')
    .select('image_path')
    .not('featured_rank', 'is', null);
  expect(entryFor(entries, '/')!.images.sort()).toEqual(
    [...new Set(featured!.map((row) => storageUrl(row.image_path as string)))].sort(),
  );
  expect(entryFor(entries, '/courses')!.images.sort()).toEqual(
    [...new Set(courses!.map((row) => storageUrl(row.image_path as string)))].sort(),
  );
  for (const path of ['/', '/portfolio', '/tutorials', '/courses']) {
    expect(Date.parse(entryFor(entries, path)!.lastmod ?? ''), path).not.toBeNaN();
  }
  // Pages that show no rows carry no made-up date.
  expect(entryFor(entries, '/about')!.lastmod).toBeNull();
  expect(entryFor(entries, '/help/privacy-policy')!.lastmod).toBeNull();
}

test('a project and a course the owner adds date their pages in the sitemap', async ({ page, request }) => {
  const ids: { table: string; id: string }[] = [];
  try {
    const { data: project, error } = await ownerDatabase()
      .from('projects')
      .insert({
        title: `${uniqueLabel(portfolioLiveRowPrefix)} Sitemap Entry`,
        description: 'Added to be found.',
        image_path: 'projects/coinledger.webp',
        keywords: ['javascript'],
        link_to_project: 'https://github.com/alexmorgan-dev/e2e-sitemap',
        featured_rank: null,
      })
      .select('id, updated_at')
      .single();
    if (error) throw new Error(`insert into projects: ${error.message}`);
    ids.push({ table: 'projects', id: project.id as string });
    const { data: course, error: courseError } = await ownerDatabase()
      .from('courses')
      .insert({
        title: `${uniqueLabel(coursesLiveRowPrefix)} Sitemap Course`,
        description: 'Added to be found.',
        image_path: 'courses/git-and-github.webp',
        platform: 'UDEMY',
        keywords: ['git'],
        link_to_course: 'https://www.udemy.com/course/e2e-sitemap/',
      })
      .select('id, updated_at')
      .single();
    if (courseError) throw new Error(`insert into courses: ${courseError.message}`);
    ids.push({ table: 'courses', id: course.id as string });

    const dateOf = async (path: string) =>
      Date.parse(entryFor(await readSitemap(page, request), path)?.lastmod ?? '');
    await expect
      .poll(() => dateOf('/portfolio'), { timeout: sitemapFreshWithin })
      .toBeGreaterThanOrEqual(Date.parse(project.updated_at as string));
    await expect
      .poll(() => dateOf('/courses'), { timeout: sitemapFreshWithin })
      .toBeGreaterThanOrEqual(Date.parse(course.updated_at as string));
  } finally {
    for (const { table, id } of ids) await ownerDatabase().from(table).delete().eq('id', id);
  }
});
