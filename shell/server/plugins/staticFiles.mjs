// Static files, routed and sent by @fastify/static: the files written at build time precompressed (brotli, gzip) as
// the browser accepts, files whose name carries a content hash cached for a year and everything else revalidated
// (ETag, 304), never a file outside the folder nor a dotfile. A section's files are loaded by the shell from another
// origin (CORS). On the shell, pages are the pages plugin's: its HTML files are never served as files.
import fastifyPlugin from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Files whose name carries a content hash never change: cache them for a year. */
const hashedName = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export function cacheControlFor(filePath) {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  return hashedName.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const crossOriginHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/**
 * @type {import('fastify').FastifyPluginAsync<{ root: string, crossOrigin?: boolean, htmlFiles?: boolean }>}
 *   `crossOrigin`: a section's files; `htmlFiles: false`: no .html file is served (the shell's pages)
 */
export const staticFiles = fastifyPlugin(
  async (app, { root, crossOrigin = false, htmlFiles = true }) => {
    if (crossOrigin) {
      app.addHook('onRequest', async (_request, reply) => {
        reply.headers(crossOriginHeaders);
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
