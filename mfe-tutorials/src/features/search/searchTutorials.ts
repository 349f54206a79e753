// The tutorial search request: the visitor's term and sort become a call of the search_videos database function
// (a plain REST call, so the page does not wait for supabase-js),
// which searches our own videos table (kept current by the youtube-sync function), so no search costs YouTube quota.
import { callDatabaseFunction } from '@site/shared-ui/restClient';
import { maxSearchTermLength } from '@site/shared-ui/searchAddress';
import { toTutorial, type Tutorial, type VideoRow } from '@site/shared-ui/rows';
import { serverSortFor, type ServerSort, type TutorialSort } from './tutorialSort.ts';

/** Spec §9: a search shows at most 12 tutorials (search_videos returns no more). */
export const tutorialsPageSize = 12;

/** search_videos refuses longer terms (the kit's bound of every search); the box never sends one. */
export { maxSearchTermLength };

/** Spec §3 "Tutorial search request". */
export interface TutorialSearch {
  searchTerm: string;
  sort: TutorialSort;
}

/** The arguments of search_videos, named as its parameters. */
export type SearchVideosArgs = {
  search_term: string;
  sort: ServerSort;
};

export function searchVideosArgs({ searchTerm, sort }: TutorialSearch): SearchVideosArgs {
  return { search_term: searchTerm.trim().slice(0, maxSearchTermLength), sort: serverSortFor(sort) };
}

/** Calls a database function by name (the kit's REST call; a test may pass its own). */
export type SearchVideosCaller = (name: 'search_videos', args: SearchVideosArgs) => Promise<unknown>;

/** The videos a search finds, best first. Throws with the server's message when the search fails. */
export async function searchVideos(
  search: TutorialSearch,
  call: SearchVideosCaller = callDatabaseFunction,
): Promise<VideoRow[]> {
  const data = await call('search_videos', searchVideosArgs(search));
  if (!Array.isArray(data)) throw new Error('the search answered with something other than a list of videos');
  return data as VideoRow[];
}

/** The tutorials for a search, best first. */
export async function searchTutorials(
  search: TutorialSearch,
  call: SearchVideosCaller = callDatabaseFunction,
): Promise<Tutorial[]> {
  return (await searchVideos(search, call)).map(toTutorial);
}
