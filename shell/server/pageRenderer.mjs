// Server rendering on the site's server: the shell's renderer (shell/dist-server/renderer.cjs, a Module Federation host
// for Node) renders each page with its sections' current server builds and their data; rendered pages are kept in a
// PageCache (pageCache.mjs), and the server listens to the content tables through Supabase Realtime so that an owner's
// edit makes the pages rendered from that table stale at once (they are rendered again in the background). A page is
// rendered to its text before anyone is answered, so no visitor's socket holds a render. A page the renderer cannot
// render (or not within deadlines.serverRenderMs) is answered from its prerendered file. A search renders its slots
// alone, in the frame of its page's kept render (src/server/keptFrame.ts).
import { createRequire } from 'node:module';
import { RealtimeClient } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { PageCache, pageCacheControl, pageCacheTimes } from './pageCache.mjs';
import { busy, RenderLimiter, renderLimits } from './renderLimits.mjs';

const require = createRequire(import.meta.url);

/**
 * @param {object} options
 * @param {string} options.rendererFile shell/dist-server/renderer.cjs
 * @param {{ supabase: { url: string, publishableKey: string } }} options.siteConfig
 * @param {() => Promise<Record<string, string>>} options.remotes remotes.json as it is now
 * @param {() => Promise<Record<string, Record<string, string>>>} options.pins section-pins.json as it is now
 * @param {(moduleIds: string[]) => Promise<string[]>} options.stylesheets the rendered modules' stylesheets
 * @param {boolean} [options.cache] keep rendered pages (default true; the throughput bench measures without)
 * @param {number} [options.deadlineMs] how long a page waits for its sections
 * @param {number} [options.freshMs] how long a kept page is fresh (default pageCacheTimes.freshMs)
 * @param {typeof renderLimits} [options.limits] the renders in flight and per client (renderLimits.mjs)
 */
export async function createPageRenderer({
  rendererFile,
  siteConfig,
  remotes,
  pins,
  stylesheets,
  cache = true,
  deadlineMs,
  freshMs = pageCacheTimes.freshMs,
  limits = renderLimits,
}) {
  const limiter = new RenderLimiter(limits);
  // Kept by address: a page's path, or its path and the canonical query of a search on it.
  const pages = new PageCache({ times: { ...pageCacheTimes, freshMs } });
  const refreshing = new Map();
  /** The renders under way, by address: a burst of visitors to a page that is not kept shares one render. */
  const rendering = new Map();
  // Module Federation's async startup: the bundle's exports arrive once its shared modules are ready.
  const { createRenderer, deadlines, socketWithDeadline } = await require(rendererFile);
  const renderer = createRenderer({
    siteConfig,
    remotes,
    pins,
    stylesheets,
    deadlineMs,
    onRedeploy: (section) => refreshAll(pages.sectionRedeployed(section)),
    log: (line) => console.log(line),
  });
  // In the background: the server answers at once, and pages render their sections as soon as they are loaded.
  // It says when every section's code is in (the warm-up test waits for that, a deploy's log shows it).
  void renderer.warm().then(() => console.log("[server render] every section's code is loaded"));
  // A redeploy or promotion reaches the pages kept from that section within the check interval, whether or not a
  // visitor asks for one of them meanwhile (a page served from the cache checks nothing).
  const stopWatching = cache ? renderer.watch() : () => undefined;

  /**
   * Renders a page to its text, read here whatever any visitor's socket does (a visitor who stops reading never holds
   * the render, nor the visitors who share it), and keeps it.
   * @param {{ background?: boolean }} [options] nobody waits for it: its sections get the longer deadline
   * @returns {Promise<import('./pageCache.mjs').CachedPage | undefined>}
   */
  function renderNow(address, { background = false } = {}) {
    // In its turn among the renders in flight; none when too many wait (the prerendered file is served).
    const page = limiter
      .run(() => renderPage(address, background))
      .then((made) => (made === busy ? undefined : made));
    // Under way from the start, so that visitors asking meanwhile wait for this render instead of starting theirs (not
    // for a background one, with its longer deadline: they start their own, and refresh() keeps those one at a time).
    if (cache && !background) {
      const shared = page.catch(() => undefined);
      rendering.set(address, shared);
      void shared.finally(() => rendering.get(address) === shared && rendering.delete(address));
    }
    return page;
  }

  async function renderPage(address, background, keepFrame = true) {
    const query = address.indexOf('?');
    const path = query < 0 ? address : address.slice(0, query);
    const search = query < 0 ? '' : address.slice(query);
    // A search on a page whose render is kept: its slots alone, in that render's frame (src/server/keptFrame.ts).
    const framed = search && keepFrame && cache ? pages.keptPage(path)?.html : undefined;
    const rendered = await renderer.render(path, { search, background, frame: framed === undefined });
    if (!rendered) return undefined;
    const chunks = [];
    // Rejects when the render fails or passes its deadline (the renderer aborts it).
    for await (const chunk of rendered.root) chunks.push(Buffer.from(chunk));
    const slots = [...rendered.rendered, ...Object.keys(rendered.skipped)];
    const html =
      framed === undefined
        ? Buffer.concat(chunks).toString('utf8')
        : renderer.withKeptFrame(framed, Buffer.concat(chunks).toString('utf8'), slots);
    // A kept page that lacks a slot (it cannot, but a render is the fallback): the search is rendered whole.
    if (html === undefined) return renderPage(address, background, false);
    const complete = Object.keys(rendered.skipped).length === 0;
    // A page with a section left to the browser is kept as already stale (unless a whole one is kept): visitors get
    // it (its other slots render in the browser) while a whole one renders in the background, one at a time.
    const page = {
      html,
      headHtml: rendered.headHtml,
      replacesDocumentStylesheets: rendered.replacesDocumentStylesheets,
      dataHtml: rendered.dataHtml,
      renderedAt: Date.now(),
      stale: !complete,
      complete,
      tables: rendered.tables,
      sections: [...new Set(slots.map((id) => id.split('/')[0]))],
    };
    if (cache) {
      watch(rendered.tables);
      pages.set(address, page);
    }
    return page;
  }

  /** Renders the page again in the background (once at a time per address), for the next visitors. */
  function refresh(address) {
    if (refreshing.has(address)) return;
    const done = renderNow(address, { background: true })
      .catch((error) => console.error(`[server render] ${address}: refresh failed:`, error.message))
      .finally(() => refreshing.delete(address));
    refreshing.set(address, done);
  }

  function refreshAll(addresses) {
    for (const address of addresses) refresh(address);
  }

  // Each table a rendered page was read from is watched (once): a change marks those pages stale and renders them again.
  const realtime = cache
    ? new RealtimeClient(new URL('realtime/v1', `${siteConfig.supabase.url}/`).href.replace(/^http/, 'ws'), {
        params: { apikey: siteConfig.supabase.publishableKey },
        // The browser's deadlines (shared-ui/src/data/deadlines.ts): the socket opens in time and each answer (join,
        // heartbeat) comes in time, or it is closed and opened again, so a hung backend is noticed within seconds.
        transport: socketWithDeadline(WebSocket, deadlines.realtimeMs),
        timeout: deadlines.realtimeMs,
        heartbeatIntervalMs: deadlines.realtimeHeartbeatMs,
      })
    : undefined;
  const watched = new Set();
  function watch(tables) {
    for (const table of tables) {
      if (!realtime || watched.has(table)) continue;
      watched.add(table);
      let joinedBefore = false;
      realtime
        .channel(`server-render-${table}`)
        .on('postgres_changes', { event: '*', schema: 'public', table }, () =>
          refreshAll(pages.tableChanged(table)),
        )
        .subscribe((status) => {
          if (status !== 'SUBSCRIBED') return;
          // Joined again after the socket was lost: a change made meanwhile was missed, so the pages read from the
          // table are rendered again now rather than when they expire.
          if (joinedBefore) refreshAll(pages.tableChanged(table));
          joinedBefore = true;
        });
    }
  }

  /** The whole page of a render in its document, made once per render and document (documents are kept as read). */
  const composed = new WeakMap();
  function answer(page, document, how) {
    let made = composed.get(page);
    if (made?.document !== document) {
      made = { document, body: renderer.composePage(document, page, page.html) };
      composed.set(page, made);
    }
    return {
      status: 200,
      headers: { 'Cache-Control': pageCacheControl(), 'X-Page-Render': how },
      body: made.body,
      // The same object for every visitor served this render: what it is sent as is made once (plugins/pages.mjs).
      source: page,
    };
  }

  return {
    /**
     * The page, rendered here (or from the cache), or undefined when it cannot be (the prerendered file is served).
     * @param {string} path the page's path
     * @param {string} search the canonical query of its search ('' for none: see @site/shared-ui/searchAddress)
     * @param {string} document the page's prerendered document
     * @param {string} [client] who asks (clientAddress.mjs): a new render is taken from their allowance
     * @returns {Promise<{ status: number, headers: Record<string, string>, body: string, source: object } |
     *   { refused: true, retryAfterSeconds: number } | undefined>} refused: the client has caused too many renders
     */
    async render(path, search, document, client) {
      const address = `${path}${search}`;
      const cached = cache ? pages.get(address) : undefined;
      try {
        if (cached && cached.state !== 'expired') {
          if (cached.state === 'stale') refresh(address);
          return answer(cached.page, document, `cache-${cached.state}`);
        }
        const shared = await rendering.get(address);
        if (shared) return answer(shared, document, 'server-shared');
        const wait = client === undefined ? 0 : limiter.take(client);
        if (wait > 0) return { refused: true, retryAfterSeconds: wait };
        const rendered = await renderNow(address);
        return rendered ? answer(rendered, document, 'server') : undefined;
      } catch (error) {
        console.error(
          `[server render] ${address}: served prerendered instead:`,
          error instanceof Error ? error.stack : error,
        );
        return undefined;
      }
    },
    close: async () => {
      stopWatching();
      await realtime?.disconnect();
    },
  };
}
