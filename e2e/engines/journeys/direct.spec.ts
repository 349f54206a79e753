// The site as the engine gets it from its own server, without the journeys' probe proxy: the proxy asks for every
// answer uncompressed (identity), drops 103 Early Hints and sends each HTML answer on in one piece after its head, so
// the other journeys never see the site's compression, hints or streaming. Here each engine opens a page straight
// from the site's server, hints and streaming as the server gives them: it arrives compressed (the document and its
// largest script) and its sections run. (No probe here: what the engine reports itself still counts.)
import { siteUrl } from '../../support/site.ts';
import { expect, test } from '../fixtures.ts';

test('a page straight from the site’s server arrives compressed and runs every section', async ({
  visitor,
}) => {
  await visitor.driver.open(`${siteUrl}/courses`);
  await visitor.waitUntil('the banner', () => document.querySelector('h1')?.textContent === 'Courses', null);
  await visitor.waitForEverySectionReady();
  const sizes = await visitor.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    // The largest script the page loaded (the shell's or a section's).
    const [script] = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .sort((a, b) => b.decodedBodySize - a.decodedBodySize);
    return [navigation, script].map((entry) => ({
      name: entry?.name ?? 'missing',
      encoded: entry?.encodedBodySize ?? 0,
      decoded: entry?.decodedBodySize ?? 0,
    }));
  }, null);
  for (const { name, encoded, decoded } of sizes) {
    expect(encoded, `${name}: bytes on the wire`).toBeGreaterThan(0);
    expect(encoded, `${name}: compressed (${encoded} of ${decoded} bytes)`).toBeLessThan(decoded / 2);
  }
});
