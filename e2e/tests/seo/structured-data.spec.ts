// Found: every page carries structured data (JSON-LD) that parses and names the owner; /courses lists the courses of
// the table, in the page's order, and follows a course the owner adds. The data blocks are not scripts the page
// runs: the Content-Security-Policy (no inline scripts) holds, with nothing reported.
import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { ownerDatabase, uniqueLabel } from '../../support/database.ts';
import { expectedPages } from '../../support/pages.ts';
import { liveRowPrefix } from '../courses/coursesSite.ts';
import { canonicalOrigin, servedHtml, structuredNodes } from './seoSite.ts';

/** The server reads the tables again after at most 5 s (siteContent.mjs): a change shows within that, plus a read. */
const contentFreshWithin = 10_000;

async function courseTitlesInPageOrder(): Promise<string[]> {
  const { data, error } = await ownerDatabase()
    .from('courses')
    .select('title')
    .order('created_at', { ascending: false });
  if (error) throw new Error(`reading courses: ${error.message}`);
  return data.map((row) => row.title as string);
}

function listedCourses(nodes: Record<string, unknown>[]): string[] {
  const list = nodes.find((node) => node['@type'] === 'ItemList');
  const items = (list?.itemListElement ?? []) as { item: { '@type': string; name: string } }[];
  return items.map((entry) => {
    expect(entry.item['@type']).toBe('Course');
    return entry.item.name;
  });
}

test('every page’s structured data parses and names the owner, the site and the page', async ({
  request,
}) => {
  for (const expected of expectedPages) {
    const nodes = structuredNodes(await servedHtml(request, expected.path));
    const person = nodes.find((node) => node['@type'] === 'Person');
    expect(person, expected.path).toMatchObject({
      name: 'Alex Morgan',
      jobTitle: 'Full-Stack Web Developer',
      url: `${canonicalOrigin}/`,
    });
    expect(
      nodes.find((node) => node['@type'] === 'WebSite'),
      expected.path,
    ).toMatchObject({
      name: 'Alex Morgan',
    });
    const webPage = nodes.find((node) => node['@type'] === 'WebPage' || node['@type'] === 'ProfilePage');
    expect(webPage, expected.path).toMatchObject({
      url: `${canonicalOrigin}${expected.path}`,
      name: expected.title,
    });
  }
});

test('/courses lists the courses of the table as schema.org Courses, and a new one follows', async ({
  request,
}) => {
  // The server reads the table at most every 5 s, and other specs add courses of their own meanwhile: compare the
  // seeded ones once the server has caught up.
  const seeded = (titles: string[]) => titles.filter((title) => !title.startsWith('E2E '));
  await expect
    .poll(
      async () =>
        seeded(listedCourses(structuredNodes(await servedHtml(request, '/courses')))).join('\n') ===
        seeded(await courseTitlesInPageOrder()).join('\n'),
      { timeout: contentFreshWithin },
    )
    .toBe(true);
  const nodes = structuredNodes(await servedHtml(request, '/courses'));
  expect(seeded(listedCourses(nodes))).toEqual(seeded(await courseTitlesInPageOrder()));
  expect(seeded(listedCourses(nodes)).length).toBeGreaterThan(3);
  const first = (
    nodes.find((node) => node['@type'] === 'ItemList')!.itemListElement as { item: object }[]
  )[0]!;
  expect(first.item).toMatchObject({ provider: { '@type': 'Organization' }, inLanguage: 'en' });

  const title = `${uniqueLabel(liveRowPrefix)} Structured Course`;
  const { data, error } = await ownerDatabase()
    .from('courses')
    .insert({
      title,
      description: 'Added to be found.',
      image_path: 'courses/git-and-github.webp',
      platform: 'SKILLSHARE',
      keywords: ['git'],
      link_to_course: 'https://www.skillshare.com/en/classes/e2e-structured/1',
    })
    .select('id')
    .single();
  if (error) throw new Error(`insert into courses: ${error.message}`);
  try {
    await expect
      .poll(async () => listedCourses(structuredNodes(await servedHtml(request, '/courses'))), {
        timeout: contentFreshWithin,
      })
      .toContain(title);
  } finally {
    await ownerDatabase().from('courses').delete().eq('id', data.id);
  }
});

test('the data blocks stay in the page and break no security rule when it runs', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/', '/courses']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const blocks = page.locator('script[type="application/ld+json"]');
    await expect(blocks).toHaveCount(path === '/courses' ? 2 : 1);
    for (const text of await blocks.allTextContents()) expect(() => JSON.parse(text)).not.toThrow();
  }
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
