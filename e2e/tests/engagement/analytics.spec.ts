// The analytics sink (spec §9): every event on the bus becomes a row of analytics_events with the event's values as
// payload and the page it happened on as route: userInApp at start, the frame's navbar clicks, a section's search.
// Rows leave in batches, the last ones when the page is hidden (keepalive), never through the loading bar, and hold
// nothing about the visitor beyond the event. The owner reads daily counts from analytics_events_per_day.
import { expect, test } from '../../support/test.ts';
import { LOCAL_PUBLISHABLE_KEY } from '@site/supabase-local/keys';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { forgetBrowserWrites, isAnalyticsWrite } from '../../support/anonymousWrites.ts';
import { ownerDatabase } from '../../support/database.ts';
import { backendUrl } from '../../support/site.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { waitForFrameLive } from '../../support/sections.ts';
import { analyticsRowsEventually, uniquePath, uniqueToken } from './engagementSite.ts';

test.use({ storageState: visitorWhoSawThePopup });
// The whole suite is one client to the backend: these tests need the client's full allowance of events.
test.beforeEach(() => forgetBrowserWrites('analyticsEvents'));

test('userInApp is stored once at start, with the page it started on and nothing else', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const path = uniquePath('e2e-analytics-start');
  await page.goto(path);
  const [row] = await analyticsRowsEventually({ name: 'userInApp', route: path });
  expect(row?.payload).toEqual({});
  // Only the event: no address, agent or identifier of the visitor.
  expect(Object.keys(row ?? {}).sort()).toEqual(['created_at', 'id', 'name', 'payload', 'route']);
  // The not-found page is answered with HTTP 404, which the browser logs; nothing else may be logged.
  expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
});

test("the frame's navbar click is stored with the route it leads to", async ({ page }) => {
  const path = uniquePath('e2e-analytics-navbar');
  await page.goto(path);
  // The analytics are the app's: a link clicked before the frame's code runs is followed by the browser, unrecorded.
  await waitForFrameLive(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'About', exact: true })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  const [row] = await analyticsRowsEventually({ name: 'userRoutes', route: path });
  expect(row?.payload).toEqual({ route: '/about' });
});

test("a section's event, a portfolio search, is stored with the term and how many projects it found", async ({
  page,
}) => {
  const term = uniqueToken('e2e-search');
  await page.goto('/portfolio');
  const search = page.getByRole('search');
  await search.getByRole('searchbox').fill(term);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect
    .poll(async () => {
      const { data, error } = await ownerDatabase()
        .from('analytics_events')
        .select('name, payload, route')
        .eq('name', 'userSearchForProject');
      if (error) throw new Error(error.message);
      return (data as { payload: { searchTerm?: string } }[]).filter(
        (row) => row.payload.searchTerm === term,
      );
    })
    .toEqual([
      { name: 'userSearchForProject', payload: { searchTerm: term, resultCount: 0 }, route: '/portfolio' },
    ]);
});

test('events leave in batches without the loading bar, and the last ones leave as the page is left', async ({
  page,
}) => {
  const path = uniquePath('e2e-analytics-batch');
  const batches: unknown[][] = [];
  page.on('request', (request) => {
    if (isAnalyticsWrite(request)) batches.push((request.postDataJSON() as { events: unknown[] }).events);
  });
  await page.goto(path);
  await analyticsRowsEventually({ name: 'userInApp', route: path });
  // From here on, every phase the loading bar goes through.
  await page.evaluate(() => {
    const phases: string[] = [];
    (window as unknown as { barPhases: string[] }).barPhases = phases;
    const bar = document.querySelector('[data-testid="loading-bar"]')!;
    new MutationObserver(() => phases.push(bar.getAttribute('data-phase') ?? '')).observe(bar, {
      attributes: true,
      attributeFilter: ['data-phase'],
    });
  });
  // Footer clicks are recorded on click; the test keeps the page where it is, so every event carries its address.
  await page.evaluate(() =>
    document
      .querySelectorAll('footer nav a')
      .forEach((link) => link.addEventListener('click', (event) => event.preventDefault())),
  );
  const footerLinks = page.getByRole('navigation', { name: 'Footer' }).getByRole('link');

  // One event: it leaves on the batch timer, a few seconds later, and the loading bar stays still.
  const sent = page.waitForResponse((response) => isAnalyticsWrite(response.request()));
  await footerLinks.nth(0).click();
  expect((await sent).status()).toBe(204);
  expect(batches.at(-1)).toEqual([
    { name: 'userRoutesFromFooter', payload: { route: '/about' }, route: path },
  ]);
  expect(await page.evaluate(() => (window as unknown as { barPhases: string[] }).barPhases)).toEqual([]);

  // Two more, and the visitor leaves before the timer: they still arrive, sent with keepalive on pagehide.
  await footerLinks.nth(1).click();
  await footerLinks.nth(2).click();
  await page.goto('about:blank');
  const rows = await analyticsRowsEventually({ name: 'userRoutesFromFooter', route: path }, 3);
  expect(rows.map((row) => row.payload.route).sort()).toEqual(['/about', '/portfolio', '/tutorials']);
});

test('the owner reads events per day and name from analytics_events_per_day; visitors cannot', async ({
  page,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const path = uniquePath('e2e-analytics-view');
  await page.goto(path);
  // This visit's own event, stored (it leaves on the batch timer, as in analyticsRowsEventually).
  await analyticsRowsEventually({ name: 'userInApp', route: path });

  // The view's count for today is the table's: other tests' visits may land meanwhile, so it is read between two
  // counts of the table itself (events are only ever added), and must lie between them.
  const tableCount = async () => {
    const { count, error } = await ownerDatabase()
      .from('analytics_events')
      .select('id', { count: 'exact', head: true })
      .eq('name', 'userInApp')
      .gte('created_at', `${today}T00:00:00Z`)
      .lt('created_at', `${tomorrow}T00:00:00Z`);
    if (error) throw new Error(error.message);
    return count ?? 0;
  };
  const viewCount = async () => {
    const { data, error } = await ownerDatabase()
      .from('analytics_events_per_day')
      .select('day, name, events')
      .eq('day', today)
      .eq('name', 'userInApp');
    if (error) throw new Error(error.message);
    return (data as { events: number }[])[0]?.events ?? 0;
  };
  const atLeast = await tableCount();
  const shown = await viewCount();
  const atMost = await tableCount();
  expect(atLeast, 'this visit is among the events').toBeGreaterThanOrEqual(1);
  expect(
    shown,
    `today's userInApp events in the view (the table held ${atLeast}-${atMost})`,
  ).toBeGreaterThanOrEqual(atLeast);
  expect(
    shown,
    `today's userInApp events in the view (the table held ${atLeast}-${atMost})`,
  ).toBeLessThanOrEqual(atMost);

  // PostgREST's answer to a role without the grant: 401 for anon, with PostgreSQL's insufficient_privilege.
  const asVisitor = await fetch(`${backendUrl}/rest/v1/analytics_events_per_day?select=*`, {
    headers: { apikey: LOCAL_PUBLISHABLE_KEY },
  });
  expect(asVisitor.status).toBe(401);
  expect(((await asVisitor.json()) as { code: string }).code).toBe('42501');
});

test('a visitor cannot write analytics_events directly, only through the analytics-events function', async () => {
  const route = uniquePath('e2e-analytics-direct');
  const direct = await fetch(`${backendUrl}/rest/v1/analytics_events`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify({ name: 'userInApp', payload: {}, route }),
  });
  // anon's insert grant is revoked: PostgREST refuses with 401 and insufficient_privilege, before any policy is
  // asked (a policy's refusal has the same code and status, but names the row-level security policy).
  expect(direct.status).toBe(401);
  expect(await direct.json()).toMatchObject({
    code: '42501',
    message: 'permission denied for table analytics_events',
  });
  const { data, error } = await ownerDatabase().from('analytics_events').select('id').eq('route', route);
  expect(error).toBeNull();
  expect(data).toEqual([]);
});
