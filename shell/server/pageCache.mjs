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

/**
 * Pages are kept by address: a page's path, or its path with the canonical query of a search on it ('/courses?chip=CSS',
 * see @site/shared-ui/searchAddress). The site's pages are few; searches are as many as visitors can type. So searches
 * are kept apart, at most `maxSearches` of them, the least recently used going first: a flood of distinct searches
 * holds a bounded amount of memory, and never pushes the pages themselves out.
 */
export class PageCache {
  /** @type {Map<string, CachedPage>} */
  #pages = new Map();
  /** @type {Map<string, CachedPage>} in order of use, the least recently used first */
  #searches = new Map();

  constructor({ maxPages = 200, maxSearches = 50, times = pageCacheTimes } = {}) {
    this.maxPages = maxPages;
    this.maxSearches = maxSearches;
    this.times = times;
  }

  /** How many pages and searches are kept. */
  get size() {
    return this.#pages.size + this.#searches.size;
  }

  #kept(address) {
    return address.includes('?') ? this.#searches : this.#pages;
  }

  /** @returns {{ page: CachedPage, state: 'fresh' | 'stale' | 'expired' } | undefined} */
  get(address, now = Date.now()) {
    const kept = this.#kept(address);
    const page = kept.get(address);
    if (!page) return undefined;
    if (kept === this.#searches) {
      kept.delete(address);
      kept.set(address, page);
    }
    return { page, state: cacheState(page, now, this.times) };
  }

  /** The kept render of a page (not a search), whatever its age, without counting as a use; undefined for none. */
  keptPage(path) {
    return this.#pages.get(path);
  }

  /**
   * Keeps the page, unless it is incomplete and a complete one is kept that has not expired: a render that left a slot
   * to the browser (a loaded machine, a slow read) never replaces a whole page, which visitors without JavaScript and
   * crawlers can read. The whole one stays stale, so the next visitor asks for another render.
   * @param {CachedPage} page
   * @returns {boolean} whether the page is kept
   */
  set(address, page, now = Date.now()) {
    const earlier = this.get(address, now);
    if (!page.complete && earlier?.page.complete && earlier.state !== 'expired') {
      earlier.page.stale = true;
      return false;
    }
    const kept = this.#kept(address);
    kept.delete(address);
    kept.set(address, page);
    const bound = kept === this.#searches ? this.maxSearches : this.maxPages;
    while (kept.size > bound) kept.delete(kept.keys().next().value);
    return true;
  }

  /**
   * Marks stale every page and search rendered from the table; returns the pages' addresses (to render again now).
   * A search is rendered again when a visitor next asks for it, so a change never sets off a render of every search.
   */
  tableChanged(table) {
    return this.#markStale((page) => page.tables.includes(table));
  }

  /** Marks stale every page and search that shows a module of the section; returns the pages' addresses. */
  sectionRedeployed(section) {
    return this.#markStale((page) => page.sections.includes(section));
  }

  #markStale(affected) {
    const addresses = [];
    for (const [kept, renderNow] of [
      [this.#pages, true],
      [this.#searches, false],
    ]) {
      for (const [address, page] of kept) {
        if (!affected(page)) continue;
        page.stale = true;
        if (renderNow) addresses.push(address);
      }
    }
    return addresses;
  }
}
