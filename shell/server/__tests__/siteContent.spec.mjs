import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { cataloguePageSize } from '@site/shared-ui/searchAddress';
import { feedLength, siteContentReader } from '../siteContent.mjs';

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
    const content = siteContentReader({ url, publishableKey: 'sb_publishable_test' }, { timeoutMs: 500 });
    assert.deepEqual(await content(), {
      rows: {
        projects: [],
        featuredProjects: [],
        courses: [],
        testimonials: [],
        videos: [],
        feedVideos: [],
        newsletterIssues: [],
      },
      backendUrl: url,
    });
    assert.match(String(console.error.mock.calls[0].arguments[0]), /\[site content\] read failed/);
    // Asked again before the next read is due: still no rows, at once.
    assert.deepEqual((await content()).rows.courses, []);
  });

  it('reads a bounded number of rows, however large the catalogues: their first pages, the featured projects and the feeds', async () => {
    const asked = [];
    const backend = createHttpServer((request, response) => {
      asked.push(decodeURIComponent(request.url));
      response.setHeader('Content-Type', 'application/json');
      response.end('[]');
    });
    await new Promise((resolve) => backend.listen(0, '127.0.0.1', resolve));
    try {
      const content = siteContentReader({
        url: `http://127.0.0.1:${backend.address().port}`,
        publishableKey: 'sb_publishable_test',
      });
      await content();
      const firstPage = `select=*&order=created_at.desc,id.asc&limit=${cataloguePageSize}`;
      assert.deepEqual(asked.sort(), [
        `/rest/v1/courses?${firstPage}`,
        `/rest/v1/newsletter_issues?select=id,kind,subject,body_markdown,slug,queued_at,sent_at,updated_at&order=queued_at.desc&limit=${feedLength}`,
        '/rest/v1/projects?select=*&featured_rank=not.is.null&order=featured_rank.asc',
        `/rest/v1/projects?${firstPage}`,
        '/rest/v1/testimonials?select=updated_at&order=updated_at.desc&limit=1',
        '/rest/v1/videos?select=updated_at&order=updated_at.desc&limit=1',
        `/rest/v1/videos?select=video_id,title,description,thumbnail_url,published_at,updated_at&order=published_at.desc&limit=${feedLength}`,
      ]);
    } finally {
      backend.close();
    }
  });
});

describe('how fresh the kept rows are', () => {
  /**
   * Runs `check` with a reader (of these options) of a backend whose newsletter issues the test sets, that refuses
   * (503) or that stops answering; it counts the requests (seven a read) and the ones it holds unanswered. The
   * reader's clock (Date) is the test's: the rows age only as the test moves it (`t.mock.timers.tick`), so a busy
   * machine cannot age them between two calls.
   */
  async function withChangingBackend(t, options, check) {
    t.mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-12-01T12:00:00Z') });
    const state = { issues: [], requests: 0, held: 0, refuse: false, hang: false };
    const server = createHttpServer((request, response) => {
      state.requests += 1;
      if (state.hang) {
        state.held += 1;
        return;
      }
      if (state.refuse) return void response.writeHead(503).end();
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify(request.url.startsWith('/rest/v1/newsletter_issues') ? state.issues : []));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${server.address().port}`;
    const content = siteContentReader({ url, publishableKey: 'sb_publishable_test' }, options);
    const slugs = async () => (await content()).rows.newsletterIssues.map((issue) => issue.slug);
    try {
      await check({ state, content, slugs });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('gives the rows kept at once while they are fresh, and a burst of calls costs one read', (t) =>
    withChangingBackend(t, {}, async ({ state, slugs }) => {
      assert.deepEqual(await slugs(), []);
      state.issues = [{ slug: 'first' }];
      t.mock.timers.tick(4_999);
      assert.deepEqual(await Promise.all([slugs(), slugs(), slugs()]), [[], [], []]);
      assert.equal(state.requests, 7);
    }));

  it('after a quiet spell, waits for the new read rather than giving rows long out of date', (t) =>
    withChangingBackend(t, { freshForMs: 0, staleForMs: 50 }, async ({ state, slugs }) => {
      assert.deepEqual(await slugs(), []);
      state.issues = [{ slug: 'first' }];
      t.mock.timers.tick(50);
      // Before: the rows the previous visit left, while a read for the next visitor began.
      assert.deepEqual(await slugs(), ['first']);
    }));

  it('while they are young, gives the rows kept at once and reads again for later calls (stale-while-revalidate)', (t) =>
    withChangingBackend(t, { freshForMs: 0, staleForMs: 60_000 }, async ({ state, slugs }) => {
      assert.deepEqual(await slugs(), []);
      state.issues = [{ slug: 'first' }];
      t.mock.timers.tick(59_999);
      assert.deepEqual(await slugs(), []);
      // The read that call began comes in; until then, later calls get the rows kept as well.
      while ((await slugs()).length === 0) await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(await slugs(), ['first']);
    }));

  it('after refresh(), the next calls wait for a read begun then, though the rows kept are fresh', (t) =>
    withChangingBackend(t, {}, async ({ state, content, slugs }) => {
      assert.deepEqual(await slugs(), []);
      state.issues = [{ slug: 'first' }];
      content.refresh();
      assert.deepEqual(await slugs(), ['first']);
      assert.equal(state.requests, 14);
    }));

  // A reader that waited for the backend here would wait for its read's timeout: a minute, past this test's own.
  it('while the backend fails, gives the last rows read at once, however old', { timeout: 30_000 }, (t) => {
    t.mock.method(console, 'error', () => undefined);
    return withChangingBackend(
      t,
      { freshForMs: 0, staleForMs: 0, timeoutMs: 60_000 },
      async ({ state, slugs }) => {
        state.issues = [{ slug: 'first' }];
        assert.deepEqual(await slugs(), ['first']);
        state.refuse = true;
        // The first call after the backend began to fail waits for that read to fail.
        t.mock.timers.tick(60_000);
        assert.deepEqual(await slugs(), ['first']);
        // Then the rows come without a wait: the read that call began is held by the backend, unanswered, after it.
        state.hang = true;
        t.mock.timers.tick(60_000);
        assert.deepEqual(await slugs(), ['first']);
        while (state.held < 7) await new Promise((resolve) => setImmediate(resolve));
      },
    );
  });
});

describe('the site content reader’s key', () => {
  /** A backend that answers every table with no rows and keeps the headers it was sent. */
  async function recordingBackend() {
    const { createServer: createHttpServer } = await import('node:http');
    const seen = [];
    const server = createHttpServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${server.address().port}`, seen, close: () => server.close() };
  }

  it('sends a publishable key in apikey alone, and a legacy anon key (a JWT) as the bearer token too', async () => {
    const backend = await recordingBackend();
    try {
      await siteContentReader({ url: backend.url, publishableKey: 'sb_publishable_test' })();
      assert.equal(backend.seen[0].apikey, 'sb_publishable_test');
      assert.equal(backend.seen[0].authorization, undefined);
      backend.seen.length = 0;
      await siteContentReader({ url: backend.url, publishableKey: 'eyJ.legacy.anon' })();
      assert.equal(backend.seen[0].apikey, 'eyJ.legacy.anon');
      assert.equal(backend.seen[0].authorization, 'Bearer eyJ.legacy.anon');
    } finally {
      backend.close();
    }
  });
});
