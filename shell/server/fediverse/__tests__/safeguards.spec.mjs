// What the account refuses and drops: remote servers on private addresses (in production), activities over the size
// bound or past the rate limits (per address before the signature is checked, per server after), and followers whose
// server is gone (410) or keeps failing (its circuit held past its time). A browser opening the account's addresses is
// sent to the pages for people. One backend for the file; one account at a time.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startRemoteFollower } from './support/remoteFollower.mjs';
import { dataApi, eventually, freePort, startAccount, startFreshBackend } from './support/testbed.mjs';

/**
 * Safety nets, sized for a machine half as fast as ours under load (a fresh backend takes up to a minute to start
 * there, an account's process half of that): each waits for a state, never for a time.
 */
const startingBackend = { timeout: 300_000 };
const eachTest = { timeout: 240_000 };

const fast = { queue: { leaseSeconds: 4, pollIntervalMs: 300 }, pollIntervalMs: 300 };

let backend;
let api;
/** The account with its production settings, and its follower, for the tests that need nothing else. */
let shared;

before(async () => {
  backend = await startFreshBackend();
  api = dataApi(backend.url);
}, startingBackend);
/** Stops the shared account: two accounts on one backend share its queue, and each works on the other's messages. */
async function closeShared() {
  const closing = shared;
  shared = undefined;
  await closing?.then(async ({ account, follower }) => {
    await account.stop();
    await follower.close();
  });
}
after(async () => {
  await closeShared();
  await backend?.stop();
}, startingBackend);

/** @returns {ReturnType<typeof accountAndFollower>} */
const everyday = () => (shared ??= accountAndFollower(undefined));

/** An account and a follower, gone after the test `t` (none: after the file). */
async function accountAndFollower(t, options = {}) {
  const port = await freePort();
  const account = await startAccount({ port, backendUrl: backend.url, ...fast, ...options });
  const follower = await startRemoteFollower({ name: `f${port}` });
  t?.after(async () => {
    await account.stop();
    await follower.close();
  });
  const { actor } = await follower.lookUp(`alex@localhost:${port}`, account.origin);
  return { account, follower, actor };
}

const followers = () => api.select('fediverse_followers?select=actor_id,server');

describe('what the account refuses', { concurrency: false }, () => {
  // First in the file: every account here sees the same client address (127.0.0.1) and counts it in one bucket.
  it(
    'counts what one address sends, signed or not, and what one server sends once its signature is good',
    eachTest,
    async (t) => {
      const limits = {
        maxBytes: 256 * 1024,
        perClient: { max: 4, windowSeconds: 600 },
        perServer: { max: 2, windowSeconds: 600 },
        allClients: { max: 1000, windowSeconds: 600 },
      };
      await closeShared();
      const { follower, actor } = await accountAndFollower(t, { limits });
      const like = (n) => ({
        id: `${follower.actorId}#likes/${n}`,
        type: 'Like',
        actor: follower.actorId,
        object: actor.id,
      });
      // Signed: the server's two, then its third refused.
      assert.equal((await follower.send(actor.inbox, like(1))).status, 202);
      assert.equal((await follower.send(actor.inbox, like(2))).status, 202);
      const third = await follower.send(actor.inbox, like(3));
      assert.equal(third.status, 429);
      assert.equal(third.headers.get('retry-after'), '600');
      // The address's fourth (unsigned) is taken and refused for its signature; the fifth is refused for the address.
      assert.equal((await follower.send(actor.inbox, like(4), { unsigned: true })).status, 401);
      assert.equal((await follower.send(actor.inbox, like(5), { unsigned: true })).status, 429);
    },
  );

  it(
    'behind a proxy, counts the address the proxy appended, never one the sender wrote before it',
    eachTest,
    async (t) => {
      const limits = {
        maxBytes: 256 * 1024,
        perClient: { max: 2, windowSeconds: 600 },
        perServer: { max: 100, windowSeconds: 600 },
        allClients: { max: 1000, windowSeconds: 600 },
      };
      await closeShared();
      const { follower, actor } = await accountAndFollower(t, {
        limits,
        clientAddress: { header: 'x-forwarded-for' },
      });
      // One sender, who writes a new address of its own before the one the proxy appends, on every request.
      const send = (n) =>
        follower.send(
          actor.inbox,
          {
            id: `${follower.actorId}#likes/proxy-${n}`,
            type: 'Like',
            actor: follower.actorId,
            object: actor.id,
          },
          { unsigned: true, headers: { 'X-Forwarded-For': `198.51.100.${n}, 203.0.113.9` } },
        );
      assert.equal((await send(1)).status, 401);
      assert.equal((await send(2)).status, 401);
      assert.equal((await send(3)).status, 429);
    },
  );

  it(
    'in production, never fetches a remote account on a private address: its Follow is refused',
    eachTest,
    async (t) => {
      await closeShared();
      const { follower, actor } = await accountAndFollower(t, { allowPrivateAddress: false });
      const { response } = await follower.follow(actor);
      assert.equal(response.status, 401);
      assert.deepEqual(await followers(), []);
    },
  );

  it('refuses an activity larger than 256 KB before reading it', eachTest, async () => {
    const { follower, actor } = await everyday();
    const response = await follower.send(actor.inbox, {
      id: `${follower.actorId}#big`,
      type: 'Create',
      actor: follower.actorId,
      object: { type: 'Note', content: 'x'.repeat(300 * 1024) },
    });
    assert.equal(response.status, 413);
  });

  it(
    'sends a browser that opens the account to its profile page, and a post to the video it is about',
    eachTest,
    async () => {
      const { account, follower, actor } = await everyday();
      const profile = await fetch(actor.id, { headers: { Accept: 'text/html' }, redirect: 'manual' });
      assert.equal(profile.status, 303);
      assert.equal(profile.headers.get('location'), `${account.origin}/about`);
      await follower.follow(actor);
      await eventually(async () => (await followers()).length === 1);
      await api.insert('videos', {
        video_id: 'fediSafe001',
        title: 'A video for the browser test',
        thumbnail_url: 'videos/exEHxCV3--d.webp',
        published_at: new Date().toISOString(),
      });
      await follower.until(() => follower.accepted.some(({ activity }) => activity.type === 'Create'));
      const { activity } = follower.accepted.find(({ activity: sent }) => sent.type === 'Create');
      const post = await fetch(activity.object.id, { headers: { Accept: 'text/html' }, redirect: 'manual' });
      assert.equal(post.status, 303);
      assert.equal(post.headers.get('location'), 'https://www.youtube.com/watch?v=fediSafe001');
      await api.rpc('fediverse_unfollow', { p_actor_ids: [follower.actorId] });
    },
  );
});

describe('followers whose server is gone or keeps failing', { concurrency: false }, () => {
  const newCourse = (title) =>
    api.insert('courses', {
      title,
      image_path: 'courses/nestjs.webp',
      platform: 'SKILLSHARE',
      link_to_course: `https://www.skillshare.com/en/classes/${encodeURIComponent(title)}`,
    });

  it('drops the followers of a server that answers 410 Gone', eachTest, async () => {
    const { follower, actor } = await everyday();
    await follower.follow(actor);
    await eventually(async () => (await followers()).length === 1);
    follower.setInbox(410);
    await newCourse('Gone server course');
    await eventually(async () => (await followers()).length === 0);
  });

  it(
    'drops the followers of a server whose deliveries fail past the time its circuit may hold them',
    eachTest,
    async (t) => {
      // The production policy holds a failing server's deliveries for 3 days; here for 3 seconds.
      const policy = {
        permanentFailureStatusCodes: [404, 410],
        retry: { initialDelay: { milliseconds: 100 }, maxDelay: { seconds: 1 }, maxAttempts: 50 },
        circuitBreaker: {
          failureThreshold: 2,
          failureWindow: { minutes: 1 },
          recoveryDelay: { seconds: 1 },
          heldActivityTtl: { seconds: 3 },
          releaseInterval: { milliseconds: 200 },
        },
      };
      await closeShared();
      const { follower, actor } = await accountAndFollower(t, { policy });
      await follower.follow(actor);
      await eventually(async () => (await followers()).length === 1);
      follower.setInbox(503);
      await newCourse('Failing server course');
      await eventually(async () => (await followers()).length === 0);
    },
  );
});
