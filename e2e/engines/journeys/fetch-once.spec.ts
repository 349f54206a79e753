// Every file a page needs is fetched once per page load: a preload the engine cannot use (Firefox fetched the shared
// chunks' low-priority `preload as=script` hints, then each chunk again) costs a second download on every visit.
// Counted where the driver sees the requests (Chromium, Firefox); the backend's reads are data, not files, and may
// repeat (a live page catches up).
import { backendUrl } from '../../support/site.ts';
import { expect, test } from '../fixtures.ts';

function fetchedTwice(urls: string[]): string[] {
  const counts = new Map<string, number>();
  for (const url of urls) counts.set(url, (counts.get(url) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([url, count]) => `${count}× ${url}`);
}

test('each file of a page is fetched once', async ({ visitor }) => {
  test.setTimeout(90_000);
  const takeRequests = visitor.driver.takeRequests!;
  await visitor.sawThePopup();
  for (const path of ['/', '/tutorials', '/courses', '/help/privacy-policy']) {
    // The page before is left first, so nothing it still loads (the ad card, due 2 s after it started) is counted.
    await visitor.openBlank();
    takeRequests();
    await visitor.open(path);
    await visitor.readToTheEnd();
    await visitor.waitForEverySectionReady();
    await visitor.waitUntilLive();
    const files = takeRequests().filter((url) => url.startsWith('http') && !url.startsWith(backendUrl));
    expect(files.length, `${path}: files fetched`).toBeGreaterThan(3);
    expect(fetchedTwice(files), `${path}: files fetched more than once`).toEqual([]);
  }
});
