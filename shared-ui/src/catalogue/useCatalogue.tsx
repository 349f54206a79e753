// A catalogue page's cards: the page of results its address asks for (see searchAddress), read from the database by
// search_catalogue, so a search covers the whole catalogue and a page carries at most cataloguePageSize rows, however
// large the catalogue. The server's render reads it with the page's loader (catalogueLoader), the browser hydrates from
// the same answer and reads the next one as the address changes; the answer is kept live (an owner's edit of the table
// reads the same search again: the kit's useLiveRead). And the links to the other pages of the results.
import { useCallback, useMemo } from 'react';
import { callDatabaseFunction } from '@site/shared-ui/restClient';
import { functionDataKey, functionLoader, type SectionLoader } from '@site/shared-ui/sectionData';
import { cataloguePageSize, readSearchAddress, type SearchAddress } from '@site/shared-ui/searchAddress';
import { prefetchRead, useLiveRead, type LoadStatus } from '@site/shared-ui/useLiveTable';
import { buttonClassName } from '@site/shared-ui/Button';
import { Link } from '@site/shared-ui/router';
import styles from './CataloguePager.module.css';

export type CatalogueName = 'projects' | 'courses';

/** search_catalogue's answer: the catalogue's size, how many rows match the search, and the page's rows. */
export interface CatalogueAnswer<Row> {
  total: number;
  matches: number;
  rows: Row[];
}

const noAnswer: CatalogueAnswer<never> = { total: 0, matches: 0, rows: [] };

/** The arguments of search_catalogue for a search, named as its parameters. */
export function catalogueSearchArgs(catalogue: CatalogueName, { term, chip, page }: SearchAddress) {
  return {
    catalogue,
    search_term: term,
    keyword: chip,
    page_number: page,
    page_size: cataloguePageSize,
  };
}

function catalogueKey(catalogue: CatalogueName, address: SearchAddress): string {
  return functionDataKey('search_catalogue', catalogueSearchArgs(catalogue, address));
}

async function readCatalogue<Row>(
  catalogue: CatalogueName,
  address: SearchAddress,
  quiet: boolean,
): Promise<CatalogueAnswer<Row>> {
  const answer = await callDatabaseFunction<Partial<CatalogueAnswer<Row>> | null>(
    'search_catalogue',
    catalogueSearchArgs(catalogue, address),
    { quiet },
  );
  if (!answer || !Array.isArray(answer.rows))
    throw new Error('the catalogue answered with something other than a page');
  return { total: Number(answer.total ?? 0), matches: Number(answer.matches ?? 0), rows: answer.rows };
}

/** On the server: the page of the catalogue the page's address asks for (the browser hydrates from it). */
export function catalogueLoader(catalogue: CatalogueName): SectionLoader {
  return (context) =>
    functionLoader(
      'search_catalogue',
      catalogueSearchArgs(catalogue, readSearchAddress(context.address.path, context.address.search)),
      [catalogue],
    )(context);
}

/** In the browser: the page the address asks for is on its way as soon as the section's module arrives. */
export function prefetchCatalogue(catalogue: CatalogueName): void {
  if (typeof window === 'undefined') return;
  const address = readSearchAddress(window.location.pathname, window.location.search);
  prefetchRead(catalogueKey(catalogue, address), () => readCatalogue(catalogue, address, false));
}

export interface CatalogueView<Item> {
  /** Of the page the address asks for: 'loading' until it answers (the cards shown meanwhile are the last ones). */
  status: LoadStatus;
  /** No page has answered yet. */
  firstLoad: boolean;
  items: Item[];
  /** How many rows match the search (on every page), and how many the catalogue holds. */
  matches: number;
  total: number;
  /** How many pages the matches fill (at least one). */
  pageCount: number;
  retry: () => void;
}

/** The page of the catalogue that `address` asks for, live. */
export function useCatalogue<Row, Item>(
  catalogue: CatalogueName,
  toItem: (row: Row) => Item,
  address: SearchAddress,
): CatalogueView<Item> {
  const key = catalogueKey(catalogue, address);
  const read = useCallback(
    (quiet: boolean) => readCatalogue<Row>(catalogue, address, quiet),
    // The key names the search: the same key, the same read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const { status, answer, firstLoad, retry } = useLiveRead<CatalogueAnswer<Row>>({
    key,
    table: catalogue,
    read,
    initial: noAnswer,
  });
  const items = useMemo(() => answer.rows.map(toItem), [answer, toItem]);
  return {
    status,
    firstLoad,
    items,
    matches: answer.matches,
    total: answer.total,
    pageCount: Math.max(1, Math.ceil(answer.matches / cataloguePageSize)),
    retry,
  };
}

/**
 * The pages of a catalogue's results: plain links (rel="prev" and rel="next"), so the next page works without
 * JavaScript too, each to the address of the same search on that page (see searchAddress). The address ends with the
 * results' anchor, so the window goes to the top of the list, in the browser's own navigation as in the app's.
 */
interface CataloguePagerProps {
  /** Names the navigation for assistive technology ("Pages of projects"). */
  label: string;
  /** The page shown, from 1. */
  page: number;
  /** How many pages the results fill. */
  pageCount: number;
  /** The address of another page of the same search (`/portfolio?q=map&page=2#project-results`). */
  pageAddress: (page: number) => string;
}

export function CataloguePager({ label, page, pageCount, pageAddress }: CataloguePagerProps) {
  if (page <= 1 && pageCount <= 1) return null;
  // A page past the last (an old link) leads back to the last one.
  const previous = Math.min(page - 1, pageCount);
  return (
    <nav className={styles.pager} aria-label={label}>
      {previous >= 1 && (
        <Link rel="prev" to={pageAddress(previous)} className={buttonClassName('secondary')}>
          Previous page
        </Link>
      )}
      <p className={styles.where}>
        Page {page} of {pageCount}
      </p>
      {page < pageCount && (
        <Link rel="next" to={pageAddress(page + 1)} className={buttonClassName('secondary')}>
          Next page
        </Link>
      )}
    </nav>
  );
}
