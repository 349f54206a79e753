'use strict';
// A search is an address: the search on a catalogue page (its term, its keyword chip, its sort, the page of results)
// is written in the page's query, so that it can be shared, bookmarked and restored by the back button, a plain GET
// form sends it without JavaScript, and the server renders it. Each search has one spelling, its canonical query:
// fields in a fixed order, values trimmed and in one case, defaults left out, anything else dropped. The site's server
// answers any other spelling with a redirect to it (so a search costs one render and one cache entry however it is
// written); the pages in the browser write only canonical queries. CommonJS, so the site's server (Node), the
// renderer and the sections (webpack) and jest share it.

/** The rows of a catalogue page: the first page of /portfolio or /courses holds this many cards, whatever the catalogue. */
const cataloguePageSize = 24;
/** The longest term searched (search_videos and search_catalogue refuse longer ones). */
const maxSearchTermLength = 200;
const maxChipLength = 40;
/** The last page an address may ask for (search_catalogue's bound). */
const maxCataloguePage = 10000;
/** The video sorts as an address writes them (search_videos' names); the first is the default. */
const videoSorts = ['views', 'trending', 'recent'];

/**
 * What each searchable page's address carries, in canonical order: a catalogue's term, chip and page of results, or
 * the tutorials' term and sort. A page that is not listed has no search: its query is not read.
 */
const searchFieldsByKind = { catalogue: ['q', 'chip', 'page'], videos: ['q', 'sort'] };
const searchKindByPage = { '/portfolio': 'catalogue', '/courses': 'catalogue', '/tutorials': 'videos' };

/** The search fields of a page's address (none for a page without a search). */
function searchFields(path) {
  const kind = Object.hasOwn(searchKindByPage, path) ? searchKindByPage[path] : undefined;
  return kind ? searchFieldsByKind[kind] : [];
}

/** At most `length` characters (code points, as the database counts them). */
const upTo = (text, length) => Array.from(text).slice(0, length).join('');

/**
 * The search a page's address asks for, whatever its spelling. A chip wins over a term (choosing a chip puts its
 * keyword in the box); an empty chip is a chip released, which shows everything. Unknown values become defaults.
 * @param {string} path the page's path
 * @param {string | URLSearchParams} query the address's query, with or without its '?'
 * @returns {{ term: string, chip: string, sort: string, page: number }}
 */
function readSearchAddress(path, query) {
  const fields = searchFields(path);
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const field = (name) => (fields.includes(name) ? params.get(name) : null);
  const chipField = field('chip');
  const chip = upTo((chipField ?? '').trim(), maxChipLength).toUpperCase();
  const term = chipField === null ? upTo((field('q') ?? '').trim(), maxSearchTermLength) : '';
  const sortField = (field('sort') ?? '').trim().toLowerCase();
  const pageField = (field('page') ?? '').trim();
  const page = /^[1-9][0-9]{0,4}$/.test(pageField) ? Number(pageField) : 1;
  return {
    term,
    chip,
    sort: videoSorts.includes(sortField) ? sortField : videoSorts[0],
    page: page <= maxCataloguePage ? page : 1,
  };
}

/**
 * The canonical query of a search on the page: '' for the page's default (everything, first page), otherwise
 * '?q=...' with only the fields that differ from the defaults, in the page's order.
 * @param {string} path
 * @param {{ term?: string, chip?: string, sort?: string, page?: number }} search
 */
function searchAddressQuery(path, search) {
  const fields = searchFields(path);
  const canonical = readSearchAddress(path, new URLSearchParams());
  const values = {
    q: search.chip ? '' : (search.term ?? '').trim(),
    chip: (search.chip ?? '').trim().toUpperCase(),
    sort: search.sort && search.sort !== canonical.sort ? search.sort : '',
    page: search.page && search.page > 1 ? String(search.page) : '',
  };
  const params = new URLSearchParams();
  for (const name of fields) if (values[name]) params.set(name, values[name]);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The one spelling of the search a request's query asks for on this page ('' or '?...'), or undefined for a page
 * without a search (its query is not read, and stays as it is).
 * @param {string} path
 * @param {string} query the query as sent, with or without its '?'
 */
function canonicalSearchQuery(path, query) {
  if (searchFields(path).length === 0) return undefined;
  return searchAddressQuery(path, readSearchAddress(path, query));
}

module.exports = {
  cataloguePageSize,
  maxSearchTermLength,
  readSearchAddress,
  searchAddressQuery,
  canonicalSearchQuery,
};
