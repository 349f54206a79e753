// The site's pages: each page in its one spelling, rendered on the server with its content (../pageRenderer.mjs) or,
// when it cannot be, its prerendered file; in the visitor's chosen theme from the first byte (../pageTheme.mjs), with
// the head tags made from the tables (structured data) and the page's early hints (a Link header). Any other spelling
// of a page is answered 301 to it (../pagePaths.mjs); an unknown path gets the not-found page with status 404, and
// nothing is rendered or kept for it. A search is an address: a page with a search (/portfolio?q=...) is rendered for
// its query, and any other spelling of that search answers 301 to its canonical query (@site/shared-ui/searchAddress);
// the query of a page without a search is not read. A page previewed (./previews.mjs) is the prerendered file, rendered in the
// browser with the preview's remotes, and never kept by a cache.
// What a page sends is the same bytes for many visitors: each answer (a rendered or prerendered page, in a theme, with
// its head tags) is made once, with its ETag, and compressed once per encoding, so a page from the page cache costs a
// lookup and a write.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyPlugin from 'fastify-plugin';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { canonicalSearchQuery } from '@site/shared-ui/searchAddress';
import { plainNotFound } from '../app.mjs';
import { insertBefore, textHash } from '../markup.cjs';
import { canonicalPage, requestPath } from '../pagePaths.mjs';
import { chosenTheme, withTheme } from '../pageTheme.mjs';

const html = 'text/html; charset=utf-8';

/** What a client that asked for too many new pages at once reads (the renderer's per-client limit). */
const tooManyRenders = (seconds) =>
  `Too many new pages asked for at once. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** How often a prerendered file is checked for a new build (`npm run dev` rebuilds them while serving). */
const documentCheckMs = 1000;

/**
 * The prerendered documents of a build folder, read once and again only when their file changed.
 * @param {string} root
 */
function prerenderedDocuments(root) {
  /** @type {Map<string, { text: string, mtimeMs: number, checkedAt: number }>} */
  const documents = new Map();
  return (file) => {
    const absolute = path.join(root, file);
    let document = documents.get(absolute);
    const now = Date.now();
    if (document && now - document.checkedAt < documentCheckMs) return document;
    const info = statSync(absolute, { throwIfNoEntry: false });
    if (!info?.isFile()) return undefined;
    document ??= { text: '', mtimeMs: -1, checkedAt: now };
    document.checkedAt = now;
    if (info.mtimeMs !== document.mtimeMs) {
      // A new object for new text: answers made from the old one are no longer found.
      document = { text: readFileSync(absolute, 'utf8'), mtimeMs: info.mtimeMs, checkedAt: now };
    }
    documents.set(absolute, document);
    return document;
  };
}

/** The path the not-found page's own count names: no page of the site, so counted as 'other'. */
const notFoundRoute = '/not-found';

/** The fields of an address that say where a visit came from (read by the page's count: shell/src/pageViews.js). */
const campaignField = /^utm_(source|medium|campaign)$/;

/**
 * A query as its search and its campaign fields: a search's one spelling never holds utm_* fields, and its redirect
 * keeps them (after the search's fields), so a visit that came from a campaign's link is counted as such.
 * @param {string} query '' or '?...'
 */
export function splitCampaign(query) {
  const params = new URLSearchParams(query);
  if (![...params.keys()].some((name) => campaignField.test(name))) return { search: query, campaign: '' };
  const search = new URLSearchParams();
  const campaign = new URLSearchParams();
  for (const [name, value] of params) (campaignField.test(name) ? campaign : search).append(name, value);
  const searchText = search.toString();
  return { search: searchText ? `?${searchText}` : '', campaign: campaign.toString() };
}

/** The file of a page ('/' -> index.html, '/about' -> about/index.html). */
const pageFile = (page) => (page === '/' ? 'index.html' : `${page.slice(1)}/index.html`);

/** Brotli, gzip or none, as the browser's Accept-Encoding weighs them (q=0 refuses one); brotli first on a tie. */
function acceptedEncoding(request) {
  const encoding = new Negotiator(request).encoding(['br', 'gzip', 'identity'], {
    preferred: ['br', 'gzip'],
  });
  return encoding === 'identity' ? undefined : encoding;
}

/**
 * A page's answer as sent, made once: its text, ETag and compressed bytes per encoding (made when first asked for).
 * Kept per source (a cached render, a prerendered document) and variant (theme and head tags), so a new render or a
 * new build makes new answers and the old ones go with their source.
 */
class Answers {
  /** @type {WeakMap<object, Map<string, { text: string, etag: string, encoded: Map<string, Buffer> }>>} */
  #bySource = new WeakMap();

  get(source, variant, make) {
    let variants = this.#bySource.get(source);
    if (!variants) this.#bySource.set(source, (variants = new Map()));
    let answer = variants.get(variant);
    if (!answer) {
      const text = make();
      answer = { text, etag: `"${textHash(text)}"`, encoded: new Map() };
      variants.set(variant, answer);
      // A handful of themes times the head tags' versions: the oldest go first.
      if (variants.size > 16) variants.delete(variants.keys().next().value);
    }
    return answer;
  }

  static encoded(answer, encoding) {
    let bytes = answer.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(answer.text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(answer.text, { level: 6 });
      answer.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * @param {object} options
 * @param {string} options.root the shell's build folder (its prerendered pages)
 * @param {Iterable<string>} options.pagePaths the site's pages (none: a development build, where the app routes every
 *   path in the browser from index.html)
 * @param {{ render: (page: string, search: string, document: string, client?: string) => Promise<{ status: number,
 *   headers: Record<string, string>, body: string, source: object } | { refused: true, retryAfterSeconds: number } |
 *   undefined> }} [options.renderer] server rendering (../pageRenderer.mjs), of a page and the canonical query of its
 *   search; refused when the client has caused too many renders
 * @param {(page: string) => Promise<string | undefined>} [options.headTags] tags made from the tables for a page's head
 * @param {(page: string) => Promise<string | undefined>} [options.hints] a page's early hints (a Link header value)
 * @param {(page: string, previewRemotes?: Record<string, string>) => Promise<{ id: number, html: string }>}
 *   [options.runtimeConfig] the runtime configuration the page carries (a data block in its head; `id` changes with it)
 * @param {(request: import('fastify').FastifyRequest) => Promise<unknown>} options.previewRemotes a request's preview
 * @param {(request: import('fastify').FastifyRequest) => string} [options.clientOf] who is asking (../clientAddress.mjs),
 *   for the renderer's per-client limit
 * @param {(route: string) => string} [options.pageViewImage] the markup that counts a page read without JavaScript
 *   (../pageViewImage.mjs), put at the end of its body
 */
export function pages({
  root,
  pagePaths,
  renderer,
  headTags,
  hints,
  runtimeConfig,
  previewRemotes,
  clientOf,
  pageViewImage,
}) {
  const sitePages = new Set(pagePaths);
  const documentOf = prerenderedDocuments(root);
  const answers = new Answers();

  async function answerPage(request, reply, page, document, status, search = '') {
    const theme = chosenTheme(request.headers.cookie);
    const previewed = await previewRemotes(request);
    // The render and the head's rows are waited for together, never one deadline after the other.
    const [head, link, config, rendered] = await Promise.all([
      headTags?.(page),
      hints?.(page),
      runtimeConfig?.(page, previewed),
      !previewed && status === 200
        ? renderer?.render(page, search, document.text, clientOf?.(request))
        : undefined,
    ]);
    if (rendered?.refused) {
      return reply
        .code(429)
        .headers({ 'Retry-After': String(rendered.retryAfterSeconds), 'Cache-Control': 'no-store' })
        .type('text/plain; charset=utf-8')
        .send(tooManyRenders(rendered.retryAfterSeconds));
    }
    if (link) reply.header('Link', link);
    const added = `${head ?? ''}${config?.html ?? ''}`;
    // The image that counts the page without JavaScript names its route; every path that is no page shares one.
    const image = pageViewImage?.(sitePages.has(page) ? page : notFoundRoute) ?? '';
    const dressed = (text) =>
      withTheme(insertBefore(added ? insertBefore(text, '</head>', added) : text, '</body>', image), theme);
    if (previewed) {
      return reply
        .code(status)
        .header('Cache-Control', 'private, no-store')
        .type(html)
        .send(dressed(document.text));
    }
    const source = rendered?.source ?? document;
    const answer = answers.get(source, `${theme}\n${config?.id}\n${head ?? ''}`, () =>
      dressed(rendered?.body ?? document.text),
    );
    reply
      .code(rendered?.status ?? status)
      .headers(rendered?.headers ?? { 'Cache-Control': 'no-cache' })
      .header('ETag', answer.etag)
      .type(html);
    // If-None-Match as HTTP reads it: a list of tags, weak or strong, or *. Only it: a request's Cache-Control:
    // no-cache (which fetch adds to a conditional request) speaks to caches, and this is the origin.
    const ifNoneMatch = request.headers['if-none-match'];
    if (status === 200 && fresh({ 'if-none-match': ifNoneMatch }, { etag: answer.etag }))
      return reply.code(304).send();
    // Every answer varies by Accept-Encoding, the plain one too (a cache must not give it to a browser that takes br).
    reply.header('Vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(request);
    if (!encoding) return reply.send(answer.text);
    return reply.header('Content-Encoding', encoding).send(Answers.encoded(answer, encoding));
  }

  /** A 301 to the page a path spells, when it spells one in another way (undefined: it does not). */
  function redirectToPage(request, reply) {
    const pathname = requestPath(request.url);
    // (The router reads `/tutorial%73` as `/tutorials`: the path as sent is what must be the page's one spelling.)
    if (pathname === undefined || sitePages.has(pathname)) return undefined;
    const page = canonicalPage(pathname, sitePages);
    if (page === undefined) return undefined;
    const query = request.url.indexOf('?');
    return reply
      .code(301)
      .header('Location', query < 0 ? page : `${page}${request.url.slice(query)}`)
      .header('Cache-Control', 'public, max-age=3600')
      .send();
  }

  /** The pages' routes, and the redirects of their other spellings wherever those would be routed (a file, nothing). */
  const plugin = fastifyPlugin(async (app) => {
    app.addHook('onRequest', async (request, reply) =>
      request.method === 'GET' || request.method === 'HEAD' ? redirectToPage(request, reply) : undefined,
    );
    for (const page of sitePages) {
      app.get(page, (request, reply) => {
        const queryStart = request.url.indexOf('?');
        const { search: query, campaign } = splitCampaign(
          queryStart < 0 ? '' : request.url.slice(queryStart),
        );
        const search = canonicalSearchQuery(page, query);
        if (search !== undefined && search !== query) {
          return reply
            .code(301)
            .header('Location', `${page}${search}${campaign && (search ? '&' : '?')}${campaign}`)
            .header('Cache-Control', 'public, max-age=3600')
            .send();
        }
        const document = documentOf(pageFile(page));
        return document ? answerPage(request, reply, page, document, 200, search) : reply.callNotFound();
      });
    }
  });

  /**
   * What is no route: a page's other spelling (301), or a path that is no page: the not-found page (404) for a path
   * without an extension, else a plain 404; a method no route takes, 405.
   * @param {import('fastify').FastifyRequest} request
   * @param {import('fastify').FastifyReply} reply
   */
  async function notFound(request, reply) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plainNotFound(request, reply);
    const pathname = requestPath(request.url);
    if (pathname === undefined) return reply.code(400).type('text/plain').send('Bad request');
    if (!path.extname(pathname)) {
      const notFoundPage = documentOf('404.html');
      if (notFoundPage) return answerPage(request, reply, pathname, notFoundPage, 404);
      // A development build has no not-found page: the app itself routes the path.
      const app = sitePages.size === 0 ? documentOf('index.html') : undefined;
      if (app) return answerPage(request, reply, pathname, app, 200);
    }
    return plainNotFound(request, reply);
  }

  return { plugin, notFound };
}
