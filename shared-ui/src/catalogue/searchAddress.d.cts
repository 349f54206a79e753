// Types of searchAddress.cjs.
export interface SearchAddress {
  /** The title (or, for videos, the full-text) term; empty when a chip is chosen. */
  term: string;
  /** The chosen keyword chip, upper case; empty for none. */
  chip: string;
  /** The video sort, as search_videos names it. */
  sort: string;
  /** The page of results, from 1. */
  page: number;
}
export declare const cataloguePageSize: number;
export declare const maxSearchTermLength: number;
export declare function readSearchAddress(path: string, query: string | URLSearchParams): SearchAddress;
export declare function searchAddressQuery(path: string, search: Partial<SearchAddress>): string;
export declare function canonicalSearchQuery(path: string, query: string): string | undefined;
