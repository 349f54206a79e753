// The Fastify instance every server of the site starts from (the shell's, and the sections' file servers that
// `npm start` runs): a request id on every answer, limits and timeouts so that no request, however malformed or slow,
// stops or stalls it, no bodies taken, compression, and plain answers for errors. What it serves comes from the
// plugins registered on it (./plugins/).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { constants as zlib } from 'node:zlib';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import { deadlines } from '@site/shared-ui/deadlineTimes';

/** The longest URL the server reads; a longer request target is refused (414). */
export const maxUrlLength = 4096;

/** The methods a route may be asked with (anything else is refused before routing). */
export const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * A request target as logged: its path only (at most 200 characters). A query may carry a secret (a preview link's
 * token, a newsletter link's) and is never written to a log.
 */
export function loggedTarget(url) {
  const query = url.search(/[?#]/);
  return query < 0 ? url.slice(0, 200) : `${url.slice(0, Math.min(query, 200))}?…`;
}

/** What no route answers: a method no route takes is 405, anything else 404. */
export function plainNotFound(request, reply) {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return reply.code(405).header('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
  return reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .send('Not found');
}

/**
 * @param {object} options
 * @param {string} options.name names the server in its log lines
 * @param {boolean} [options.quiet] no line per request (errors are always logged)
 * @param {import('fastify').RouteHandlerMethod} [options.notFound] what answers a request no route takes
 */
export async function createServerApp({ name, quiet = true, notFound = plainNotFound }) {
  const app = Fastify({
    // Node checks the header and request timeouts every connectionsCheckingInterval: often, so they hold closely.
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: deadlines.serverHeadersMs,
          requestTimeout: deadlines.serverRequestMs,
          connectionsCheckingInterval: 1000,
        },
        handler,
      );
      // A client that shuts down its side once its request is sent (socket.end()) still gets its answer: Node's HTTP
      // server otherwise aborts the request when the client's side ends, and answers nothing. (Node's own switch; the
      // request and header timeouts above still close a client that never sends a whole request.)
      server.httpAllowHalfOpen = true;
      return server;
    },
    logger: false,
    genReqId: () => randomUUID(),
    // A client-sent id is never trusted as ours.
    requestIdHeader: false,
    requestTimeout: deadlines.serverRequestMs,
    keepAliveTimeout: deadlines.serverKeepAliveMs,
    connectionTimeout: deadlines.serverRequestMs,
    routerOptions: { maxParamLength: maxUrlLength },
    bodyLimit: 1024,
    return503OnClosing: true,
  });

  // The server takes no bodies: whatever comes with a method a route refuses is read (up to the limit) and dropped.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.length > maxUrlLength) return reply.code(414).type('text/plain').send('URI too long');
    return undefined;
  });
  if (!quiet) {
    app.addHook('onResponse', async (request, reply) => {
      console.log(
        `[${name}] ${request.method} ${loggedTarget(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
      );
    });
  }
  app.setErrorHandler((error, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500)
      console.error(`[${name}] ${request.id} ${request.method} ${loggedTarget(request.url)}:`, error);
    else if (!quiet) console.warn(`[${name}] ${request.id} refused (${status}): ${error.message}`);
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status >= 500 ? 'Server error' : 'Bad request');
  });
  app.setNotFoundHandler(notFound);

  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 512,
    // On the fly only for what was not precompressed: a quick level, so no visitor waits for it.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  return app;
}

/**
 * Listens on a port (0: any free one) and says how to reach and stop it.
 * @param {import('fastify').FastifyInstance} app
 * @param {{ port: number, host?: string }} options
 */
export async function listen(app, { port, host = '127.0.0.1' }) {
  await app.listen({ port, host });
  const { port: actualPort } = app.server.address();
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
    server: app.server,
    app,
  };
}
