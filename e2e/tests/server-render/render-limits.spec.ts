// A client that floods the server with addresses it has not kept (searches: as many as anyone can type) is slowed
// before the server is (shell/server/renderLimits.mjs): past its allowance its requests for new addresses are answered
// 429 with when to come back, while another client's new search is rendered and every kept page is served to both;
// and renders in flight are bounded: past those running and waiting, a visitor gets the page's prerendered file at
// once. Plain HTTP, no browser, on a copy of the site whose clients are told apart by the header a trusted proxy sets
// (SITE_CLIENT_IP_HEADER), with small limits so that the bounds are exact, and a backend behind a fault proxy so that
// renders can be held in flight.
import { expect, test } from '../../support/test.ts';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { ports } from '../../support/site.ts';

const siteOffset = 230;
/** A client may cause this many renders, and almost none after (one more every 1000 s). */
const burst = 5;
const limits = { inFlight: 2, waiting: 1, perClient: { burst, perSecond: 0.001 }, clients: 100 };
/** Renders that may be under way at once: running and waiting. */
const bound = limits.inFlight + limits.waiting;

let backend: FaultProxy | undefined;
let site: SecondSite | undefined;

test.describe.configure({ mode: 'serial' });
// A safety net: a copy of the site warms up and renders each page whole first, slowly on a loaded machine.
test.setTimeout(120_000);

test.beforeAll(async () => {
  backend = await startFaultProxy(ports.backend + siteOffset, ports.backend);
  site = await startSecondSite(siteOffset, {
    backendPort: backend.port,
    clientAddress: { header: 'x-forwarded-for' },
    renderLimits: limits,
    // A render held by the frozen backend stays in flight until it is released, not until a slot's deadline.
    slotDeadlineMs: 60_000,
  });
});

test.afterAll(async () => {
  await site?.close();
  await backend?.close();
});

/** A GET as a client behind the site's proxy (the proxy appends the address it saw). */
function get(path: string, client: string) {
  return fetch(`${site!.url}${path}`, { headers: { 'X-Forwarded-For': `10.9.8.7, ${client}` } });
}

/** The page rendered and kept, as its first visitors get it once the server has warmed up. */
async function kept(path: string, client: string) {
  await expect
    .poll(async () => (await get(path, client)).headers.get('x-page-render'), { timeout: 60_000 })
    .toBe('cache-fresh');
}

test('one client’s flood of new searches is refused past its allowance; another client’s search is rendered', async () => {
  await kept('/courses', '192.0.2.1');
  const flooder = '203.0.113.50';
  // One after another, so that the renders in flight never come into it.
  const answers: Response[] = [];
  for (let index = 0; index < burst + 10; index += 1)
    answers.push(await get(`/courses?q=flood${index}`, flooder));
  const rendered = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(rendered.length + refused.length).toBe(answers.length);
  // Exactly its allowance is rendered: the first ones.
  expect(rendered).toEqual(answers.slice(0, burst));
  for (const answer of rendered) expect(answer.headers.get('x-page-render')).toMatch(/^server/);
  for (const answer of refused) {
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).toMatch(
      /^Too many new pages asked for at once\. Please try again in \d+ seconds?\.$/,
    );
  }
  // Still refused, however it spells the next one; but what is kept costs nothing and is served to it.
  expect((await get('/courses?q=yet+another', flooder)).status).toBe(429);
  const keptPage = await get('/courses', flooder);
  expect(keptPage.status).toBe(200);
  expect(keptPage.headers.get('x-page-render')).toMatch(/^cache-/);
  const again = await get('/courses?q=flood0', flooder);
  expect(again.status).toBe(200);
  expect(again.headers.get('x-page-render')).toMatch(/^cache-/);

  // Another client is served as if nothing happened: its new search is rendered, with its results.
  const other = await get('/courses?q=angular', '198.51.100.20');
  expect(other.status).toBe(200);
  expect(other.headers.get('x-page-render')).toBe('server');
  expect(await other.text()).toContain('data-section="courses/CoursesPage" data-rendered="server"');
});

test('renders in flight are bounded: past those running and waiting, a visitor gets the prerendered page at once', async () => {
  await kept('/courses', '192.0.2.2');
  // The backend holds every read from now on: each new search's render stays in flight (until its read's deadline).
  backend!.set({ kind: 'freeze' });
  let answers: Response[];
  try {
    let settled = 0;
    const requests = Array.from({ length: 6 }, (_, index) =>
      get(`/courses?q=held${index}`, `198.51.100.${100 + index}`).finally(() => (settled += 1)),
    );
    // At most two run and one waits (fewer, were a refresh of a kept page running); the others are answered at once.
    await expect.poll(() => settled, { timeout: 30_000 }).toBeGreaterThanOrEqual(requests.length - bound);
    backend!.set({ kind: 'pass' });
    answers = await Promise.all(requests);
  } finally {
    backend!.set({ kind: 'pass' });
  }
  const rendered = answers.filter((answer) => answer.headers.get('x-page-render') === 'server');
  const prerendered = answers.filter((answer) => answer.headers.get('x-page-render') === null);
  expect(rendered.length + prerendered.length).toBe(answers.length);
  expect(rendered.length).toBeGreaterThanOrEqual(1);
  expect(rendered.length).toBeLessThanOrEqual(bound);
  for (const answer of answers) expect(answer.status).toBe(200);
  for (const answer of prerendered) {
    const html = await answer.text();
    // The prerendered page: its frame, and its slot left to the browser, which renders the search from the address.
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('data-rendered="server"');
  }
});
