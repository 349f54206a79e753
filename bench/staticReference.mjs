// The bench's own proxy in front of the site. Every request passes to the site's server unchanged, except an address
// with `?static-reference`: that page comes back as the site's server rendered it, with its scripts stripped (no
// executable script, and no script, module or fetch hint in its `Link` header; preconnects and the hints for its
// stylesheets and images stay). Both the route and its reference go through this proxy in the same run, so the proxy
// costs them the same, and the reference is the limit the route is measured against: its own HTML, its own CSS, its
// own images, served by the same server, with no JavaScript.
import http from 'node:http';
import { brotliCompressSync, gunzipSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { executableScript } from '../shell/server/markup.cjs';

export const staticReferenceQuery = 'static-reference';

const scriptHint = /<link\b[^>]*>\s*/gi;
const isScriptHint = (tag) =>
  /\brel="modulepreload"/i.test(tag) || (/\brel="preload"/i.test(tag) && /\bas="(script|fetch)"/i.test(tag));

/** @param {string} html */
export function stripScripts(html) {
  return html.replace(executableScript, '').replace(scriptHint, (tag) => (isScriptHint(tag) ? '' : tag));
}

/** A `Link` header without its script, module and fetch hints. @param {string | undefined} header */
export function stripScriptHints(header) {
  if (!header) return header;
  const kept = header
    .split(/,(?=\s*<)/)
    .filter((link) => !/rel="?modulepreload"?|as="?(script|fetch)"?/i.test(link));
  return kept.length > 0 ? kept.map((link) => link.trim()).join(', ') : undefined;
}

function decoded(body, encoding) {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/**
 * @param {{ siteUrl: string, port: number }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startStaticReferenceProxy({ siteUrl, port }) {
  const site = new URL(siteUrl);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', siteUrl);
    const reference = url.searchParams.has(staticReferenceQuery);
    url.searchParams.delete(staticReferenceQuery);
    const headers = { ...request.headers, host: site.host };
    const upstream = http.request(
      {
        host: site.hostname,
        port: site.port,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers,
      },
      (answer) => {
        const isHtml = /text\/html/.test(String(answer.headers['content-type'] ?? ''));
        if (!reference || !isHtml) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const html = decoded(Buffer.concat(chunks), answer.headers['content-encoding']).toString('utf8');
          // Sent as the site sends its pages (brotli), so the reference's HTML weighs what the route's does.
          const body = brotliCompressSync(stripScripts(html), {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5 },
          });
          const out = { ...answer.headers, 'content-encoding': 'br', 'content-length': String(body.length) };
          delete out['transfer-encoding'];
          delete out.etag;
          const link = stripScriptHints(/** @type {string | undefined} */ (answer.headers.link));
          if (link) out.link = link;
          else delete out.link;
          response.writeHead(answer.statusCode ?? 502, out);
          response.end(body);
        });
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
