// A small production static server for one built app: the right cache headers for Module Federation, brotli or
// gzip, the prerendered pages of the shell with a real 404, CORS for sections, and security headers. The shell's
// server also answers a few generated routes (sitemap.xml) and adds generated tags to a page's head.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';

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

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.txt', '.svg', '.xml']);

/** Files whose name carries a content hash never change: cache them for a year. */
const hashedName = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export function cacheControlFor(filePath) {
  return hashedName.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const compressedCache = new Map();

const compressAsync = { br: promisify(brotliCompress), gzip: promisify(gzip) };
const brotliOptions = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } };

function etagOf(info) {
  return `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
}

/** Compresses every compressible file in the background, so no visitor waits for brotli's highest level. */
async function precompress(root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (!entry.isFile() || !compressible.has(path.extname(file)) || file.endsWith('.map')) continue;
    const info = await stat(file);
    if (info.size <= 512) continue;
    const body = await readFile(file);
    for (const encoding of ['br', 'gzip']) {
      const key = `${file}:${etagOf(info)}:${encoding}`;
      if (!compressedCache.has(key)) {
        compressedCache.set(
          key,
          await compressAsync[encoding](body, encoding === 'br' ? brotliOptions : { level: 9 }),
        );
      }
    }
  }
}

/** The last compressed form of each page served with generated head tags (keyed by page, so memory stays flat). */
const generatedCompressed = new Map();

async function encodeGenerated(file, key, buffer, encoding) {
  const cached = generatedCompressed.get(`${file}:${encoding}`);
  if (cached?.key === key) return cached.body;
  const body = await compressAsync[encoding](buffer, encoding === 'br' ? brotliOptions : { level: 9 });
  generatedCompressed.set(`${file}:${encoding}`, { key, body });
  return body;
}

function encode(buffer, encoding) {
  return encoding === 'br' ? brotliCompressSync(buffer, brotliOptions) : gzipSync(buffer, { level: 9 });
}

function chooseEncoding(acceptEncoding = '') {
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

async function findFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const absolute = path.join(root, path.normalize(decoded));
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return null;
  for (const candidate of [absolute, path.join(absolute, 'index.html')]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return { file: candidate, info };
  }
  return null;
}

/**
 * @param {object} options
 * @param {string} options.root the built app's folder
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {boolean} [options.pages] the shell: unknown paths get the prerendered not-found page with status 404
 * @param {boolean} [options.crossOrigin] a section: its files are loaded by the shell from another origin
 * @param {Record<string, string>} [options.headers] extra headers on every answer (security headers)
 * @param {Record<string, string>} [options.overrides] URL path -> file served instead (e.g. another remotes.json)
 * @param {(pathname: string) => string | undefined | Promise<string | undefined>} [options.linkHeader] early hints for
 *   an HTML page
 * @param {(pathname: string) => string | undefined | Promise<string | undefined>} [options.htmlHead] generated tags
 *   added at the end of an HTML page's head (structured data made from the tables)
 * @param {Record<string, () => Promise<{ headers: Record<string, string>, body: string }>>} [options.routes] URL path ->
 *   a generated answer (status 200), compressed like a file
 * @param {boolean} [options.quiet]
 */
export async function startStaticServer({
  root,
  port,
  host = '127.0.0.1',
  pages = false,
  crossOrigin = false,
  headers = {},
  overrides = {},
  linkHeader,
  htmlHead,
  routes = {},
  quiet = true,
}) {
  const rootDir = path.resolve(root);
  const server = createServer(async (request, response) => {
    const started = performance.now();
    const url = new URL(request.url ?? '/', 'http://localhost');
    const baseHeaders = { ...headers, Vary: 'Accept-Encoding' };
    if (crossOrigin) {
      baseHeaders['Access-Control-Allow-Origin'] = '*';
      baseHeaders['Cross-Origin-Resource-Policy'] = 'cross-origin';
    }
    const finish = (status, extra, body) => {
      response.writeHead(status, { ...baseHeaders, ...extra });
      response.end(request.method === 'HEAD' ? undefined : body);
      if (!quiet)
        console.log(
          `${request.method} ${url.pathname} ${status} ${(performance.now() - started).toFixed(1)}ms`,
        );
    };

    if (request.method === 'OPTIONS' && crossOrigin) {
      return finish(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return finish(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }, 'Method not allowed');
    }

    const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
    if (route) {
      const answer = await route().catch((error) => {
        console.error(`[static server] ${url.pathname}:`, error.message);
        return undefined;
      });
      if (!answer) return finish(503, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Try again later');
      let body = Buffer.from(answer.body);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding)
        body = await compressAsync[encoding](body, encoding === 'br' ? brotliOptions : { level: 9 });
      const encoded = encoding ? { 'Content-Encoding': encoding } : {};
      return finish(200, { ...answer.headers, ...encoded, 'Content-Length': String(body.length) }, body);
    }

    let status = 200;
    let found = overrides[url.pathname]
      ? { file: overrides[url.pathname], info: await stat(overrides[url.pathname]) }
      : await findFile(rootDir, url.pathname);
    if (!found && pages && !path.extname(url.pathname)) {
      // The prerendered not-found page; a development build has none, and the app itself routes the path.
      found = await findFile(rootDir, '/404.html');
      status = 404;
      if (!found) {
        found = await findFile(rootDir, '/index.html');
        status = 200;
      }
    }
    if (!found)
      return finish(
        404,
        { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' },
        'Not found',
      );

    const extension = path.extname(found.file);
    let etag = etagOf(found.info);
    const generatedHead = extension === '.html' && htmlHead ? await htmlHead(url.pathname) : undefined;
    let body;
    if (generatedHead) {
      const html = (await readFile(found.file, 'utf8')).replace('</head>', `${generatedHead}</head>`);
      body = Buffer.from(html);
      etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
    }
    const fileHeaders = {
      'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
      'Cache-Control': cacheControlFor(found.file),
      ETag: etag,
    };
    if (extension === '.html' && linkHeader) {
      const hints = await linkHeader(url.pathname);
      if (hints) fileHeaders.Link = hints;
    }
    if (status === 200 && request.headers['if-none-match'] === etag) return finish(304, fileHeaders);

    body ??= await readFile(found.file);
    const encoding =
      compressible.has(extension) && body.length > 512
        ? chooseEncoding(request.headers['accept-encoding'])
        : null;
    if (encoding && generatedHead) {
      body = await encodeGenerated(found.file, etag, body, encoding);
      fileHeaders['Content-Encoding'] = encoding;
    } else if (encoding) {
      const key = `${found.file}:${etag}:${encoding}`;
      let encoded = compressedCache.get(key);
      if (!encoded) {
        encoded = encode(body, encoding);
        compressedCache.set(key, encoded);
      }
      body = encoded;
      fileHeaders['Content-Encoding'] = encoding;
    }
    fileHeaders['Content-Length'] = String(body.length);
    return finish(status, fileHeaders, body);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  precompress(rootDir).catch((error) =>
    console.error(`[static server] precompress ${rootDir}:`, error.message),
  );
  const { port: actualPort } = server.address();
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    server,
  };
}
