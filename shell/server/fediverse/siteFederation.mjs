// The site as one ActivityPub account, @<handle>@<the site's host>, made with Fedify: what other servers may ask of it
// (WebFinger, the actor with its keys, its outbox and followers, each post, NodeInfo) and what they may send to its
// inbox (Follow and its Undo; replies, likes and boosts of its posts, and their Undo or Delete). Fedify does
// WebFinger, HTTP signatures (made on every delivery, checked on everything received), the vocabulary, delivery and
// retries; this module says what the account is and keeps what it receives (public.fediverse_*, migration
// 20261122000550_fediverse). Everything is kept for the owner; nothing a remote server sends is ever shown on the site.
//
// Addresses, on the site's origin:
//   /.well-known/webfinger, /.well-known/nodeinfo, /nodeinfo/2.1
//   /fediverse/users/<handle>              the actor (a browser is sent to the profile page, /about, which also
//                                          answers the actor to a server asking for ActivityStreams)
//   /fediverse/users/<handle>/inbox, /fediverse/inbox (shared), /fediverse/users/<handle>/outbox, .../followers
//   /fediverse/posts/video/<YouTube id>, /fediverse/posts/course/<id>   a video's or a course's Note (a browser is
//                                          sent to the video or the course)
//   /newsletter/issues/<slug>              an issue's Article, at the issue's own page in the archive
import { convert as htmlToText } from 'html-to-text';
import { createExponentialBackoffPolicy, createFederation, validatePublicUrl } from '@fedify/fedify';
import {
  Accept,
  Announce,
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  Hashtag,
  Image,
  Like,
  Note,
  Person,
  PropertyValue,
  PUBLIC_COLLECTION,
  Undo,
} from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { accountKeyPairs } from './actorKeys.mjs';
import { BackendKvStore } from './backendKvStore.mjs';
import { BackendMessageQueue } from './backendMessageQueue.mjs';
import { callFunction } from './serviceCalls.mjs';

export const actorPath = '/fediverse/users/{identifier}';
export const notePath = '/fediverse/posts/{kind}/{id}';
export const articlePath = '/newsletter/issues/{slug}';

/** A page of the outbox; the followers are read a thousand at a time for a delivery. */
const outboxPageSize = 20;
const followerPageSize = 1000;

/** The kinds of post by the `kind` of their Note's address. */
const noteKinds = new Set(['video', 'course']);

/**
 * How deliveries to a failing server go. A server that answers 404 or 410 has lost its followers: they are dropped at
 * once. One that fails (no answer, or 5xx) is retried with backoff; after five failures in ten minutes its circuit
 * opens and deliveries to it wait, one probe every 30 minutes, for up to 3 days: then its followers are dropped, as a
 * mail address that keeps bouncing is. The tests shorten these.
 */
export const deliveryPolicy = {
  permanentFailureStatusCodes: [404, 410],
  retry: { initialDelay: { seconds: 1 }, maxDelay: { hours: 6 }, maxAttempts: 10 },
  circuitBreaker: {
    failureThreshold: 5,
    failureWindow: { minutes: 10 },
    recoveryDelay: { minutes: 30 },
    heldActivityTtl: { days: 3 },
  },
};

/** A reply's text, as the owner reads it: plain text, links and pictures left out, at most 5,000 characters. */
export function replyText(html) {
  return htmlToText(String(html ?? ''), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  })
    .trim()
    .slice(0, 5000);
}

/** @param {URL | string | null | undefined} url */
const hostOf = (url) => (url ? new URL(url).host : undefined);

/**
 * @param {object} options
 * @param {import('./serviceCalls.mjs').ServiceBackend} options.backend the backend, with the secret key
 * @param {string} options.origin the site's origin: the account's addresses and its handle's host
 * @param {string} options.backendUrl where the items' pictures are served from (the site's public backend URL)
 * @param {{ fediverseProfile: Function, fediversePost: Function }} options.content what the account says (seo.cjs)
 * @param {boolean} [options.allowPrivateAddress] fetch remote documents from loopback and private addresses (local
 *   tests only: never in production, where it would let a remote server make this one reach the private network)
 * @param {typeof deliveryPolicy} [options.policy]
 * @param {ConstructorParameters<typeof BackendMessageQueue>[1]} [options.queue]
 * @param {(line: string) => void} [options.log]
 */
export function createSiteFederation({
  backend,
  origin,
  backendUrl,
  content,
  allowPrivateAddress = false,
  policy = deliveryPolicy,
  queue: queueOptions,
  log = (line) => console.log(`[fediverse] ${line}`),
}) {
  const site = { origin, backendUrl };
  const profile = content.fediverseProfile(site);
  const queue = new BackendMessageQueue(backend, queueOptions);
  /** The key pairs, read (or made) once. */
  let keyPairs;
  const keys = () =>
    (keyPairs ??= accountKeyPairs(backend).catch((error) => ((keyPairs = undefined), Promise.reject(error))));

  const federation = createFederation({
    kv: new BackendKvStore(backend),
    queue,
    manuallyStartQueue: true,
    origin,
    allowPrivateAddress,
    firstKnock: 'draft-cavage-http-signatures-12',
    permanentFailureStatusCodes: policy.permanentFailureStatusCodes,
    outboxRetryPolicy: createExponentialBackoffPolicy(policy.retry),
    circuitBreaker: policy.circuitBreaker,
    userAgent: { software: `${new URL(origin).host}/1.0`, url: origin },
  });

  const isOurs = (identifier) => identifier === profile.handle;

  /** The context the site's own work runs in (deliveries, posts): it may read the followers. */
  const internalContext = () => federation.createContext(new URL(origin), { internal: true });

  /** The Note or Article of a sent post, from its row (fediverse_sent_post(s)). */
  function postObject(ctx, post) {
    const text = content.fediversePost({ kind: post.kind, item: post.item }, site);
    const actor = ctx.getActorUri(profile.handle);
    const common = {
      id: objectUri(ctx, post),
      attribution: actor,
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(profile.handle),
      content: text.contentHtml,
      url: new URL(text.url),
      published: Temporal.Instant.from(text.published),
      tags: text.hashtags.map((tag) => new Hashtag({ name: tag.name, href: new URL(tag.href) })),
      attachments: text.image
        ? [
            new Image({
              url: new URL(text.image.url),
              mediaType: text.image.mediaType,
              name: text.image.name,
            }),
          ]
        : [],
    };
    return text.type === 'Article'
      ? new Article({ ...common, name: text.name, summary: text.summaryHtml })
      : new Note(common);
  }

  function objectUri(ctx, post) {
    switch (post.kind) {
      case 'video':
        return ctx.getObjectUri(Note, { kind: 'video', id: post.item.video_id });
      case 'course':
        return ctx.getObjectUri(Note, { kind: 'course', id: post.item.id });
      default:
        return ctx.getObjectUri(Article, { slug: post.item.slug });
    }
  }

  /** The Create of a sent post (its id: the object's, with #create). */
  function createActivity(ctx, post) {
    const object = postObject(ctx, post);
    return new Create({
      id: new URL(`${object.id.href}#create`),
      actor: ctx.getActorUri(profile.handle),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(profile.handle),
      object,
      published: object.published,
    });
  }

  /** The post an address of ours names ({ kind, key } as fediverse_sent_post reads it), or undefined. */
  function postAddress(ctx, uri) {
    if (!uri) return undefined;
    const parsed = ctx.parseUri(uri);
    if (parsed?.type !== 'object') return undefined;
    if (parsed.class === Note && noteKinds.has(parsed.values.kind))
      return { kind: parsed.values.kind, key: parsed.values.id };
    if (parsed.class === Article) return { kind: 'issue', key: parsed.values.slug };
    if (parsed.class === Create) return undefined;
    return undefined;
  }

  async function sentPost(kind, key) {
    const [post] = await callFunction(backend, 'fediverse_sent_post', { p_kind: kind, p_key: key });
    return post;
  }

  federation
    .setActorDispatcher(actorPath, async (ctx, identifier) => {
      if (!isOurs(identifier)) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: profile.name,
        summary: profile.summaryHtml,
        url: new URL(profile.profileUrl),
        icon: new Image({ url: new URL(profile.avatar.url), mediaType: profile.avatar.mediaType }),
        image: new Image({ url: new URL(profile.header.url), mediaType: profile.header.mediaType }),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0].cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
        manuallyApprovesFollowers: false,
        discoverable: true,
        indexable: true,
        attachments: profile.fields.map(
          (field) =>
            new PropertyValue({
              name: field.name,
              value: `<a href="${new URL(field.url).href}" rel="me nofollow noopener noreferrer" target="_blank">${new URL(field.url).host}${new URL(field.url).pathname.replace(/\/$/, '')}</a>`,
            }),
        ),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (isOurs(identifier) ? keys() : []));

  // Who follows: every follower, a thousand at a time, for a delivery (the queue's work asks); to anyone else (a page
  // of the collection asked for over HTTP) the count alone: the rows are never readable from outside.
  federation
    .setFollowersDispatcher(`${actorPath}/followers`, async (ctx, identifier, cursor) => {
      if (!isOurs(identifier)) return null;
      if (!ctx.data?.internal) return { items: [] };
      const rows = await callFunction(backend, 'fediverse_follower_page', {
        p_after: cursor || null,
        p_limit: followerPageSize,
      });
      return {
        items: rows.map((row) => ({
          id: new URL(row.actor_id),
          inboxId: new URL(row.inbox),
          endpoints: row.shared_inbox ? { sharedInbox: new URL(row.shared_inbox) } : null,
        })),
        nextCursor: rows.length === followerPageSize ? rows.at(-1).actor_id : null,
      };
    })
    .setCounter(async (_ctx, identifier) => {
      if (!isOurs(identifier)) return null;
      const [counts] = await callFunction(backend, 'fediverse_account_counts');
      return Number(counts.followers);
    })
    .setFirstCursor((ctx) => (ctx.data?.internal ? '' : null));

  // What the account posted, newest first, a page at a time (the cursor: the last sent_at of the page before).
  federation
    .setOutboxDispatcher(`${actorPath}/outbox`, async (ctx, identifier, cursor) => {
      if (!isOurs(identifier)) return null;
      const rows = await callFunction(backend, 'fediverse_sent_posts', {
        p_before: cursor || null,
        p_limit: outboxPageSize,
      });
      return {
        items: rows.map((row) => createActivity(ctx, row)),
        nextCursor: rows.length === outboxPageSize ? rows.at(-1).sent_at : null,
      };
    })
    .setCounter(async (_ctx, identifier) => {
      if (!isOurs(identifier)) return null;
      const [counts] = await callFunction(backend, 'fediverse_account_counts');
      return Number(counts.posts);
    })
    .setFirstCursor(() => '');

  federation.setObjectDispatcher(Note, notePath, async (ctx, values) => {
    if (!noteKinds.has(values.kind)) return null;
    const post = await sentPost(values.kind, values.id);
    return post ? postObject(ctx, post) : null;
  });
  federation.setObjectDispatcher(Article, articlePath, async (ctx, values) => {
    const post = await sentPost('issue', values.slug);
    return post ? postObject(ctx, post) : null;
  });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const [counts] = await callFunction(backend, 'fediverse_account_counts');
    return {
      software: { name: 'alexmorgan-dev', version: '1.0.0', homepage: new URL(origin) },
      protocols: ['activitypub'],
      openRegistrations: false,
      usage: {
        users: { total: 1, activeMonth: 1, activeHalfyear: 1 },
        localPosts: Number(counts.posts),
        localComments: 0,
      },
      metadata: { nodeName: profile.name },
    };
  });

  // A follower's inboxes must be on its own server and, in production, at a public address: an inbox elsewhere would
  // have the site send requests wherever a remote document says.
  async function inboxesOf(actor) {
    const actorHost = hostOf(actor.id);
    const candidates = [actor.inboxId, actor.endpoints?.sharedInbox].filter(Boolean);
    for (const url of candidates) {
      if (url.host !== actorHost) throw new Error(`inbox ${url.href} is not on ${actorHost}`);
      if (!allowPrivateAddress) await validatePublicUrl(url.href);
    }
    return { inbox: actor.inboxId, sharedInbox: actor.endpoints?.sharedInbox ?? null };
  }

  const refused = (reason, activity) =>
    log(`refused ${activity?.constructor?.name ?? 'activity'} ${activity?.id?.href ?? ''}: ${reason}`);

  federation
    .setInboxListeners(`${actorPath}/inbox`, '/fediverse/inbox')
    .on(Follow, async (ctx, follow) => {
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor' || !isOurs(target.identifier) || !follow.actorId) return;
      const follower = await follow.getActor(ctx);
      if (!follower?.id || follower.id.href !== follow.actorId.href || !follower.inboxId) {
        refused('its actor could not be read', follow);
        return;
      }
      let inboxes;
      try {
        inboxes = await inboxesOf(follower);
      } catch (error) {
        refused(error.message, follow);
        return;
      }
      await callFunction(backend, 'fediverse_follow', {
        p_actor_id: follower.id.href,
        p_inbox: inboxes.inbox.href,
        p_shared_inbox: inboxes.sharedInbox?.href ?? null,
        p_follow_id: follow.id?.href ?? null,
      });
      log(`followed by ${follower.id.href}`);
      await ctx.sendActivity(
        { identifier: profile.handle },
        follower,
        new Accept({
          id: new URL(
            `${ctx.getActorUri(profile.handle).href}#accepts/${encodeURIComponent(follow.id?.href ?? follower.id.href)}`,
          ),
          actor: ctx.getActorUri(profile.handle),
          object: follow,
        }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const object = await undo.getObject(ctx);
      if (object instanceof Follow) {
        if (object.actorId?.href !== undo.actorId.href) return;
        const target = ctx.parseUri(object.objectId);
        if (target?.type !== 'actor' || !isOurs(target.identifier)) return;
        await callFunction(backend, 'fediverse_unfollow', { p_actor_ids: [undo.actorId.href] });
        log(`unfollowed by ${undo.actorId.href}`);
      } else if (object instanceof Like || object instanceof Announce) {
        if (!object.id) return;
        await callFunction(backend, 'fediverse_remove_interaction', {
          p_actor_id: undo.actorId.href,
          p_id: object.id.href,
        });
      }
    })
    .on(Like, async (ctx, like) => recordInteraction(ctx, 'like', like, like.objectId))
    .on(Announce, async (ctx, announce) => recordInteraction(ctx, 'boost', announce, announce.objectId))
    .on(Create, async (ctx, create) => {
      const note = await create.getObject(ctx);
      if (!(note instanceof Note) || !note.id || !create.actorId) return;
      if (hostOf(note.id) !== hostOf(create.actorId) || note.attributionId?.href !== create.actorId.href)
        return;
      await recordInteraction(ctx, 'reply', create, note.replyTargetId, {
        p_reply_id: note.id.href,
        p_reply_url: (note.url instanceof URL ? note.url : note.url?.href)?.href ?? note.id.href,
        p_reply_text: replyText(note.content?.toString()),
      });
    })
    .on(Delete, async (_ctx, deletion) => {
      if (!deletion.actorId || !deletion.objectId) return;
      if (hostOf(deletion.objectId) !== hostOf(deletion.actorId)) return;
      await callFunction(backend, 'fediverse_remove_interaction', {
        p_actor_id: deletion.actorId.href,
        p_id: deletion.objectId.href,
      });
    })
    .onError((_ctx, error) => log(`inbox: ${error instanceof Error ? error.message : error}`));

  /** A like, boost or reply of one of the account's posts, stored for the owner (anything else is not ours). */
  async function recordInteraction(ctx, kind, activity, objectId, reply = {}) {
    const post = postAddress(ctx, objectId);
    if (!post || !activity.id || !activity.actorId) return;
    await callFunction(backend, 'fediverse_record_interaction', {
      p_kind: kind,
      p_activity_id: activity.id.href,
      p_post_kind: post.kind,
      p_post_key: post.key,
      p_actor_id: activity.actorId.href,
      ...reply,
    });
  }

  // A server that is gone (404, 410) or has failed for days loses its followers.
  federation.setOutboxPermanentFailureHandler(async (_ctx, failure) => {
    const gone = await callFunction(backend, 'fediverse_unfollow', {
      p_actor_ids: failure.actorIds.map((id) => id.href),
      p_inbox: failure.inbox.href,
    });
    log(
      `${failure.inbox.host} ${failure.reason === 'http' ? `answered ${failure.statusCode}` : 'failed for days'}: ${gone} follower(s) dropped`,
    );
  });

  /**
   * Where a browser that opens one of the account's addresses is sent: the profile page for the actor, the video or
   * the course for a post's Note (an issue's Article is at its page already). Undefined for anything else.
   * @param {string} path
   */
  async function pageForPeople(path) {
    const ctx = internalContext();
    const parsed = ctx.parseUri(new URL(path, origin));
    if (parsed?.type === 'actor' && isOurs(parsed.identifier)) return profile.profileUrl;
    if (parsed?.type === 'object' && parsed.class === Note && noteKinds.has(parsed.values.kind)) {
      const post = await sentPost(parsed.values.kind, parsed.values.id);
      return post ? content.fediversePost({ kind: post.kind, item: post.item }, site).url : undefined;
    }
    return undefined;
  }

  return {
    federation,
    queue,
    profile,
    internalContext,
    createActivity,
    pageForPeople,
    /** Answers a request another server made (the request's context may not read the followers). */
    fetch: (request, options = {}) =>
      federation.fetch(request, { contextData: { internal: false }, ...options }),
    /** Works on the queue until the signal aborts. */
    startQueue: (signal) => federation.startQueue({ internal: true }, { signal }),
  };
}
