// Static files, routed and sent by @fastify/static: the files written at build time precompressed (brotli, gzip) as
// the browser accepts, files whose name carries a content hash cached for a year and everything else revalidated
// (ETag, 304), never a file outside the folder nor a dotfile. A section's files are loaded by the shell from another
// origin (CORS): by any website, as a public static host serves a deployed build, or, for a development build (full
// source maps of code not yet published), by the composed site's own origins only: another website gets no CORS
// header, and a script or style it embeds (a no-cors load from another site, which CORS does not cover) is refused,
// as webpack-dev-server refuses its own. On the shell, pages are the pages plugin's: its HTML files are never served
// as files.
import fastifyPlugin from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Files whose name carries a content hash never change: cache them for a year. */
const hashedName = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export function cacheControlFor(filePath) {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  return hashedName.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The origin a request comes from: its Origin header, or else its Referer's (a no-cors load sends no Origin). */
function requestOrigin(headers) {
  if (typeof headers.origin === 'string') return headers.origin;
  try {
    return typeof headers.referer === 'string' ? new URL(headers.referer).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CORS headers of a section's file for this request, or undefined when the request is refused.
 * @param {import('fastify').FastifyRequest} request
 * @param {Set<string> | undefined} origins the origins allowed (undefined: any)
 */
function crossOriginHeadersFor(request, origins) {
  if (!origins) return { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' };
  const from = requestOrigin(request.headers);
  if (from !== undefined && origins.has(from)) {
    return {
      'Access-Control-Allow-Origin': from,
      'Cross-Origin-Resource-Policy': 'cross-origin',
      Vary: 'Origin',
    };
  }
  // Fetch Metadata (sent by every current browser): another site's page embedding the file.
  if (request.headers['sec-fetch-site'] === 'cross-site') return undefined;
  return { Vary: 'Origin' };
}

/**
 * @type {import('fastify').FastifyPluginAsync<{ root: string, crossOrigin?: boolean, origins?: string[],
 *   htmlFiles?: boolean }>}
 *   `crossOrigin`: a section's files, for the origins listed in `origins` (none listed: any website);
 *   `htmlFiles: false`: no .html file is served (the shell's pages)
 */
export const staticFiles = fastifyPlugin(
  async (app, { root, crossOrigin = false, origins, htmlFiles = true }) => {
    if (crossOrigin) {
      const allowed = origins ? new Set(origins) : undefined;
      app.addHook('onRequest', async (request, reply) => {
        const headers = crossOriginHeadersFor(request, allowed);
        if (!headers) {
          return reply
            .code(403)
            .header('Vary', 'Origin')
            .type('text/plain; charset=utf-8')
            .send('Another website may not load this file');
        }
        reply.headers(headers);
        return undefined;
      });
      app.options('/*', (_request, reply) =>
        reply
          .code(204)
          .headers({ 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' })
          .send(),
      );
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      preCompressed: true,
      cacheControl: false,
      lastModified: false,
      // Files only: a folder is no answer (404, not send's 403 for a folder without an index).
      allowedPath: (pathname) => !pathname.endsWith('/') && (htmlFiles || !pathname.endsWith('.html')),
      setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(filePath)),
    });
  },
  { name: 'static-files' },
);
