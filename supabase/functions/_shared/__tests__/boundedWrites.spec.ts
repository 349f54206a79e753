// Everything a visitor can add to the database is bounded: the newsletter-subscribe and analytics-events functions
// under Node, against the local stand-in as the database, with their rate limits (rateLimits.ts), size caps and
// answers that reveal nothing about who is subscribed.
import analyticsEvents, { MAX_RESULT_COUNT } from '../../analytics-events/handler.ts';
import newsletterSubscribe from '../../newsletter-subscribe/handler.ts';
import { rateLimits } from '../rateLimits.ts';
import {
  BACKEND_START_TIMEOUT_MS,
  localServiceRoleKey,
  restoreEnvAfterAll,
  startLocalBackend,
  type LocalBackend,
} from './localBackend.ts';

const settingNames = ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'CLIENT_IP_HEADER'] as const;
restoreEnvAfterAll(settingNames);

let backend: LocalBackend;
let clientCount = 0;
/** A caller of its own for each test: the limits are per client. */
const newClient = () => `198.51.100.${(clientCount += 1)}`;

beforeAll(async () => {
  backend = await startLocalBackend();
}, BACKEND_START_TIMEOUT_MS);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(() => {
  process.env.SUPABASE_URL = backend.url;
  process.env.SUPABASE_SERVICE_ROLE_KEY = localServiceRoleKey;
  process.env.CLIENT_IP_HEADER = 'x-forwarded-for';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

function post(
  handler: (request: Request) => Promise<Response>,
  body: unknown,
  client: string,
  headers: Record<string, string> = {},
) {
  return handler(
    new Request('http://localhost/fn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

const stored = async (email: string) =>
  (await backend.readAsOwner<{ email: string }>(`emails?select=email&email=eq.${encodeURIComponent(email)}`))
    .length;

describe('newsletter-subscribe', () => {
  it('stores a new address, lower-cased, and answers a stored one exactly the same', async () => {
    const client = newClient();
    const email = `Reader.${Date.now()}@Example.com`;
    const first = await post(newsletterSubscribe, { email }, client);
    const again = await post(newsletterSubscribe, { email: email.toLowerCase() }, client);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(await stored(email.toLowerCase())).toBe(1);
  });

  it.each<[string, unknown, number]>([
    ['an invalid address', { email: 'ana@example' }, 400],
    ['no address', {}, 400],
    ['a body that is not JSON', '{"email": ', 400],
    ['a huge body', { email: 'a@b.co', padding: 'x'.repeat(5000) }, 413],
  ])('refuses %s', async (_case, body, status) => {
    expect((await post(newsletterSubscribe, body, newClient())).status).toBe(status);
  });

  it('takes 5 subscriptions an hour from a client, then 429 with Retry-After, and no more rows', async () => {
    const client = newClient();
    const stamp = Date.now();
    const statuses: number[] = [];
    for (let count = 1; count <= 7; count += 1) {
      statuses.push(
        (await post(newsletterSubscribe, { email: `flood${count}.${stamp}@example.com` }, client)).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const rows = await backend.readAsOwner<{ email: string }>(
      `emails?select=email&email=like.flood*.${stamp}*`,
    );
    expect(rows).toHaveLength(rateLimits.newsletterSubscribe.perClient.max);
    const refused = await post(newsletterSubscribe, { email: `late.${stamp}@example.com` }, client);
    expect(refused.headers.get('retry-after')).toBe('3600');
  });

  it('holds all clients together to 200 an hour', async () => {
    expect(
      await backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket: 'newsletterSubscribe:all-clients',
        weight: 200,
      }),
    ).toBe(201);
    try {
      const email = `anyone.${Date.now()}@example.com`;
      expect((await post(newsletterSubscribe, { email }, newClient())).status).toBe(429);
      expect(await stored(email)).toBe(0);
    } finally {
      await backend.writeAsOwner('DELETE', 'rate_limit_hits?bucket=eq.newsletterSubscribe:all-clients');
    }
  });
});

const countEvents = async (route: string) =>
  (
    await backend.readAsOwner<{ id: number }>(
      `analytics_events?select=id&route=eq.${encodeURIComponent(route)}`,
    )
  ).length;

const events = (route: string, count: number) => ({
  events: Array.from({ length: count }, (_, index) => ({
    name: 'userSearchForProject',
    payload: { searchTerm: `term ${index}`, resultCount: index },
    route,
  })),
});

describe('analytics-events', () => {
  it('stores a batch of the site events', async () => {
    const route = `/stored-${Date.now()}`;
    const response = await post(analyticsEvents, events(route, 3), newClient());
    expect(response.status).toBe(204);
    expect(await countEvents(route)).toBe(3);
  });

  it("stores a search's result count as a number, from none up to the bound", async () => {
    const route = `/counted-${Date.now()}`;
    const batch = {
      events: [0, MAX_RESULT_COUNT].map((resultCount) => ({
        name: 'userSearchForTutorial',
        payload: { searchTerm: 'cobol', resultCount },
        route,
      })),
    };
    expect((await post(analyticsEvents, batch, newClient())).status).toBe(204);
    const rows = await backend.readAsOwner<{ payload: unknown }>(
      `analytics_events?select=payload&route=eq.${encodeURIComponent(route)}&order=id`,
    );
    expect(rows.map((row) => row.payload)).toEqual([
      { searchTerm: 'cobol', resultCount: 0 },
      { searchTerm: 'cobol', resultCount: MAX_RESULT_COUNT },
    ]);
  });

  it.each<[string, unknown]>([
    ['more than 10 events at once', events('/x', 11)],
    ['no events', { events: [] }],
    [
      'an event with details over 512 bytes',
      { events: [{ name: 'userViewsCV', payload: { x: 'y'.repeat(600) } }] },
    ],
    ['details that are not an object', { events: [{ name: 'userViewsCV', payload: [1] }] }],
    ['a route over 512 characters', { events: [{ name: 'userViewsCV', route: `/${'r'.repeat(600)}` }] }],
    ['an event the site never sends', { events: [{ name: 'dropTables', route: '/unknown-event' }] }],
    ...(
      [
        ['a result count that is not a number', '3'],
        ['a negative result count', -1],
        ['a result count that is not whole', 1.5],
        ['a result count beyond any catalogue', MAX_RESULT_COUNT + 1],
      ] as const
    ).map(([label, resultCount]): [string, unknown] => [
      label,
      {
        events: [
          {
            name: 'userSearchForCourse',
            payload: { searchTerm: 'angular', resultCount },
            route: '/unknown-event',
          },
        ],
      },
    ]),
    [
      'a result count on an event that is no search',
      { events: [{ name: 'userViewsCV', payload: { resultCount: 1 }, route: '/unknown-event' }] },
    ],
  ])('refuses %s with 400 and stores nothing', async (_case, body) => {
    const before = await countEvents('/unknown-event');
    expect((await post(analyticsEvents, body, newClient())).status).toBe(400);
    expect(await countEvents('/unknown-event')).toBe(before);
  });

  it('takes 300 events an hour from a client (a batch counts as its events), then 429, and no more rows', async () => {
    const client = newClient();
    const route = `/flood-${Date.now()}`;
    const statuses = new Set<number>();
    for (let batch = 1; batch <= 30; batch += 1)
      statuses.add((await post(analyticsEvents, events(route, 10), client)).status);
    expect([...statuses]).toEqual([204]);
    const refused = await post(analyticsEvents, events(route, 1), client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(await countEvents(route)).toBe(rateLimits.analyticsEvents.perClient.max);
  });

  it('holds all clients together to 10,000 events an hour', async () => {
    const full = rateLimits.analyticsEvents.allClients.max;
    expect(
      await backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket: 'analyticsEvents:all-clients',
        weight: 1000,
      }),
    ).toBe(201);
    // The check allows at most 1000 units a hit row, so the bucket is filled in rows of 1000.
    for (let filled = 1000; filled < full; filled += 1000) {
      await backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket: 'analyticsEvents:all-clients',
        weight: 1000,
      });
    }
    try {
      const route = `/global-${Date.now()}`;
      expect((await post(analyticsEvents, events(route, 1), newClient())).status).toBe(429);
      expect(await countEvents(route)).toBe(0);
    } finally {
      await backend.writeAsOwner('DELETE', 'rate_limit_hits?bucket=eq.analyticsEvents:all-clients');
    }
  });
});
