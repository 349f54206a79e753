// Server-rendered pages, kept briefly so a burst of visitors costs one render: a page is fresh for a few seconds; after
// that it is still served while a new render runs in the background (stale-while-revalidate), up to a limit after
// which a visitor waits for a new render. A change in a table a page was rendered from, or a redeploy of a section it
// shows, makes it stale at once. The same rules go to a CDN in front, as Cache-Control.

export const pageCacheTimes = { freshMs: 10_000, staleMs: 60_000 };

/** Cache-Control for a server-rendered page: browsers revalidate, a CDN keeps it as this server does. */
export function pageCacheControl({ freshMs, staleMs } = pageCacheTimes) {
  return `public, max-age=0, s-maxage=${freshMs / 1000}, stale-while-revalidate=${staleMs / 1000}`;
}

/**
 * What a cached page is worth now: 'fresh' (serve it), 'stale' (serve it and render anew in the background) or
 * 'expired' (render anew and serve that).
 * @param {{ renderedAt: number, stale: boolean }} entry
 */
export function cacheState(entry, now, { freshMs, staleMs } = pageCacheTimes) {
  const age = now - entry.renderedAt;
  if (age >= freshMs + staleMs) return 'expired';
  if (entry.stale || age >= freshMs) return 'stale';
  return 'fresh';
}

/**
 * `complete`: every slot was rendered here (none left to the browser).
 * @typedef {{ html: string, headHtml: string, replacesDocumentStylesheets?: boolean, dataHtml: string, renderedAt: number, stale: boolean, complete: boolean, tables: string[], sections: string[] }} CachedPage
 */
export class PageCache {
  /** @type {Map<string, CachedPage>} */
  #pages = new Map();

  constructor({ maxPages = 200, times = pageCacheTimes } = {}) {
    this.maxPages = maxPages;
    this.times = times;
  }

  /** @returns {{ page: CachedPage, state: 'fresh' | 'stale' | 'expired' } | undefined} */
  get(path, now = Date.now()) {
    const page = this.#pages.get(path);
    return page ? { page, state: cacheState(page, now, this.times) } : undefined;
  }

  /**
   * Keeps the page, unless it is incomplete and a complete one is kept that has not expired: a render that left a slot
   * to the browser (a loaded machine, a slow read) never replaces a whole page, which visitors without JavaScript and
   * crawlers can read. The whole one stays stale, so the next visitor asks for another render.
   * @param {CachedPage} page
   * @returns {boolean} whether the page is kept
   */
  set(path, page, now = Date.now()) {
    const kept = this.get(path, now);
    if (!page.complete && kept?.page.complete && kept.state !== 'expired') {
      kept.page.stale = true;
      return false;
    }
    this.#pages.delete(path);
    this.#pages.set(path, page);
    while (this.#pages.size > this.maxPages) this.#pages.delete(this.#pages.keys().next().value);
    return true;
  }

  /** Marks stale every page rendered from the table; returns their paths (to render again). */
  tableChanged(table) {
    return this.#markStale((page) => page.tables.includes(table));
  }

  /** Marks stale every page that shows a module of the section. */
  sectionRedeployed(section) {
    return this.#markStale((page) => page.sections.includes(section));
  }

  #markStale(affected) {
    const paths = [];
    for (const [path, page] of this.#pages) {
      if (affected(page)) {
        page.stale = true;
        paths.push(path);
      }
    }
    return paths;
  }
}
