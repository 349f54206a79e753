// The server loads every section's server build when it starts, in the background, so that the first visitors after
// a start find the sections' code ready and no first render waits for it (a cold load can take longer than a page's
// deadline, and the page's sections would be left to the browser: shell/src/server/renderer.tsx, warm()). Seen from
// the sections' hosts: the server asks for each section's build before anyone asks for a page, and the first visit
// of each page makes it fetch no code.
import { expect, test } from '../../support/test.ts';
import http from 'node:http';
import { sitePortsFor } from '../../../shell/server/serveSite.mjs';
import { expectedPages } from '../../support/pages.ts';
import { portOffset } from '../../support/site.ts';
import { expectEverySectionsCodeLoaded, startSecondSite, type SecondSite } from '../../support/secondSite.ts';

const siteOffset = 170;
const sections = ['portfolio', 'tutorials', 'courses', 'help'] as const;

interface Fetch {
  path: string;
  startedAt: number;
  answeredAt?: number;
}

/** Passes every request to a section's static server and records what was asked, and when it was answered. */
async function recordingHost(port: number, targetPort: number) {
  const fetches: Fetch[] = [];
  const server = http.createServer((request, response) => {
    const fetch: Fetch = { path: request.url ?? '', startedAt: Date.now() };
    fetches.push(fetch);
    response.on('close', () => (fetch.answeredAt = Date.now()));
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: targetPort,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    fetches,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The files of the section's server build the server fetched, but its manifest (read again every 2 s). */
function serverCode(fetches: Fetch[]) {
  return fetches.filter(
    (fetch) => fetch.path.startsWith('/server/') && !fetch.path.startsWith('/server/mf-manifest.json'),
  );
}

let site: SecondSite | undefined;
let hosts: Awaited<ReturnType<typeof recordingHost>>[] = [];

test.afterAll(async () => {
  await site?.close();
  await Promise.all(hosts.map((host) => host.close()));
});

test("the server loads every section's code at start, before any visitor, so no first visit waits for it", async ({
  request,
}) => {
  // The copy's start (its sections' files hashed for the pins) took 4-12 s on the shared machine.
  test.setTimeout(60_000);
  const ports = sitePortsFor(portOffset + siteOffset);
  // The section hosts as the server sees them (the free ports after the copy's own five).
  hosts = await Promise.all(
    sections.map((section, index) => recordingHost(3005 + portOffset + siteOffset + index, ports[section])),
  );
  site = await startSecondSite(siteOffset, {
    remotes: Object.fromEntries(
      sections.map((section, index) => [
        section,
        `http://localhost:${3005 + portOffset + siteOffset + index}/mf-manifest.json`,
      ]),
    ),
  });
  const byName = Object.fromEntries(sections.map((section, index) => [section, hosts[index]!.fetches]));

  // Nobody has asked for a page: the server fetches every section's server entry by itself.
  await expect
    .poll(
      () =>
        sections.filter((section) =>
          byName[section]!.some((fetch) => fetch.path === '/server/remoteEntry.js' && fetch.answeredAt),
        ),
      { message: 'the sections whose server entry was fetched before any visit', timeout: 10_000 },
    )
    .toEqual([...sections]);
  // And then the chunks of their modules, until the server says every section's code is in.
  await expectEverySectionsCodeLoaded(site!, 30_000);
  const loadedAtStart = Object.fromEntries(
    sections.map((section) => [section, serverCode(byName[section]!).map((fetch) => fetch.path)]),
  );
  for (const section of sections) {
    expect(loadedAtStart[section]!.length, `${section}: chunks besides the entry`).toBeGreaterThan(1);
  }

  // The first visit of each page is rendered on the server (not from a cache) and loads no code of any section. (Whether
  // each slot then made the page's 300 ms deadline depends on the backend's load too: pages.spec opens pages whole.)
  const fetchedBefore = Object.fromEntries(sections.map((section) => [section, byName[section]!.length]));
  for (const { path } of expectedPages) {
    const response = await request.get(`${site.url}${path}`);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['x-page-render'], `${path}: its first visit`).toBe('server');
  }
  const fetchedByVisits = Object.fromEntries(
    sections.map((section) => [
      section,
      serverCode(byName[section]!.slice(fetchedBefore[section])).map((fetch) => fetch.path),
    ]),
  );
  expect(fetchedByVisits, 'code of the sections fetched by the first visits').toEqual(
    Object.fromEntries(sections.map((section) => [section, []])),
  );
});
