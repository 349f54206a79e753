// Everything a visitor can add to the database is bounded: the newsletter-subscribe and analytics-events functions
// under Node, against the local stand-in as the database, with their rate limits (rateLimits.ts), size caps and
// answers that reveal nothing about who is subscribed.
import analyticsEvents, { MAX_RESULT_COUNT } from '../../analytics-events/handler.ts';
import newsletterSubscribe from '../../newsletter-subscribe/handler.ts';
import { keyedHash } from '../clientAddress.ts';
import { rateLimits } from '../rateLimits.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN } from '../recaptchaRules.ts';
import { projectVariables, restoreEnvAfterAll, localBackendForEachTest } from './localBackend.ts';

const settingNames = [
  ...projectVariables,
  'CLIENT_IP_HEADER',
  'RECAPTCHA_SECRET',
  'RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN',
] as const;
restoreEnvAfterAll(settingNames);

const local = localBackendForEachTest();
const { newClient } = local;

beforeEach(() => {
  // As under the stand-in: no reCAPTCHA secret, the development token accepted (verifyRecaptcha.spec.ts has Google's).
  delete process.env.RECAPTCHA_SECRET;
  process.env.RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN = 'true';
});

function post(
  handler: (request: Request) => Promise<Response>,
  body: unknown,
  client: string,
  headers: Record<string, string> = {},
) {
  return handler(
    new Request('http://localhost/fn', {
      method: 'POST',
      headers: {
        apikey: local.backend.publishableKey,
        'content-type': 'application/json',
        'x-forwarded-for': client,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

const stored = async (email: string) =>
  (
    await local.backend.readAsOwner<{ email: string }>(
      `emails?select=email&email=eq.${encodeURIComponent(email)}`,
    )
  ).length;

/** What the newsletter forms send: the address and the page's captcha token. */
const subscription = (email: string, recaptcha: string = DEVELOPMENT_RECAPTCHA_TOKEN) => ({
  email,
  recaptcha,
});
const { newsletterSubscribe: subscriptions, newsletterSubscribeAttempt: attempts } = rateLimits;

describe('newsletter-subscribe', () => {
  it('stores a new address, lower-cased, and answers a stored one exactly the same', async () => {
    const client = newClient();
    const email = `Reader.${Date.now()}@Example.com`;
    const first = await post(newsletterSubscribe, subscription(email), client);
    const again = await post(newsletterSubscribe, subscription(email.toLowerCase()), client);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(await stored(email.toLowerCase())).toBe(1);
  });

  it.each<[string, unknown, number, string | undefined]>([
    ['an invalid address', subscription('ana@example'), 400, 'invalid_email'],
    ['no address', { recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN }, 400, 'invalid_email'],
    ['no captcha token', { email: 'a@b.co' }, 400, 'invalid_recaptcha'],
    ['a token far too long to be one', subscription('a@b.co', 'x'.repeat(5000)), 400, 'invalid_recaptcha'],
    ['a body that is not JSON', '{"email": ', 400, 'invalid_json'],
    ['a huge body', { ...subscription('a@b.co'), padding: 'x'.repeat(9000) }, 413, 'too_large'],
  ])('refuses %s', async (_case, body, status, error) => {
    const response = await post(newsletterSubscribe, body, newClient());
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ success: false, error });
  });

  it('refuses a token the captcha does not pass with 403, and stores nothing', async () => {
    const email = `robot.${Date.now()}@example.com`;
    const response = await post(
      newsletterSubscribe,
      subscription(email, 'a-token-from-a-script'),
      newClient(),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      success: false,
      error: 'recaptcha_rejected',
      message: 'We could not confirm that you are a person. Please try again.',
    });
    expect(await stored(email)).toBe(0);
  });

  it('fails closed without a reCAPTCHA secret where the development token is not enabled', async () => {
    delete process.env.RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN;
    const email = `unchecked.${Date.now()}@example.com`;
    const response = await post(newsletterSubscribe, subscription(email), newClient());
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'not_configured' });
    expect(await stored(email)).toBe(0);
  });

  it(`takes ${subscriptions.perClient.max} subscriptions an hour from a client, then 429 with Retry-After, and no more rows`, async () => {
    const client = newClient();
    const stamp = Date.now();
    const statuses: number[] = [];
    for (let count = 1; count <= subscriptions.perClient.max + 2; count += 1) {
      statuses.push(
        (await post(newsletterSubscribe, subscription(`flood${count}.${stamp}@example.com`), client)).status,
      );
    }
    expect(statuses).toEqual([...Array(subscriptions.perClient.max).fill(200), 429, 429]);
    const rows = await local.backend.readAsOwner<{ email: string }>(
      `emails?select=email&email=like.flood*.${stamp}*`,
    );
    expect(rows).toHaveLength(subscriptions.perClient.max);
    const refused = await post(newsletterSubscribe, subscription(`late.${stamp}@example.com`), client);
    expect(refused.headers.get('retry-after')).toBe(String(subscriptions.perClient.windowSeconds));
  });

  it(`holds an IPv6 /48 to ${subscriptions.perNetwork.max} an hour, spread over as many /64s as it likes`, async () => {
    const stamp = Date.now();
    const network = `2001:db8:${(stamp % 0xffff).toString(16)}`;
    // All but one of the network's subscriptions, as if made from other /64s of it.
    const bucket = `newsletterSubscribe:network:${await keyedHash(`${network}::/48`, local.backend.secretKey)}`;
    expect(
      await local.backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket,
        weight: subscriptions.perNetwork.max - 1,
      }),
    ).toBe(201);
    const from = (count: number) =>
      post(
        newsletterSubscribe,
        subscription(`spread${count}.${stamp}@example.com`),
        `${network}:${count}::1`,
      );
    expect((await from(1)).status).toBe(200);
    expect((await from(2)).status).toBe(429);
    expect(await stored(`spread2.${stamp}@example.com`)).toBe(0);
  });

  it(`counts attempts before Google is asked: ${attempts.perClient.max} an hour from a client, whatever the token`, async () => {
    const client = newClient();
    for (let count = 1; count <= attempts.perClient.max; count += 1) {
      expect(
        (await post(newsletterSubscribe, subscription(`a${count}@example.com`, 'junk'), client)).status,
      ).toBe(403);
    }
    expect((await post(newsletterSubscribe, subscription('a@example.com'), client)).status).toBe(429);
  });

  it(`holds all clients together to ${subscriptions.allClients.max} an hour`, async () => {
    expect(
      await local.backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket: 'newsletterSubscribe:all-clients',
        weight: subscriptions.allClients.max,
      }),
    ).toBe(201);
    try {
      const email = `anyone.${Date.now()}@example.com`;
      expect((await post(newsletterSubscribe, subscription(email), newClient())).status).toBe(429);
      expect(await stored(email)).toBe(0);
    } finally {
      await local.backend.writeAsOwner('DELETE', 'rate_limit_hits?bucket=eq.newsletterSubscribe:all-clients');
    }
  });
});

const countEvents = async (route: string) =>
  (
    await local.backend.readAsOwner<{ id: number }>(
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
    const rows = await local.backend.readAsOwner<{ payload: unknown }>(
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

  it('holds all clients together to the shared hourly ceiling', async () => {
    const full = rateLimits.analyticsEvents.allClients.max;
    expect(
      await local.backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket: 'analyticsEvents:all-clients',
        weight: 1000,
      }),
    ).toBe(201);
    // The check allows at most 1000 units a hit row, so the bucket is filled in rows of 1000.
    for (let filled = 1000; filled < full; filled += 1000) {
      await local.backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket: 'analyticsEvents:all-clients',
        weight: 1000,
      });
    }
    try {
      const route = `/global-${Date.now()}`;
      expect((await post(analyticsEvents, events(route, 1), newClient())).status).toBe(429);
      expect(await countEvents(route)).toBe(0);
    } finally {
      await local.backend.writeAsOwner('DELETE', 'rate_limit_hits?bucket=eq.analyticsEvents:all-clients');
    }
  });
});
