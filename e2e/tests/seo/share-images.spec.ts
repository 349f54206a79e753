// Shared: every page names its own share picture for link previews (Open Graph and Twitter cards), 1200 × 630 with
// a description, and the picture loads from the site.
import { expect, test } from '../../support/test.ts';
import { expectedPages } from '../../support/pages.ts';
import { canonicalOrigin, servedHtml } from './seoSite.ts';

/** The value of a meta tag in served HTML. */
function metaContent(html: string, attribute: 'property' | 'name', key: string): string | undefined {
  const tag = html.match(
    new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`),
  );
  return tag?.[1];
}

/** Width and height from a PNG's header (IHDR). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('every page has its own 1200 × 630 share picture, described, that loads', async ({ request }) => {
  const pictures = new Set<string>();
  for (const expected of expectedPages) {
    const html = await servedHtml(request, expected.path);
    const image = metaContent(html, 'property', 'og:image');
    expect(image, expected.path).toMatch(new RegExp(`^${canonicalOrigin}/assets/og/[a-z-]+\\.png$`));
    pictures.add(image!);
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'property', 'og:image:height')).toBe('630');
    expect(metaContent(html, 'property', 'og:image:type')).toBe('image/png');
    expect(metaContent(html, 'property', 'og:image:alt')?.length ?? 0).toBeGreaterThan(10);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');

    // The picture is on the site (here, the local copy of its canonical address).
    const response = await request.get(new URL(image!).pathname);
    expect(response.status(), image).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
  }
  expect(pictures.size).toBe(expectedPages.length);
});
