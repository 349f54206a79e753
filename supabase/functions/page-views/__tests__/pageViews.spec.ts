// The page-views function under Node against the local stand-in as the database: a beacon and a no-JavaScript image
// each count a page, with its route, the referring host, the campaign and the device class; two browsers behind one
// address are two visitors; bots are not counted; nothing a visitor types becomes a label; the rate limits hold; and
// without a trusted client address nothing is counted.
import { keyedHash } from '../../_shared/clientAddress.ts';
import {
  projectVariables,
  restoreEnvAfterAll,
  localBackendForEachTest,
} from '../../_shared/__tests__/localBackend.ts';
import { rateLimits } from '../../_shared/rateLimits.ts';
import handler, {
  beaconPageView,
  deviceClass,
  imagePageView,
  pagePath,
  sourceHost,
  utmToken,
} from '../handler.ts';

restoreEnvAfterAll([...projectVariables, 'CLIENT_IP_HEADER']);

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ipad =
  'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('what a page view is made of', () => {
  it.each([
    ['/about', '/about'],
    ['/About/', '/about'],
    ['/courses?q=rust#top', '/courses'],
    ['/', '/'],
    ['about', null],
    ['/' + 'a'.repeat(300), null],
    [42, null],
  ])('the path %p is %p', (value, path) => expect(pagePath(value)).toBe(path));

  it.each([
    ['www.Google.com', 'google.com'],
    ['news.ycombinator.com.', 'news.ycombinator.com'],
    ['Account suspended, see evil.example', null],
    ['localhost', null],
    ['https://evil.example/x', null],
    ['-bad.example', null],
  ])('the referrer %p is the source %p', (value, source) => expect(sourceHost(value)).toBe(source));

  it.each([
    ['Newsletter', 'newsletter'],
    [' December 2026 ', 'december-2026'],
    ['see <b>evil.example</b>', null],
    ['x'.repeat(61), null],
  ])('the utm value %p is %p', (value, token) => expect(utmToken(value)).toBe(token));

  it('names the device class from the user agent', () => {
    expect([deviceClass(firefox), deviceClass(iphone), deviceClass(ipad), deviceClass('')]).toEqual([
      'desktop',
      'mobile',
      'tablet',
      'desktop',
    ]);
  });

  it("takes no source from the site's own pages, and the image's campaign from the page's address", () => {
    expect(
      beaconPageView({ path: '/about', referrer: 'alexmorgan.dev' }, 'alexmorgan.dev')?.source,
    ).toBeNull();
    expect(beaconPageView({ path: '/about', referrer: 'google.com' }, 'alexmorgan.dev')?.source).toBe(
      'google.com',
    );
    expect(beaconPageView({ referrer: 'google.com' }, null)).toBeNull();
    expect(
      imagePageView(
        new URL('http://backend/page-views?path=/courses'),
        'https://alexmorgan.dev/courses?utm_source=Mastodon&utm_campaign=launch',
      ),
    ).toEqual({
      path: '/courses',
      source: null,
      utmSource: 'mastodon',
      utmMedium: null,
      utmCampaign: 'launch',
    });
  });
});

describe('the page-views function', () => {
  const local = localBackendForEachTest();
  const { newClient } = local;

  /** What the page's beacon sends: text/plain, the key in the address. */
  const beacon = (body: unknown, client: string, userAgent = firefox, headers: Record<string, string> = {}) =>
    handler(
      new Request(`http://localhost/page-views?apikey=${encodeURIComponent(local.backend.publishableKey)}`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: 'https://alexmorgan.dev',
          'user-agent': userAgent,
          'x-forwarded-for': client,
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );

  interface ViewRow {
    path: string;
    source: string | null;
    utm_source: string | null;
    utm_campaign: string | null;
    device: string;
    visitor: string;
  }
  const viewsSince = (id: number) =>
    local.backend.readAsOwner<ViewRow & { id: number }>(`page_views?select=*&id=gt.${id}&order=id`);
  const lastId = async () =>
    (await local.backend.readAsOwner<{ id: number }>('page_views?select=id&order=id.desc&limit=1'))[0]?.id ??
    0;

  it('counts a beacon with its route, source, campaign and device', async () => {
    const before = await lastId();
    const response = await beacon(
      {
        path: '/courses',
        referrer: 'www.news.example',
        utm_source: 'Newsletter',
        utm_campaign: 'December',
      },
      newClient(),
      iphone,
    );
    expect(response.status).toBe(204);
    expect(await viewsSince(before)).toMatchObject([
      {
        path: '/courses',
        source: 'news.example',
        utm_source: 'newsletter',
        utm_campaign: 'december',
        device: 'mobile',
      },
    ]);
  });

  it('counts two browsers behind one address as two visitors, and one browser twice as one', async () => {
    const before = await lastId();
    const client = newClient();
    for (const userAgent of [firefox, firefox, iphone]) {
      expect((await beacon({ path: '/about' }, client, userAgent)).status).toBe(204);
    }
    const visitors = (await viewsSince(before)).map((view) => view.visitor);
    expect(visitors).toHaveLength(3);
    expect(new Set(visitors).size).toBe(2);
    expect(visitors[0]).toBe(visitors[1]);
  });

  it('counts a path that is no page as other, and takes no words of the visitor as a source', async () => {
    const before = await lastId();
    await beacon(
      { path: '/account-suspended-see-evil-example', referrer: 'Account suspended, see evil.example' },
      newClient(),
    );
    expect(await viewsSince(before)).toMatchObject([{ path: 'other', source: null }]);
  });

  it('counts a page read without JavaScript from its image, which gets a GIF', async () => {
    const before = await lastId();
    const response = await handler(
      new Request(
        `http://localhost/page-views?path=%2Fabout&apikey=${encodeURIComponent(local.backend.publishableKey)}`,
        {
          headers: {
            referer: 'https://alexmorgan.dev/about?utm_source=mastodon',
            'user-agent': firefox,
            'x-forwarded-for': newClient(),
          },
        },
      ),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await viewsSince(before)).toMatchObject([{ path: '/about', utm_source: 'mastodon' }]);
  });

  it('does not count a bot that says so', async () => {
    const before = await lastId();
    expect((await beacon({ path: '/' }, newClient(), googlebot)).status).toBe(204);
    expect(await viewsSince(before)).toEqual([]);
  });

  it('refuses what is not a page view, and a caller without the key', async () => {
    expect((await beacon('not json', newClient())).status).toBe(400);
    expect((await beacon({ path: 'about' }, newClient())).status).toBe(400);
    expect((await beacon('x'.repeat(3000), newClient())).status).toBe(413);
    const keyless = await handler(
      new Request('http://localhost/page-views', {
        method: 'POST',
        headers: { 'x-forwarded-for': newClient() },
        body: '{"path":"/"}',
      }),
    );
    expect(keyless.status).toBe(401);
  });

  it('takes each view from the rate limits, and counts nothing past them', async () => {
    const client = newClient();
    const { max } = rateLimits.pageViews.perClient;
    expect(
      await local.backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket: `pageViews:client:${await keyedHash(client, local.backend.secretKey)}`,
        weight: max,
      }),
    ).toBe(201);
    const before = await lastId();
    const refused = await beacon({ path: '/' }, client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(rateLimits.pageViews.perClient.windowSeconds));
    expect(await viewsSince(before)).toEqual([]);
  });

  it('counts nothing without a client address it can trust, and says why', async () => {
    delete process.env.CLIENT_IP_HEADER;
    const before = await lastId();
    expect((await beacon({ path: '/' }, newClient())).status).toBe(503);
    expect(await viewsSince(before)).toEqual([]);
  });
});
