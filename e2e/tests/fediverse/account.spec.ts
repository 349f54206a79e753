// The composed site, as `npm start` serves it with nothing configured, is a fediverse account on its own host: a
// server finds it by WebFinger and reads the profile page's address as ActivityStreams, while a browser at the same
// address gets the page. Plain HTTP, no browser: following, posting and delivering are shell/server/fediverse's tests.
import { expect, test } from '@playwright/test';
import { owner } from '@site/shared-ui/owner';
import { siteUrl } from '../../support/site.ts';

const host = new URL(siteUrl).host;
const activityJson = 'application/activity+json';

test('is found by WebFinger as @<handle>@<the site host>, and says what it is in NodeInfo', async ({
  request,
}) => {
  const finger = await request.get(`/.well-known/webfinger?resource=acct:${owner.fediverseHandle}@${host}`);
  expect(finger.status()).toBe(200);
  const self = (await finger.json()).links.find((link: { rel: string }) => link.rel === 'self');
  expect(self).toEqual({
    rel: 'self',
    type: activityJson,
    href: `${siteUrl}/fediverse/users/${owner.fediverseHandle}`,
  });
  const unknown = await request.get(`/.well-known/webfinger?resource=acct:someone-else@${host}`);
  expect(unknown.status()).toBe(404);

  const links = await (await request.get('/.well-known/nodeinfo')).json();
  const nodeInfo = await (await request.get(links.links[0].href)).json();
  expect(nodeInfo.protocols).toEqual(['activitypub']);
  expect(nodeInfo.usage.users.total).toBe(1);
});

test('the profile page answers the actor to a server that asks for ActivityStreams, and the page to a browser', async ({
  request,
}) => {
  const asServer = await request.get('/about', {
    headers: { Accept: `${activityJson}, application/ld+json` },
  });
  expect(asServer.status()).toBe(200);
  expect(asServer.headers()['content-type']).toContain('application/activity+json');
  const actor = await asServer.json();
  expect(actor).toMatchObject({
    type: 'Person',
    id: `${siteUrl}/fediverse/users/${owner.fediverseHandle}`,
    preferredUsername: owner.fediverseHandle,
    name: owner.name,
    url: `${siteUrl}/about`,
  });
  expect(actor.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);

  const asBrowser = await request.get('/about', {
    headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  });
  expect(asBrowser.status()).toBe(200);
  expect(asBrowser.headers()['content-type']).toContain('text/html');
  expect(asBrowser.headers().vary).toMatch(/\bAccept\b/);
  await expect(asBrowser.text()).resolves.toContain('<h1');

  // Every page links the profile with rel="me": Mastodon shows the site's address on the profile as verified.
  await expect((await request.get('/')).text()).resolves.toContain(
    '<link rel="me" href="https://alexmorgan.dev/about"',
  );

  // A browser opening the actor's own address is sent to the profile page.
  const actorPage = await request.get(actor.id, { headers: { Accept: 'text/html' }, maxRedirects: 0 });
  expect(actorPage.status()).toBe(303);
  expect(actorPage.headers().location).toBe(`${siteUrl}/about`);
});

test('its inbox refuses what is not signed, and the followers collection names nobody', async ({
  request,
}) => {
  const inbox = `/fediverse/users/${owner.fediverseHandle}/inbox`;
  const unsigned = await request.post(inbox, {
    headers: { 'Content-Type': activityJson },
    data: JSON.stringify({
      type: 'Follow',
      actor: 'https://elsewhere.example/users/x',
      object: `${siteUrl}/x`,
    }),
  });
  expect(unsigned.status()).toBe(401);
  const followers = await request.get(`/fediverse/users/${owner.fediverseHandle}/followers`, {
    headers: { Accept: activityJson },
  });
  expect(followers.status()).toBe(200);
  const collection = await followers.json();
  expect(typeof collection.totalItems).toBe('number');
  expect(JSON.stringify(collection)).not.toContain('orderedItems":[{');
});
