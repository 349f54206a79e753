// The site's account as a server that is not ours sees it: found by WebFinger, followed, every new video, course and
// issue delivered once (a restart mid-delivery included), each signed so that Misskey's library accepts it, then
// unfollowed, after which nothing more comes; forged and unsigned activities refused. One backend for the file.
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

const handle = 'alex';
/** Short leases: a killed server's claims are free again within seconds. */
const queue = { leaseSeconds: 4, pollIntervalMs: 300 };
const pollIntervalMs = 300;

let backend;
let api;
let account;
let accountPort;
let follower;

before(async () => {
  backend = await startFreshBackend();
  api = dataApi(backend.url);
  accountPort = await freePort();
  account = await startAccount({ port: accountPort, backendUrl: backend.url, queue, pollIntervalMs });
  follower = await startRemoteFollower();
}, startingBackend);

after(async () => {
  await account?.stop();
  await follower?.close();
  await backend?.stop();
}, startingBackend);

/** The Creates the follower's inbox accepted, by the id of the object they carry. */
const createsAccepted = () => follower.accepted.filter(({ activity }) => activity.type === 'Create');

/** Nothing left to deliver: every post sent, and the queue empty. */
async function everythingDelivered() {
  const [pending, messages] = await Promise.all([
    api.select('fediverse_posts?status=eq.pending&select=id'),
    api.select('fediverse_messages?select=id'),
  ]);
  return pending.length === 0 && messages.length === 0;
}

const newVideo = (videoId) =>
  api.insert('videos', {
    video_id: videoId,
    title: 'Signals in Angular, step by step',
    description: 'From RxJS subjects to signals. #angular #signals',
    thumbnail_url: 'videos/exEHxCV3--d.webp',
    published_at: new Date().toISOString(),
  });

const newCourse = (title) =>
  api.insert('courses', {
    title,
    description: 'A course made for the fediverse test.',
    image_path: 'courses/nestjs.webp',
    platform: 'UDEMY',
    keywords: ['nodejs', 'fediverse'],
    link_to_course: 'https://www.udemy.com/course/fediverse-test/',
  });

describe('the site followed from a server that is not ours', { concurrency: false }, () => {
  let actor;
  let followId;

  it(
    'is found by WebFinger as @alex@<host>, with an actor that has a key, an inbox and a profile',
    eachTest,
    async () => {
      const found = await follower.lookUp(`${handle}@localhost:${accountPort}`, account.origin);
      actor = found.actor;
      assert.equal(actor.type, 'Person');
      assert.equal(actor.preferredUsername, handle);
      assert.equal(actor.name, 'Alex Morgan');
      assert.equal(actor.url, `${account.origin}/about`);
      assert.match(actor.publicKey.publicKeyPem, /^-----BEGIN PUBLIC KEY-----/);
      assert.equal(actor.endpoints.sharedInbox, `${account.origin}/fediverse/inbox`);
      assert.ok(actor.icon.url.endsWith('/owner/alex-morgan-portrait.webp'));
      assert.ok(actor.image.url.endsWith('/assets/og/home.png'));
      const fields = actor.attachment.map((field) => [field.name, field.value]);
      assert.ok(fields.some(([name, value]) => name === 'GitHub' && /rel="me[ "]/.test(value)));
      assert.ok(fields.some(([name]) => name === 'Website'));
    },
  );

  it(
    'refuses a Follow that is unsigned, signed with another key, or whose body was changed after signing',
    eachTest,
    async () => {
      const follow = {
        id: `${follower.actorId}#forged`,
        type: 'Follow',
        actor: follower.actorId,
        object: actor.id,
      };
      const unsigned = await follower.send(actor.inbox, follow, { unsigned: true });
      assert.equal(unsigned.status, 401);
      const forged = await follower.send(actor.inbox, follow, { signWith: await follower.forgedKey() });
      assert.equal(forged.status, 401);
      // Signed, then changed on the way: the digest no longer matches.
      const tampered = await follower.send(actor.inbox, follow, {
        changedTo: { ...follow, id: `${follower.actorId}#changed` },
      });
      assert.equal(tampered.status, 401);
      assert.deepEqual(await api.select('fediverse_followers?select=actor_id'), []);
    },
  );

  it(
    'accepts a Follow signed as Mastodon signs it, with an Accept signed so that the follower can check it',
    eachTest,
    async () => {
      const { id, response } = await follower.follow(actor);
      followId = id;
      assert.equal(response.status, 202);
      await follower.until(() => follower.accepted.some(({ activity }) => activity.type === 'Accept'));
      const accept = follower.accepted.find(({ activity }) => activity.type === 'Accept');
      assert.equal(accept.signatureValid, true);
      assert.equal(accept.keyId, actor.publicKey.id);
      assert.equal(accept.activity.actor, actor.id);
      assert.equal(accept.activity.object.id ?? accept.activity.object, followId);
      const [row] = await api.select('fediverse_followers?select=actor_id,inbox,shared_inbox,server');
      assert.deepEqual(row, {
        actor_id: follower.actorId,
        inbox: `${follower.actorId}/inbox`,
        shared_inbox: `${follower.origin}/inbox`,
        server: new URL(follower.origin).host,
      });
    },
  );

  it(
    'delivers a new video, a new course and a sent issue once each, across a restart in the middle of delivering',
    eachTest,
    async () => {
      // The follower's server takes nothing in for now: every delivery waits on it, unanswered.
      follower.setInbox('hold');
      const video = await newVideo('fediTest001');
      const course = await newCourse('Fediverse for Node developers');
      const issue = await api.insert('newsletter_issues', {
        subject: 'The fediverse issue',
        body_markdown: 'Hello fediverse: **three** new things this week.',
        status: 'scheduled',
      });
      await follower.until(() => follower.held > 0);
      // The site's server is gone mid-delivery, and comes back.
      await account.kill();
      follower.setInbox('accept');
      account = await startAccount({ port: accountPort, backendUrl: backend.url, queue, pollIntervalMs });

      await follower.until(
        () => new Set(createsAccepted().map(({ activity }) => activity.object.id)).size === 3,
      );
      await eventually(everythingDelivered);
      const creates = createsAccepted();
      assert.equal(
        creates.length,
        3,
        `each post once: ${creates.map(({ activity }) => activity.id).join(', ')}`,
      );
      assert.ok(creates.every(({ signatureValid }) => signatureValid));
      // To the follower's server once, at its shared inbox, not once per follower there.
      assert.deepEqual(
        creates.map(({ inbox }) => inbox),
        ['/inbox', '/inbox', '/inbox'],
      );
      const byKind = Object.fromEntries(
        creates.map(({ activity }) => [
          activity.object.type === 'Article' ? 'issue' : activity.object.url,
          activity,
        ]),
      );
      const videoPost = byKind[`https://www.youtube.com/watch?v=${video.video_id}`];
      assert.equal(videoPost.object.type, 'Note');
      assert.match(
        videoPost.object.content,
        /New video: <a href="https:\/\/www\.youtube\.com\/watch\?v=fediTest001">/,
      );
      assert.deepEqual(
        videoPost.object.tag.map((tag) => tag.name),
        ['#angular', '#signals'],
      );
      assert.match(
        videoPost.object.attachment.url ?? videoPost.object.attachment[0].url,
        /exEHxCV3--d\.webp$/,
      );
      const coursePost = byKind[course.link_to_course];
      assert.match(coursePost.object.content, /New course on Udemy/);
      assert.deepEqual(
        coursePost.object.tag.map((tag) => tag.name),
        ['#nodejs', '#fediverse'],
      );
      const issuePost = byKind.issue;
      assert.equal(issuePost.object.name, issue.subject);
      assert.equal(issuePost.object.url, `${account.origin}/newsletter/issues/the-fediverse-issue`);
      assert.match(issuePost.object.content, /<strong>three<\/strong>/);
      for (const { activity } of creates) {
        assert.equal(activity.actor, actor.id);
        assert.ok(
          activity.to === 'https://www.w3.org/ns/activitystreams#Public' || activity.to.includes('as:Public'),
        );
      }
    },
  );

  it(
    'answers each post at its own address (an issue at its page in the archive), and lists them in the outbox',
    eachTest,
    async () => {
      for (const { activity } of createsAccepted()) {
        const object = await (
          await fetch(activity.object.id, { headers: { Accept: 'application/activity+json' } })
        ).json();
        assert.equal(object.id, activity.object.id);
        assert.equal(object.type, activity.object.type);
      }
      const issue = createsAccepted().find(({ activity }) => activity.object.type === 'Article');
      assert.equal(issue.activity.object.id, `${account.origin}/newsletter/issues/the-fediverse-issue`);
      const outbox = await (
        await fetch(actor.outbox, { headers: { Accept: 'application/activity+json' } })
      ).json();
      assert.equal(outbox.totalItems, 3);
    },
  );

  it('shows the followers collection as a count, never who follows', eachTest, async () => {
    const followers = await (
      await fetch(actor.followers, { headers: { Accept: 'application/activity+json' } })
    ).json();
    assert.equal(followers.totalItems, 1);
    assert.ok(!JSON.stringify(followers).includes(follower.actorId));
  });

  it(
    'keeps a like and a reply of a post for the owner, with the server they came from',
    eachTest,
    async () => {
      const { activity } = createsAccepted()[0];
      const like = await follower.send(actor.endpoints.sharedInbox, {
        id: `${follower.actorId}#likes/1`,
        type: 'Like',
        actor: follower.actorId,
        object: activity.object.id,
      });
      assert.equal(like.status, 202);
      const reply = await follower.send(actor.endpoints.sharedInbox, {
        id: `${follower.actorId}/statuses/1/activity`,
        type: 'Create',
        actor: follower.actorId,
        to: ['https://www.w3.org/ns/activitystreams#Public'],
        object: {
          id: `${follower.actorId}/statuses/1`,
          type: 'Note',
          attributedTo: follower.actorId,
          inReplyTo: activity.object.id,
          content: '<p>Great one! <script>alert(1)</script><a href="https://x.test">link</a></p>',
          to: ['https://www.w3.org/ns/activitystreams#Public'],
        },
      });
      assert.equal(reply.status, 202);
      const rows = await eventually(async () => {
        const found = await api.select('fediverse_interactions?select=kind,server,reply_text&order=kind');
        return found.length === 2 ? found : undefined;
      });
      assert.deepEqual(
        rows.map((row) => row.kind),
        ['like', 'reply'],
      );
      assert.ok(rows.every((row) => row.server === new URL(follower.origin).host));
      assert.equal(rows[1].reply_text, 'Great one! link');
    },
  );

  it(
    'keeps a boost too, and forgets a like or a boost taken back (Undo) and a reply deleted (Delete)',
    eachTest,
    async () => {
      const { activity } = createsAccepted()[0];
      const inbox = actor.endpoints.sharedInbox;
      const boost = {
        id: `${follower.actorId}/statuses/2/activity`,
        type: 'Announce',
        actor: follower.actorId,
        object: activity.object.id,
        to: ['https://www.w3.org/ns/activitystreams#Public'],
      };
      assert.equal((await follower.send(inbox, boost)).status, 202);
      await eventually(async () => {
        const kinds = await api.select('fediverse_interactions?select=kind&order=kind');
        return kinds.map((row) => row.kind).join() === 'boost,like,reply';
      });
      const takeBack = (object, n) =>
        follower.send(inbox, {
          id: `${follower.actorId}#undo/${n}`,
          type: 'Undo',
          actor: follower.actorId,
          object,
        });
      const like = {
        id: `${follower.actorId}#likes/1`,
        type: 'Like',
        actor: follower.actorId,
        object: activity.object.id,
      };
      assert.equal((await takeBack(like, 1)).status, 202);
      assert.equal((await takeBack(boost, 2)).status, 202);
      const deletion = await follower.send(inbox, {
        id: `${follower.actorId}/statuses/1#delete`,
        type: 'Delete',
        actor: follower.actorId,
        object: { id: `${follower.actorId}/statuses/1`, type: 'Tombstone' },
        to: ['https://www.w3.org/ns/activitystreams#Public'],
      });
      assert.equal(deletion.status, 202);
      await eventually(async () => (await api.select('fediverse_interactions?select=kind')).length === 0);
    },
  );

  it('sends nothing more once unfollowed', eachTest, async () => {
    const response = await follower.unfollow(actor, followId);
    assert.equal(response.status, 202);
    await eventually(async () => (await api.select('fediverse_followers?select=actor_id')).length === 0);
    const before = follower.accepted.length;
    await newCourse('A course after the unfollow');
    await eventually(async () => {
      const posts = await api.select('fediverse_posts?select=status&kind=eq.course');
      return posts.length === 2 && posts.every((post) => post.status === 'sent');
    });
    await eventually(everythingDelivered);
    assert.equal(follower.accepted.length, before);
  });
});
