// A fediverse account on another server, written without Fedify: its HTTP signatures are made and checked with
// Misskey's library (@misskey-dev/node-http-message-signatures, draft-cavage signatures with RFC 3230 digests, as
// Mastodon sends them). It serves its actor (with its public key), finds the site's account by WebFinger, sends it
// activities signed with its own key, and keeps every delivery its inbox accepted, each with the inbox it came to
// (its own, or its server's shared one) and whether the signature checked out against the key the site's actor
// publishes. Its inbox can hold deliveries (never answer them) and can answer with a status of the test's choosing.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import {
  genDigestHeaderBothRFC3230AndRFC9530,
  genRsaKeyPair,
  parseRequestSignature,
  signAsDraftToRequest,
  verifyDigestHeader,
  verifyDraftSignature,
} from '@misskey-dev/node-http-message-signatures';

const activityJson = 'application/activity+json';
const context = ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'];

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * @param {{ name?: string, sharedInbox?: boolean }} [options]
 */
export async function startRemoteFollower({ name = 'bob', sharedInbox = true } = {}) {
  const keys = await genRsaKeyPair(2048);
  /** @type {{ activity: any, signatureValid: boolean, keyId: string }[]} */
  const accepted = [];
  /** What the inbox answers now: 'accept', 'hold' (never answers), or a status code. */
  let inboxMode = 'accept';
  const held = new Set();
  /** @type {Set<() => void>} */
  const waiters = new Set();
  const changed = () => {
    for (const waiter of waiters) waiter();
  };

  let origin = '';
  const actorId = () => `${origin}/users/${name}`;
  const keyId = () => `${actorId()}#main-key`;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'GET' && url.pathname === `/users/${name}`) {
      response.writeHead(200, { 'Content-Type': activityJson });
      response.end(
        JSON.stringify({
          '@context': context,
          id: actorId(),
          type: 'Person',
          preferredUsername: name,
          name: `${name} on the test server`,
          inbox: `${actorId()}/inbox`,
          ...(sharedInbox ? { endpoints: { sharedInbox: `${origin}/inbox` } } : {}),
          publicKey: { id: keyId(), owner: actorId(), publicKeyPem: keys.publicKey },
        }),
      );
      return;
    }
    if (request.method === 'POST' && (url.pathname === '/inbox' || url.pathname === `/users/${name}/inbox`)) {
      const body = await readBody(request);
      if (inboxMode === 'hold') {
        held.add(response);
        changed();
        return;
      }
      if (typeof inboxMode === 'number') {
        response.writeHead(inboxMode).end();
        changed();
        return;
      }
      const activity = JSON.parse(body.toString('utf8'));
      const signatureValid = await verifySignature(request, body);
      accepted.push({ activity, signatureValid, keyId: keyIdOf(request), inbox: url.pathname });
      response.writeHead(202).end();
      changed();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  origin = `http://127.0.0.1:${server.address().port}`;

  function keyIdOf(request) {
    try {
      const parsed = parseRequestSignature(request);
      return parsed?.version === 'draft' ? parsed.value.params.keyId : '';
    } catch {
      return '';
    }
  }

  /** Checks a delivery's digest and signature with the key the sender publishes (its keyId's document). */
  async function verifySignature(request, body) {
    if (!(await verifyDigestHeader(request, body, true))) return false;
    const parsed = parseRequestSignature(request);
    if (!parsed || parsed.version !== 'draft') return false;
    const keyId = parsed.value.params.keyId;
    const keyOwner = await (await fetch(keyId, { headers: { Accept: activityJson } })).json();
    const key = keyOwner.publicKey?.id === keyId ? keyOwner.publicKey : undefined;
    if (!key?.publicKeyPem) return false;
    return verifyDraftSignature(parsed.value, key.publicKeyPem);
  }

  /**
   * Sends an activity to an inbox, signed with this account's key (or with `signWith`, a forger's key); with
   * `changedTo`, the body is replaced by that activity after it was signed (a change on the way); `headers`, more
   * headers (what a proxy in front of the account would add).
   */
  async function send(inbox, activity, { signWith, unsigned = false, changedTo, headers: more = {} } = {}) {
    const body = JSON.stringify({ '@context': context, ...activity });
    const target = new URL(inbox);
    const request = {
      url: target.href,
      method: 'POST',
      headers: { Date: new Date().toUTCString(), Host: target.host, 'Content-Type': activityJson },
      body,
    };
    if (!unsigned) {
      await genDigestHeaderBothRFC3230AndRFC9530(request, body, 'SHA-256');
      await signAsDraftToRequest(request, { keyId: keyId(), privateKeyPem: signWith ?? keys.privateKey }, [
        '(request-target)',
        'date',
        'host',
        'digest',
      ]);
    }
    const { Host: _host, ...headers } = request.headers;
    const sent = changedTo ? JSON.stringify({ '@context': context, ...changedTo }) : body;
    return fetch(target, { method: 'POST', headers: { ...headers, ...more }, body: sent });
  }

  return {
    get actorId() {
      return actorId();
    },
    origin,
    accepted,
    /** Looks the account up by WebFinger and reads its actor. */
    async lookUp(handle, siteOrigin) {
      const finger = await fetch(
        `${siteOrigin}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${handle}`)}`,
      );
      if (!finger.ok) throw new Error(`WebFinger answered ${finger.status}`);
      const self = (await finger.json()).links.find(
        (link) => link.rel === 'self' && link.type === activityJson,
      );
      const actor = await (await fetch(self.href, { headers: { Accept: activityJson } })).json();
      return { webfinger: self, actor };
    },
    async follow(actor) {
      const id = `${actorId()}#follows/${randomUUID()}`;
      const response = await send(actor.inbox, { id, type: 'Follow', actor: actorId(), object: actor.id });
      return { id, response };
    },
    async unfollow(actor, followId) {
      return send(actor.inbox, {
        id: `${actorId()}#undo/${randomUUID()}`,
        type: 'Undo',
        actor: actorId(),
        object: { id: followId, type: 'Follow', actor: actorId(), object: actor.id },
      });
    },
    send,
    /** A key pair that is not this account's: what a forger would sign with. */
    forgedKey: async () => (await genRsaKeyPair(2048)).privateKey,
    setInbox(mode) {
      inboxMode = mode;
    },
    /** Deliveries held unanswered. */
    get held() {
      return held.size;
    },
    /** Resolves once `condition()` holds (checked after every request to the inbox). */
    until(condition) {
      return new Promise((resolve) => {
        const check = () => {
          if (!condition()) return;
          waiters.delete(check);
          resolve(undefined);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
