// The site's fediverse account on the site's own host (../fediverse/siteFederation.mjs): the addresses only it answers
// (WebFinger, NodeInfo, /fediverse/...), and the pages that answer a server asking for ActivityStreams with the
// account's documents instead of HTML: the profile page (/about: the actor) and each issue of the newsletter's archive
// (its Article). Browsers get the same pages as ever (and those pages say Vary: Accept, so a cache in front keeps the
// two apart); a browser that opens an address of the account is sent to the page for people.
// What is sent to the inbox is bounded (inboxLimits.maxBytes: 413 past it), counted and signature-checked before
// Fedify reads it (../fediverse/inboxGuard.mjs).
import { clientAddressOf } from '../clientAddress.mjs';
import fastifyPlugin from 'fastify-plugin';
import Negotiator from 'negotiator';
import { inboxGuard, inboxLimits } from '../fediverse/inboxGuard.mjs';

const activityStreamsTypes = ['application/activity+json', 'application/ld+json'];

/** Whether a request asks for ActivityStreams before HTML (Mastodon asks for activity+json; a browser for HTML). */
export function asksForActivityStreams(headers) {
  const chosen = new Negotiator({ headers }).mediaType(['text/html', ...activityStreamsTypes]);
  return chosen !== undefined && activityStreamsTypes.includes(chosen);
}

/** The pages that answer ActivityStreams too: the path of the account's document each one answers with. */
function negotiatedDocument(path, actorPath) {
  if (path === '/about') return actorPath;
  if (/^\/newsletter\/issues\/[a-z0-9]+(-[a-z0-9]+)*$/.test(path)) return path;
  return undefined;
}

/** The addresses only the account answers. */
const ownPaths = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/fediverse/*'];

/** @param {import('fastify').FastifyRequest} request */
function headersOf(request) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, String(value));
  }
  return headers;
}

/** @param {import('fastify').FastifyReply} reply @param {Response} response */
async function sendResponse(reply, response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  const body = Buffer.from(await response.arrayBuffer());
  return reply.send(body);
}

/**
 * @param {object} options
 * @param {ReturnType<typeof import('../fediverse/siteFederation.mjs').createSiteFederation>} options.site
 * @param {import('../fediverse/serviceCalls.mjs').ServiceBackend} options.backend
 * @param {string} options.origin the site's origin (the addresses Fedify is asked at)
 * @param {(request: import('fastify').FastifyRequest) => string} [options.clientOf] who is asking, as the platform in
 *   front vouches (clientAddress.mjs's clientAddressOf; default: the socket's address)
 * @param {typeof inboxLimits} [options.limits]
 */
export function fediverse({ site, backend, origin, clientOf = clientAddressOf(), limits = inboxLimits }) {
  const guard = inboxGuard({ backend, context: () => site.internalContext(), limits });
  const actorPath = site.internalContext().getActorUri(site.profile.handle).pathname;
  const protocol = new URL(origin).protocol;

  /** The request as Fedify reads it: at the address it was sent to (`path` instead, for a page it answers). */
  function webRequest(request, path = request.url, body = undefined) {
    const host = request.headers.host ?? new URL(origin).host;
    return new Request(`${protocol}//${host}${path}`, {
      method: request.method,
      headers: headersOf(request),
      body: request.method === 'POST' ? body : undefined,
    });
  }

  return fastifyPlugin(async (app) => {
    // The pages that answer servers too: before the page is looked for, a request for ActivityStreams is the account's.
    const negotiated = new WeakSet();
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
      const document = negotiatedDocument(request.url.split('?')[0], actorPath);
      if (!document) return undefined;
      negotiated.add(request);
      if (!asksForActivityStreams(request.headers)) return undefined;
      const response = await site.fetch(webRequest(request, document));
      return sendResponse(reply, response);
    });
    // The page's answer depends on Accept as well as whatever it already varies on.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!negotiated.has(request)) return payload;
      const vary = String(reply.getHeader('Vary') ?? '');
      if (!/(^|,)\s*accept\s*(,|$)/i.test(vary)) reply.header('Vary', vary ? `${vary}, Accept` : 'Accept');
      return payload;
    });

    await app.register(async (scope) => {
      // What the inbox takes: the bytes as sent (the signature covers them), up to the limit.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: limits.maxBytes },
        (_request, body, done) => done(null, body),
      );
      scope.route({
        method: ['GET', 'HEAD', 'POST'],
        url: ownPaths.at(-1),
        bodyLimit: limits.maxBytes,
        handler: answer,
      });
      for (const url of ownPaths.slice(0, -1)) scope.route({ method: ['GET', 'HEAD'], url, handler: answer });
    });

    async function answer(request, reply) {
      const body = request.method === 'POST' ? (request.body ?? Buffer.alloc(0)) : undefined;
      const fedifyRequest = webRequest(request, request.url, body);
      if (request.method === 'POST') {
        const verdict = await guard(fedifyRequest, clientOf(request));
        if (!verdict.ok) {
          if (verdict.retryAfter) reply.header('Retry-After', String(verdict.retryAfter));
          return reply
            .code(verdict.status)
            .type('text/plain; charset=utf-8')
            .send(`Refused: ${verdict.reason}`);
        }
      }
      const response = await site.fetch(fedifyRequest, {
        // A browser that opens the account's address, or a post's, is sent where people read it.
        onNotAcceptable: async () => {
          const page = await site.pageForPeople(new URL(request.url, origin).pathname);
          return page
            ? Response.redirect(page, 303)
            : new Response('Not acceptable', { status: 406, headers: { Vary: 'Accept' } });
        },
      });
      return sendResponse(reply, response);
    }
  });
}
