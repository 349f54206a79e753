import type { LoadStatus } from '@site/shared-ui/useLiveTable';
import { ButtonLink } from '@site/shared-ui/Button';
import { describeSearchResult } from './describeSearchResult.ts';
import type { CatalogueQuery } from '@site/shared-ui/catalogueSearch';
import styles from './SearchResultSummary.module.css';

interface SearchResultSummaryProps {
  status: LoadStatus;
  query: CatalogueQuery;
  /** How many courses match the search (on every page). */
  shown: number;
  /** How many courses there are. */
  total: number;
  /** "Show all courses": a link to the page without a search (it works without JavaScript). */
  showAll: { to: string; state?: unknown; onClick?: () => void };
}

/** What the list shows, announced politely as it changes; a way back to every course when nothing matches. */
export function SearchResultSummary({ status, query, shown, total, showAll }: SearchResultSummaryProps) {
  const empty = status === 'ready' && shown === 0;
  return (
    <div className={empty ? styles.empty : styles.summary}>
      <p role="status" className={styles.text}>
        {status === 'loading'
          ? 'Loading courses…'
          : // A failed load says so over the grid (and keeps trying): nothing to sum up here.
            status === 'error'
            ? ''
            : describeSearchResult(query, shown, total)}
      </p>
      {empty && total > 0 && (
        <ButtonLink variant="secondary" to={showAll.to} state={showAll.state} onClick={showAll.onClick}>
          Show all courses
        </ButtonLink>
      )}
    </div>
  );
}
