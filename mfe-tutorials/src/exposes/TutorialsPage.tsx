// The tutorials page (/tutorials): search with sort, the video grid and its player, then what students say.
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { publish } from '@site/shared-ui/eventBus';
import { Testimonials, testimonialsQuery } from '@site/shared-ui/Testimonials';
import { cardActionOf } from '@site/shared-ui/CardGrid';
import { combinedLoader, tableLoader } from '@site/shared-ui/sectionData';
import { visuallyHiddenClassName } from '@site/shared-ui/VisuallyHidden';
import type { Tutorial } from '@site/shared-ui/rows';
import { SubscribeLink } from '../components/SubscribeLink.tsx';
import { ViewAllTutorialsLink } from '../features/channel/ViewAllTutorialsLink.tsx';
import { describeSearchResult } from '../features/search/describeSearchResult.ts';
import { TutorialSearchBar } from '../features/search/TutorialSearchBar.tsx';
import { tutorialsPageSize } from '../features/search/searchTutorials.ts';
import {
  prefetchAddressSearch,
  searchLoader,
  useTutorialSearch,
} from '../features/search/useTutorialSearch.ts';
import { TutorialGrid } from '../features/videos/TutorialGrid.tsx';
import styles from './TutorialsPage.module.css';

/** The player's code comes with the first Play Video: nothing before it needs it. */
const VideoPlayerModal = lazy(() =>
  import('../features/player/VideoPlayerModal.tsx').then((module) => ({ default: module.VideoPlayerModal })),
);

/**
 * On the server: the search the address asks for (the first search without one) and the testimonials the page renders
 * from (the browser hydrates from them).
 */
export const loader = combinedLoader(searchLoader, tableLoader(testimonialsQuery));

// The address's search is on its way while React renders the page.
prefetchAddressSearch();

export default function TutorialsPage() {
  const headingId = useId();
  const gridRef = useRef<HTMLUListElement>(null);
  const search = useTutorialSearch();
  const [playing, setPlaying] = useState<Tutorial | null>(null);

  const play = useCallback((tutorial: Tutorial) => {
    publish({ name: 'userPlaysATutorial', tutorialTitle: tutorial.title });
    setPlaying(tutorial);
  }, []);
  const closePlayer = useCallback(() => setPlaying(null), []);

  return (
    <>
      {/* Not aria-busy: that would silence the search summary, a live region inside the section. */}
      <section
        className={search.firstLoad ? `${styles.catalog} ${styles.firstLoad}` : styles.catalog}
        aria-labelledby={headingId}
      >
        <h2 id={headingId} className={visuallyHiddenClassName}>
          Video tutorials
        </h2>
        <TutorialSearchBar
          input={search.input}
          onInputChange={search.setInput}
          onSearch={search.searchFor}
          sort={search.sort}
          onSortChange={search.sortBy}
        />
        <div className={styles.resultBar}>
          <p role="status" className={search.status === 'error' ? styles.problem : styles.summary}>
            {describeSearchResult(search.status, search.search, search.tutorials.length)}
          </p>
          <SubscribeLink />
        </div>
        <TutorialGrid
          listRef={gridRef}
          firstLoad={search.firstLoad}
          placeholderCount={tutorialsPageSize / 2}
          busy={search.status === 'loading'}
          tutorials={search.tutorials}
          onPlay={play}
          failed={search.status === 'error'}
          onRetry={search.retry}
        />
        <div className={styles.viewAll}>
          <ViewAllTutorialsLink />
        </div>
      </section>
      <Testimonials />
      {playing && (
        <Suspense fallback={null}>
          {/* The card's Play Video, found as the player closes: an owner's edit meanwhile renders the list again. */}
          <VideoPlayerModal
            tutorial={playing}
            onClose={closePlayer}
            returnFocus={() => cardActionOf(gridRef.current, playing.id)}
          />
        </Suspense>
      )}
    </>
  );
}
