// The site's server where it meets data, addresses, section code and clients it does not control, as npm start
// serves it: a row's text is put into the page as it is, whatever `$` patterns it holds.
import { expect, test } from '@playwright/test';
import { ownerDatabase } from '../../support/database.ts';
import { siteUrl } from '../../support/site.ts';

test.setTimeout(90_000);

/** The page's JSON data block (from which the browser hydrates), parsed. */
function pageData(html: string): unknown {
  const start = html.indexOf('<script type="application/json" id="page-data">');
  expect(start, 'the page has its data block').toBeGreaterThan(0);
  const from = html.indexOf('>', start) + 1;
  return JSON.parse(html.slice(from, html.indexOf('</script>', from)));
}

test.describe("a row's text with `$` patterns in it", () => {
  let course: { id: string; description: string } | undefined;

  test.afterEach(async () => {
    if (course) {
      const { error } = await ownerDatabase()
        .from('courses')
        .update({ description: course.description })
        .eq('id', course.id);
      expect(error).toBeNull();
    }
  });

  test("keeps the page whole, and its data block parses to the exact text ($', $`, $& and $$)", async ({
    request,
    page,
  }) => {
    const { data, error } = await ownerDatabase()
      .from('courses')
      .select('id, description')
      .order('created_at', { ascending: true })
      .limit(1)
      .single();
    expect(error).toBeNull();
    course = data!;
    const text = `Shell quoting: $' then $\` then $& then $$ then $1 (${Date.now()})`;
    const edit = await ownerDatabase().from('courses').update({ description: text }).eq('id', course.id);
    expect(edit.error).toBeNull();

    // The server follows the table and renders /courses again with the edited row.
    let html = '';
    await expect
      .poll(
        async () => {
          html = await (await request.get(`${siteUrl}/courses`)).text();
          return html.includes('$&amp; then $$');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(html.split('</html>')).toHaveLength(2);
    expect(html.split('</body>')).toHaveLength(2);
    expect(html.split('id="page-data"')).toHaveLength(2);
    const rows = Object.values((pageData(html) as { data: Record<string, unknown> }).data).flat() as {
      id?: string;
      description?: string;
    }[];
    expect(rows.find((row) => row?.id === course!.id)?.description).toBe(text);

    // And the browser hydrates it: the text shows as it is.
    await page.goto('/courses');
    await expect(page.getByText(text)).toBeVisible();
  });
});
