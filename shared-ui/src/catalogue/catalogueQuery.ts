// The one matching rule of every catalogue on the site (spec §4, projects and courses): a term matches a
// case-insensitive substring of the title; a chosen keyword chip matches the items whose keywords include it,
// whatever the case (chips are upper case, stored keywords lower case); no term keeps every item. Both ignore the
// spaces around what the visitor typed.

/** What the visitor asked for: everything, a title search, or one keyword chip. */
export type CatalogueQuery =
  { kind: 'all' } | { kind: 'title'; term: string } | { kind: 'keyword'; keyword: string };

export const everyItem: CatalogueQuery = { kind: 'all' };

/** What a catalogue's items must have to be searched. */
export interface Searchable {
  title: string;
  keywords: readonly string[];
}

/** Search text as compared: without the spaces around it, in lower case (English rules, on every machine). */
export function normaliseSearchText(text: string): string {
  return text.trim().toLocaleLowerCase('en');
}

export function matchesCatalogueQuery(item: Searchable, query: CatalogueQuery): boolean {
  switch (query.kind) {
    case 'all':
      return true;
    case 'title':
      return normaliseSearchText(item.title).includes(normaliseSearchText(query.term));
    case 'keyword': {
      const keyword = normaliseSearchText(query.keyword);
      return keyword === '' || item.keywords.some((candidate) => normaliseSearchText(candidate) === keyword);
    }
  }
}

/** The items the query keeps, in the order given, as a new list. */
export function filterCatalogue<Item extends Searchable>(
  items: readonly Item[],
  query: CatalogueQuery,
): Item[] {
  return items.filter((item) => matchesCatalogueQuery(item, query));
}

/** The term a query answers, as its search is recorded: the title term, the chip's keyword, or '' for everything. */
export function searchedTerm(query: CatalogueQuery): string {
  switch (query.kind) {
    case 'all':
      return '';
    case 'title':
      return query.term;
    case 'keyword':
      return query.keyword;
  }
}
