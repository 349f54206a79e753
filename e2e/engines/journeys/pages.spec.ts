// Every route, opened as a full page load from the previous one: its banner, title, frame and every section running,
// with nothing logged as an error on the way, leaving each page included.
import { expectedPages } from '../../support/pages.ts';
import { expect, test } from '../fixtures.ts';

test('every route opens with its banner, title, frame and sections, and leaving it logs nothing', async ({
  visitor,
}) => {
  test.setTimeout(120_000);
  await visitor.sawThePopup();
  for (const expected of expectedPages) {
    await visitor.open(expected.path);
    await visitor.waitForText({ role: 'heading', level: 1 }, expected.banner);
    expect(await visitor.title()).toBe(expected.title);
    await visitor.waitFor({ role: 'navigation', name: 'Main' });
    await visitor.waitFor({ role: 'contentinfo' });
    await visitor.readToTheEnd();
    await visitor.waitForEverySectionReady();
    // Live updates start once the page is idle: leaving after that closes a live socket.
    await visitor.waitUntilLive();
  }
});
