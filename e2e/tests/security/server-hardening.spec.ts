// The site's server where it meets data, addresses, section code and clients it does not control, as npm start
// serves it: a row's text is put into the page as it is, whatever `$` patterns it holds; a page has one address.
import { expect, test } from '../../support/test.ts';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promoteRelease, uploadRelease } from '../../../tools/deploy/releases.mjs';
import { runtimeConfigFor, sitePortsFor } from '../../../shell/server/serveSite.mjs';
import { startBackend } from '../../../scripts/backend.mjs';
import { LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { ownerDatabase } from '../../support/database.ts';
import { deadlines } from '../../support/deadlines.ts';
import { repoRoot } from '../../support/helpBuild.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { portOffset, ports, siteUrl } from '../../support/site.ts';

test.setTimeout(90_000);
// One second site at a time (offset 160): the tests run one after the other.
test.describe.configure({ mode: 'serial' });

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
    // Each read's answer: a table's rows, or a page of the catalogue with its rows (search_catalogue).
    const rows = Object.values((pageData(html) as { data: Record<string, unknown> }).data).flatMap(
      (answer) => (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows),
    ) as { id?: string; description?: string }[];
    expect(rows.find((row) => row?.id === course!.id)?.description).toBe(text);

    // And the browser hydrates it: the text shows as it is.
    await page.goto('/courses');
    await expect(page.getByText(text)).toBeVisible();
  });
});

/** A GET sent exactly as written (a browser or Playwright would normalise the path first). */
function rawGet(
  port: number,
  target: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path: target }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Twenty ways to ask for /help/terms-of-service that are not its one spelling. */
const spellings = [
  '/help/terms-of-service/',
  '/help/terms-of-service//',
  '//help/terms-of-service',
  '/help//terms-of-service',
  '///help///terms-of-service///',
  '/HELP/TERMS-OF-SERVICE',
  '/Help/Terms-Of-Service/',
  '/help/terms-of-service/index.html',
  '/help/terms-of-service/INDEX.html/',
  '/help/terms-of-service/.',
  '/help/./terms-of-service',
  '/help/x/../terms-of-service',
  '/help/terms-of-servic%65',
  '/%68elp/terms-of-service/',
  '/help%2Fterms-of-service',
  '/help/terms-of-service/?utm_source=mail',
  '//help/terms-of-service?ref=a',
  '/a/b/../../help/terms-of-service',
  '/help/TERMS-of-service//.',
  '/help/terms-of-service%2F',
];

test.describe('a page has one address', () => {
  test('20 other spellings of a page answer 301 to it and cost one render at most; unknown paths are 404', async () => {
    expect(new Set(spellings).size).toBe(20);
    const renders: string[] = [];
    for (const spelling of spellings) {
      const answer = await rawGet(ports.shell, spelling);
      expect(answer.status, spelling).toBe(301);
      expect(answer.headers['x-page-render'], spelling).toBeUndefined();
      const query = spelling.indexOf('?');
      const location = String(answer.headers.location);
      expect(location, spelling).toBe(`/help/terms-of-service${query < 0 ? '' : spelling.slice(query)}`);
      // Where the redirect leads: the page, rendered once and then from the cache.
      const page = await rawGet(ports.shell, location);
      expect(page.status, location).toBe(200);
      expect(page.body).toContain('<div id="root">');
      renders.push(String(page.headers['x-page-render']));
    }
    expect(renders.filter((render) => render === 'server').length).toBeLessThanOrEqual(1);
    expect(renders.every((render) => /^(server|server-shared|cache-fresh|cache-stale)$/.test(render))).toBe(
      true,
    );

    for (const unknown of ['/help/terms-of-services', '/help/terms-of-service/x', '/HELP/nowhere/']) {
      const answer = await rawGet(ports.shell, unknown);
      expect(answer.status, unknown).toBe(404);
      expect(answer.headers['x-page-render'], unknown).toBeUndefined();
    }
  });
});

/** The help slot's element as the server sent it. */
function helpSlotTag(html: string): string {
  const tag = /<[^>]*data-section="help\/HelpRoutes"[^>]*>/.exec(html)?.[0];
  expect(tag, 'the page has the help slot').toBeDefined();
  return tag!;
}

test.describe("a section's server code", () => {
  const siteOffset = 160;
  const publicUrl = `http://localhost:${sitePortsFor(portOffset + siteOffset).help}/`;
  let site: SecondSite | undefined;
  let host = '';
  let nextBuild = '';

  test.afterAll(async () => {
    await site?.close();
    for (const folder of [host, nextBuild]) if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('runs only if every byte matches what promote pinned; a promoted redeploy is picked up without a restart', async ({
    request,
  }) => {
    test.setTimeout(120_000);
    // A static host whose live remotes.json points help at a promoted version (section-pins.json beside it).
    host = mkdtempSync(path.join(os.tmpdir(), 'pinned-host-'));
    const { remotes } = runtimeConfigFor({
      ...sitePortsFor(portOffset + siteOffset),
      backend: ports.backend,
    });
    writeFileSync(path.join(host, 'remotes.json'), JSON.stringify(remotes));
    const live = await uploadRelease({
      app: 'help',
      distDir: path.join(repoRoot, 'mfe-help/dist'),
      root: host,
    });
    await promoteRelease({ app: 'help', version: live.version, root: host, publicUrl });

    // Whoever can write the host's folder changes one byte of a served server chunk: a text of the privacy policy.
    const serverDir = path.join(host, 'help', live.version, 'server');
    const chunk = readdirSync(serverDir).find((file) => file.startsWith('__federation_expose_HelpRoutes'))!;
    const code = readFileSync(path.join(serverDir, chunk), 'utf8');
    expect(code).toContain('"What this site stores"');
    writeFileSync(
      path.join(serverDir, chunk),
      code.replace('"What this site stores"', '"What this site storez"'),
    );

    site = await startSecondSite(siteOffset, {
      sectionRoots: { help: host },
      remotesFile: path.join(host, 'remotes.json'),
    });
    const policy = `${site.url}/help/privacy-policy`;

    // The altered code never runs: the slot is left to the browser, and the log says why. The server loads a section's
    // server build when it starts and when a page needs it: a visitor asks for the page while the log has no reason yet
    // (on a busy machine the start's own load can take longer than the wait).
    await expect
      .poll(
        async () => {
          const line = site!.log.find((each) => each.includes('help: server build refused'));
          if (!line) await request.get(policy);
          return line;
        },
        { timeout: 20_000 },
      )
      .toContain(`${chunk} does not match the hash promote pinned`);
    const refused = await (await request.get(policy)).text();
    expect(refused).not.toContain('What this site storez');
    expect(helpSlotTag(refused)).not.toContain('data-rendered="server"');

    // The help team's next version is uploaded and promoted: the server runs it, with no restart.
    nextBuild = mkdtempSync(path.join(os.tmpdir(), 'help-next-'));
    cpSync(path.join(repoRoot, 'mfe-help/dist'), nextBuild, { recursive: true });
    writeFileSync(path.join(nextBuild, 'release-note.txt'), `next ${Date.now()}`);
    const next = await uploadRelease({ app: 'help', distDir: nextBuild, root: host });
    expect(next.version).not.toBe(live.version);
    await promoteRelease({ app: 'help', version: next.version, root: host, publicUrl });
    let html = '';
    await expect
      .poll(
        async () => {
          html = await (await request.get(policy)).text();
          return helpSlotTag(html);
        },
        { timeout: 20_000 },
      )
      .toContain('data-rendered="server"');
    expect(html).toContain('What this site stores');
    expect(html).not.toContain('What this site storez');
  });
});

/** Sends a request over a raw socket and shuts down the client's side at once (socket.end()); the answer's first line. */
function halfClosedGet(port: number, target: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
      socket.end();
    });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer.split('\r\n')[0] || '(closed with no answer)'));
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

test.describe('clients the server does not control', () => {
  test('a client that half-closes after its request gets its answer, from the site and from a section', async () => {
    expect(await halfClosedGet(ports.shell, '/about')).toBe('HTTP/1.1 200 OK');
    expect(await halfClosedGet(ports.shell, '/site-config.json')).toBe('HTTP/1.1 200 OK');
    expect(await halfClosedGet(ports.courses, '/mf-manifest.json')).toBe('HTTP/1.1 200 OK');
    expect(await halfClosedGet(ports.help, '/remoteEntry.js')).toBe('HTTP/1.1 200 OK');
  });

  test.describe('a visitor who stops reading', () => {
    const siteOffset = 160;
    const backendPort = ports.backend + siteOffset;
    let backend: { url: string; stop: () => Promise<void> } | undefined;
    let site: SecondSite | undefined;
    test.afterAll(async () => {
      await site?.close();
      await backend?.stop();
    });

    test('does not delay the next visitor: the render fills the cache whatever its first reader does', async ({
      request,
    }) => {
      test.setTimeout(120_000);
      // A backend of its own with 1000 more testimonials, each with its longest text and picture address (1000 and
      // 2048 characters): /courses shows every testimonial (as many as a read returns: 1000; its courses come a page
      // at a time), so it is ~6 MB, more than a socket's buffers hold for a reader who reads nothing (on loopback they
      // take a few MB).
      backend = await startBackend({ port: backendPort, fresh: true, quiet: true });
      const marker = `slow-reader ${Date.now()}`;
      const rows = 1000;
      for (let batch = 0; batch < rows / 200; batch += 1) {
        const inserted = await fetch(`${backend.url}/rest/v1/testimonials`, {
          method: 'POST',
          headers: {
            apikey: LOCAL_SECRET_KEY,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(
            Array.from({ length: 200 }, (_, row) => ({
              person_name: 'Slow Reader',
              person_image: `https://example.com/${String(batch * 200 + row).padEnd(2020, 'p')}.webp`,
              platform: 'UDEMY',
              testimonial: `${marker} ${batch * 200 + row} `.padEnd(1000, 'long testimonial '),
            })),
          ),
        });
        expect(inserted.status).toBe(201);
      }
      // Reading 6 MB of testimonials takes past the 300 ms a page waits for a section when both cores are busy: this
      // test is about sockets, so its site waits for them.
      site = await startSecondSite(siteOffset, {
        backendPort,
        slotDeadlineMs: deadlines.serverBackgroundSlotMs,
      });
      const shellPort = Number(new URL(site.url).port);
      // The courses section is loaded (the home page shows its teaser rendered), /courses not rendered yet.
      await expect
        .poll(
          async () =>
            (await (await request.get(`${site!.url}/`)).text()).match(/data-rendered="server"/g)?.length ?? 0,
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThanOrEqual(4);

      // The first visitor asks for /courses, takes the first bytes of its answer, and reads nothing more.
      const stalled = connect(shellPort, '127.0.0.1');
      stalled.on('error', () => undefined);
      const answerBegan = new Promise((resolve) => stalled.once('data', resolve));
      stalled.write(`GET /courses HTTP/1.1\r\nHost: localhost:${shellPort}\r\n\r\n`);
      try {
        await answerBegan;
        stalled.pause();
        // The next visitor is answered while the first one still reads nothing: a render held by its first reader
        // would never answer it (the request's timeout is the safety net). On a connection of its own: the polls'
        // kept-alive one may be closing as the server's keep-alive timeout ends, under the request (run H: ECONNRESET).
        const next = await fetch(`${site.url}/courses`, { signal: AbortSignal.timeout(60_000) });
        expect(stalled.destroyed, 'the first visitor is still there, reading nothing').toBe(false);
        const html = await next.text();
        expect(html.length).toBeGreaterThan(5_000_000);
        // Deep into the list (a read returns 1000 rows: the seeded testimonials first, then these).
        expect(html).toContain(`${marker} 900 `);
        expect(['cache-fresh', 'server-shared']).toContain(next.headers.get('x-page-render'));
      } finally {
        stalled.destroy();
      }
    });
  });
});
