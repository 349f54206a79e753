// The pages of a catalogue's results: plain links (rel="prev" and rel="next"), so the next page works without
// JavaScript too, each to the address of the same search on that page (see searchAddress). The address ends with the
// results' anchor, so the window goes to the top of the list, in the browser's own navigation as in the app's.
import { Link } from '@site/shared-ui/router';
import { buttonClassName } from '@site/shared-ui/Button';
import styles from './CataloguePager.module.css';

interface CataloguePagerProps {
  /** Names the navigation for assistive technology ("Pages of projects"). */
  label: string;
  /** The page shown, from 1. */
  page: number;
  /** How many pages the results fill. */
  pageCount: number;
  /** The address of another page of the same search (its query and anchor: `?q=map&page=2#results`). */
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
