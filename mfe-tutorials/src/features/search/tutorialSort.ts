// The tutorial sort menu (spec §3: VIEWS, TRENDING, RECENT, shown as views, trending, recent) and what each one asks
// the server for. search_videos orders views -> view count, trending -> like count, recent -> publish date.

export type TutorialSort = 'VIEWS' | 'TRENDING' | 'RECENT';

/** The sort names search_videos accepts. */
export type ServerSort = 'views' | 'trending' | 'recent';

/** Spec §4 and §9: the first search and the menu start on views. */
export const defaultTutorialSort: TutorialSort = 'VIEWS';

const serverSorts: Record<TutorialSort, ServerSort> = {
  VIEWS: 'views',
  TRENDING: 'trending',
  RECENT: 'recent',
};

export interface TutorialSortOption {
  value: TutorialSort;
  /** What the visitor reads in the menu. */
  label: string;
}

/** The menu's options, in the spec's order. */
export const tutorialSortOptions: readonly TutorialSortOption[] = [
  { value: 'VIEWS', label: 'views' },
  { value: 'TRENDING', label: 'trending' },
  { value: 'RECENT', label: 'recent' },
];

export function serverSortFor(sort: TutorialSort): ServerSort {
  return serverSorts[sort];
}

/** The menu's value as a sort; anything else (a tampered option) falls back to the default. */
export function parseTutorialSort(value: string): TutorialSort {
  return Object.hasOwn(serverSorts, value) ? (value as TutorialSort) : defaultTutorialSort;
}
