// The production server of one built app, on Fastify: the right cache headers for Module Federation, precompressed
// brotli/gzip files (written at build time) or compression on the fly, the prerendered pages of the shell with a real
// 404, CORS for sections, security headers, a request id on every answer, and limits and timeouts so that no request,
// however malformed or slow, stops or stalls it.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { insertBefore, textHash } from './markup.cjs';
import { canonicalPage, decodedPath, requestPath } from './pagePaths.mjs';
import { chosenTheme, withTheme } from './pageTheme.mjs';
import { previewCookie, previewLifetimeMs, previewRemotes, previewToken, readPreview } from './previews.mjs';

/** How long a client may take to send its request's headers, and the whole request; then the socket is closed. */
export const serverTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };
/** The longest URL the server reads; a longer request target is refused (414). */
export const maxUrlLength = 4096;

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
};

/** Files whose name carries a content hash never change: cache them for a year. */
const hashedName = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export function cacheControlFor(filePath) {
  return hashedName.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The file a URL path names inside the root (or its index.html), never anything outside it. */
async function findFile(root, urlPath) {
  const decoded = decodedPath(urlPath);
  if (decoded === undefined) return null;
  const absolute = path.join(root, path.normalize(decoded));
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return null;
  for (const candidate of [absolute, path.join(absolute, 'index.html')]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return { file: candidate, info };
  }
  return null;
}

function etagOf(info) {
  return `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
}

/** A strong ETag of generated content (a page with generated head tags). */
function etagOfText(text) {
  return `"${textHash(text)}"`;
}

/**
 * A request target as logged: its path only (at most 200 characters). A query may carry a secret (a preview link's
 * token, a newsletter link's) and is never written to a log.
 */
export function loggedTarget(url) {
  const query = url.search(/[?#]/);
  return query < 0 ? url.slice(0, 200) : `${url.slice(0, Math.min(query, 200))}?…`;
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * @param {object} options
 * @param {string} options.root the built app's folder
 * @param {boolean} [options.pages] the shell: unknown paths get the prerendered not-found page with status 404
 * @param {Iterable<string>} [options.pagePaths] the shell's pages: any other spelling of one is redirected (301) to it,
 *   and only they are rendered
 * @param {boolean} [options.crossOrigin] a section: its files are loaded by the shell from another origin
 * @param {Record<string, string>} [options.headers] extra headers on every answer (security headers)
 * @param {Record<string, string>} [options.overrides] URL path -> file served instead (e.g. another remotes.json)
 * @param {(pathname: string) => string | undefined | Promise<string | undefined>} [options.linkHeader] early hints for
 *   an HTML page
 * @param {(pathname: string) => string | undefined | Promise<string | undefined>} [options.htmlHead] generated tags
 *   added at the end of an HTML page's head (structured data made from the tables)
 * @param {Record<string, () => Promise<{ headers: Record<string, string>, body: string }>>} [options.routes] URL path ->
 *   a generated answer (status 200), compressed like a file
 * @param {(pathname: string) => Promise<{ headers: Record<string, string>, body: string } | undefined>} [options.generated]
 *   an answer made for a path that is no route (undefined: the path is not one it makes; a rejection: 503)
 * @param {(pathname: string, document: string) => Promise<{ status: number,
 *   headers: Record<string, string>, body: string | import('node:stream').Readable } | undefined>} [options.renderPage]
 *   the shell's server render: the page rendered in full from its prerendered document (undefined: serve the file)
 * @param {{ secret?: string, liveRemotes: () => Promise<Record<string, string>> }} [options.previews] the shell's
 *   previews (previews.mjs): /__preview?token=… starts one for this browser, /__preview/end ends it
 * @param {((app: import('fastify').FastifyInstance) => Promise<void>)[]} [options.plugins] Fastify plugins with routes
 *   of their own (the newsletter links' pages), registered before the files
 * @param {string} [options.name] names the server in its log lines
 * @param {boolean} [options.quiet] no line per request (errors are always logged)
 */
export async function createStaticApp({
  root,
  pages = false,
  pagePaths = [],
  crossOrigin = false,
  headers = {},
  overrides = {},
  linkHeader,
  htmlHead,
  routes = {},
  generated = async () => undefined,
  renderPage,
  previews,
  plugins = [],
  name = path.basename(path.dirname(path.resolve(root))),
  quiet = true,
}) {
  const rootDir = path.resolve(root);
  const sitePages = new Set(pagePaths);
  const app = Fastify({
    // Node checks the header and request timeouts every connectionsCheckingInterval: often, so they hold closely.
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: serverTimeouts.headersMs,
          requestTimeout: serverTimeouts.requestMs,
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
    requestTimeout: serverTimeouts.requestMs,
    keepAliveTimeout: serverTimeouts.keepAliveMs,
    connectionTimeout: serverTimeouts.requestMs,
    routerOptions: { maxParamLength: maxUrlLength },
    bodyLimit: 1024,
    return503OnClosing: true,
  });

  // The server takes no bodies: whatever comes with a method it refuses is read (up to the limit) and dropped.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  const everyAnswer = { ...headers };
  if (crossOrigin) {
    everyAnswer['Access-Control-Allow-Origin'] = '*';
    everyAnswer['Cross-Origin-Resource-Policy'] = 'cross-origin';
  }
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.headers(everyAnswer);
    if (request.url.length > maxUrlLength) return reply.code(414).type('text/plain').send('URI too long');
    return undefined;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!quiet)
      console.log(
        `[${name}] ${request.method} ${loggedTarget(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
      );
  });
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
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send('Not found'),
  );

  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 512,
    // On the fly only for what was not precompressed at build time: a quick level, so no visitor waits for it.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  await app.register(fastifyStatic, {
    root: rootDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    lastModified: false,
  });

  // A page from the page cache is the same text for many visitors: compressed once per text and encoding, not per
  // request (brotli of a 40 KB page costs more than serving it). Kept by ETag, a few dozen at most.
  const compressedPages = new Map();
  function compressedPage(etag, encoding, text) {
    const key = `${encoding} ${etag}`;
    let bytes = compressedPages.get(key);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(text, { level: 6 });
      compressedPages.set(key, bytes);
      if (compressedPages.size > 64) compressedPages.delete(compressedPages.keys().next().value);
    }
    return bytes;
  }
  const acceptedEncoding = (header = '') =>
    /\bbr\b/.test(header) ? 'br' : /\bgzip\b/.test(header) ? 'gzip' : undefined;

  /** The remotes of this browser's preview, when it has a valid one. */
  async function previewedRemotes(request) {
    if (!previews?.secret) return undefined;
    const preview = readPreview(previewToken(request.headers.cookie), previews.secret);
    return preview ? previewRemotes(await previews.liveRemotes(), preview) : undefined;
  }

  async function answerPreview(request, reply, pathname) {
    const cookie = (value, maxAgeSeconds) =>
      `${previewCookie}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;
    reply.header('Cache-Control', 'private, no-store');
    if (pathname === '/__preview/end') {
      return reply.code(303).header('Set-Cookie', cookie('', 0)).header('Location', '/').send();
    }
    const token = new URL(request.url, 'http://localhost').searchParams.get('token') ?? '';
    const preview = previews?.secret ? readPreview(token, previews.secret) : undefined;
    if (!preview || !previewRemotes(await previews.liveRemotes(), preview)) {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('This preview link is not valid, or it has expired. Ask for a new one.');
    }
    const maxAge = Math.max(
      0,
      Math.floor(Math.min(preview.expiresAt - Date.now(), previewLifetimeMs) / 1000),
    );
    return reply.code(303).header('Set-Cookie', cookie(token, maxAge)).header('Location', '/').send();
  }

  async function servePage(request, reply, found, status, pathname) {
    let body = await readFile(found.file, 'utf8');
    let etag = etagOf(found.info);
    const generatedHead = htmlHead ? await htmlHead(pathname) : undefined;
    if (generatedHead) {
      body = insertBefore(body, '</head>', generatedHead);
      etag = etagOfText(body);
    }
    // In the visitor's chosen theme from the first byte, rendered or not (the page cache keeps the root only).
    const theme = chosenTheme(request.headers.cookie);
    if (theme) {
      body = withTheme(body, theme);
      etag = etagOfText(body);
    }
    const hints = linkHeader ? await linkHeader(pathname) : undefined;
    if (hints) reply.header('Link', hints);
    // A preview is rendered in the browser, with its own remotes, and never kept by a cache.
    if (await previewedRemotes(request)) {
      return reply
        .code(status)
        .header('Cache-Control', 'private, no-store')
        .type(contentTypes['.html'])
        .send(body);
    }
    // Only the site's pages, in their one spelling, are rendered (the not-found page is its prerendered file).
    const rendered =
      renderPage && status === 200 && (sitePages.size === 0 || sitePages.has(pathname))
        ? await renderPage(pathname, body)
        : undefined;
    if (rendered) {
      if (typeof rendered.body === 'string') {
        const renderedEtag = etagOfText(rendered.body);
        reply.header('ETag', renderedEtag);
        if (request.headers['if-none-match'] === renderedEtag) {
          return reply.code(304).headers(rendered.headers).send();
        }
        const encoding = acceptedEncoding(request.headers['accept-encoding']);
        if (encoding) {
          return reply
            .code(rendered.status)
            .headers(rendered.headers)
            .header('Vary', 'Accept-Encoding')
            .header('Content-Encoding', encoding)
            .type(contentTypes['.html'])
            .send(compressedPage(renderedEtag, encoding, rendered.body));
        }
      }
      return reply
        .code(rendered.status)
        .headers(rendered.headers)
        .type(contentTypes['.html'])
        .send(rendered.body);
    }
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.code(status).type(contentTypes['.html']).send(body);
  }

  for (const plugin of plugins) await app.register(plugin);

  app.route({
    method: methods,
    url: '/*',
    handler: async (request, reply) => {
      if (request.method === 'OPTIONS' && crossOrigin) {
        return reply
          .code(204)
          .headers({ 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' })
          .send();
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(405).header('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
      }
      const pathname = requestPath(request.url);
      if (pathname === undefined) return reply.code(400).type('text/plain').send('Bad request');
      const page = sitePages.size > 0 ? canonicalPage(pathname, sitePages) : undefined;
      if (page !== undefined && page !== pathname) {
        const query = request.url.indexOf('?');
        return reply
          .code(301)
          .header('Location', query < 0 ? page : `${page}${request.url.slice(query)}`)
          .header('Cache-Control', 'public, max-age=3600')
          .send();
      }

      if (previews && (pathname === '/__preview' || pathname === '/__preview/end')) {
        return answerPreview(request, reply, pathname);
      }
      if (previews && pathname === '/remotes.json') {
        const remotes = await previewedRemotes(request);
        if (remotes) return reply.header('Cache-Control', 'private, no-store').send(remotes);
      }

      const route = Object.hasOwn(routes, pathname) ? routes[pathname] : undefined;
      const answer = await (route ? route() : generated(pathname)).catch((error) => {
        console.error(`[${name}] ${request.id} ${pathname}:`, error.message);
        return null;
      });
      if (answer === null || (route && !answer)) {
        return reply.code(503).type('text/plain; charset=utf-8').send('Try again later');
      }
      if (answer) return reply.code(200).headers(answer.headers).send(answer.body);

      const override = Object.hasOwn(overrides, pathname) ? overrides[pathname] : undefined;
      let status = 200;
      let found = override
        ? { file: override, info: await stat(override) }
        : await findFile(rootDir, pathname);
      if (!found && pages && !path.extname(pathname)) {
        // The prerendered not-found page; a development build has none, and the app itself routes the path.
        found = await findFile(rootDir, '/404.html');
        status = 404;
        if (!found) {
          found = await findFile(rootDir, '/index.html');
          status = 200;
        }
      }
      if (!found) return reply.callNotFound();

      const extension = path.extname(found.file);
      if (extension === '.html') return servePage(request, reply, found, status, pathname);
      reply
        .header('Cache-Control', cacheControlFor(found.file))
        .type(contentTypes[extension] ?? 'application/octet-stream');
      return reply.sendFile(path.basename(found.file), path.dirname(found.file), { cacheControl: false });
    },
  });
  return app;
}

/**
 * Starts the app's server on a port (see createStaticApp for the options).
 * @param {Parameters<typeof createStaticApp>[0] & { port: number, host?: string }} options
 */
export async function startStaticServer({ port, host = '127.0.0.1', ...options }) {
  const app = await createStaticApp(options);
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
