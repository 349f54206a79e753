import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { siteContentReader } from '../siteContent.mjs';

/** A port nothing listens on: the backend is down. */
async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the site content reader', () => {
  it('gives no rows, rather than failing, while the backend does not answer', async (t) => {
    t.mock.method(console, 'error', () => undefined);
    const url = `http://127.0.0.1:${await closedPort()}`;
    const content = siteContentReader({ url, anonKey: 'anon' }, { timeoutMs: 500 });
    assert.deepEqual(await content(), {
      rows: { projects: [], courses: [], testimonials: [], videos: [], feedVideos: [], newsletterIssues: [] },
      backendUrl: url,
    });
    assert.match(String(console.error.mock.calls[0].arguments[0]), /\[site content\] read failed/);
    // Asked again before the next read is due: still no rows, at once.
    assert.deepEqual((await content()).rows.courses, []);
  });
});
