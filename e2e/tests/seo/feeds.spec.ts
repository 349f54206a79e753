// A feed holds its rows and nothing else: a course row whose text closes a CDATA section twice and writes an <item> of
// its own (any link) is one item of /feeds/courses.xml, with its text as written, and the feed, read by a strict XML
// parser as a feed reader reads it, has one item per course of the catalogue's first page. Plain HTTP, no browser.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect, test } from '../../support/test.ts';
import { ownerDatabase, uniqueLabel } from '../../support/database.ts';
import { liveRowPrefix } from '../courses/coursesSite.ts';

interface FeedItem {
  title: string;
  link: string;
  description: string;
}

const forgedLink = 'https://evil.example/forged';

test('a course whose text holds ]]> twice and an item of its own is one item of the courses feed', async ({
  request,
}) => {
  const title = `${uniqueLabel(liveRowPrefix)} ]]> Feed`;
  const description = `Closes ]]> twice ]]><item><title>Forged</title><link>${forgedLink}</link></item> & more`;
  const { data: course, error } = await ownerDatabase()
    .from('courses')
    .insert({
      title,
      description,
      image_path: 'courses/git-and-github.webp',
      platform: 'UDEMY',
      keywords: ['git'],
      link_to_course: 'https://www.udemy.com/course/e2e-feed/',
    })
    .select('id')
    .single();
  if (error) throw new Error(`insert into courses: ${error.message}`);
  try {
    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' });
    const readFeed = async () => {
      const answer = await request.get('/feeds/courses.xml');
      expect(answer.status()).toBe(200);
      const xml = await answer.text();
      expect(XMLValidator.validate(xml)).toBe(true);
      return (parser.parse(xml) as { rss: { channel: { item?: FeedItem[] } } }).rss.channel.item ?? [];
    };
    // The server reads the rows again within seconds of an edit (siteContent.mjs).
    await expect.poll(async () => (await readFeed()).some((item) => item.title === title)).toBe(true);
    const items = await readFeed();
    const mine = items.filter((item) => item.title === title);
    expect(mine).toHaveLength(1);
    // A description is HTML to a feed reader: it is the row's text, escaped, with no element of its own.
    expect(mine[0]!.description).toBe(
      description.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
    );
    expect(items.map((item) => item.link)).not.toContain(forgedLink);
    expect(items.map((item) => item.title)).not.toContain('Forged');
    // Each item is a course of the catalogue, none twice.
    const { data: courses, error: readError } = await ownerDatabase()
      .from('courses')
      .select('title, link_to_course');
    expect(readError).toBeNull();
    const rows = new Set(courses!.map((row) => `${row.title as string}\n${row.link_to_course as string}`));
    const shown = items.map((item) => `${item.title}\n${item.link}`);
    expect(new Set(shown).size).toBe(items.length);
    for (const item of shown) expect(rows.has(item), item).toBe(true);
  } finally {
    await ownerDatabase()
      .from('courses')
      .delete()
      .eq('id', course.id as string);
  }
});
