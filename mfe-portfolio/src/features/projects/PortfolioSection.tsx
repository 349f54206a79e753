import { useId, useRef } from 'react';
import type { Project } from '@site/shared-ui/rows';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';
import { SearchBox } from '@site/shared-ui/SearchBox';
import { KeywordChips } from '@site/shared-ui/KeywordChips';
import { Button } from '@site/shared-ui/Button';
import { visuallyHiddenClassName } from '@site/shared-ui/VisuallyHidden';
import type { CatalogueQuery } from '@site/shared-ui/catalogueQuery';
import { PageSection } from '../../components/PageSection.tsx';
import { ProjectGrid } from './ProjectGrid.tsx';
import { projectKeywordChips } from './projectKeywords.ts';
import { projectMessages } from './projectMessages.ts';
import { useProjectSearch } from './useProjectSearch.ts';
import styles from './PortfolioSection.module.css';

/** Cards of the first row (three columns on wide screens): in view when the page opens, so not lazy. */
const firstRowCount = 3;
const placeholderCount = 6;

function resultSummary(query: CatalogueQuery, count: number): string {
  switch (query.kind) {
    case 'all':
      return '';
    case 'title':
      return count === 0
        ? projectMessages.noTitleMatch(query.term)
        : projectMessages.titleMatches(count, query.term);
    case 'keyword':
      return count === 0
        ? projectMessages.noKeywordMatch(query.keyword)
        : projectMessages.keywordMatches(count, query.keyword);
  }
}

interface PortfolioSectionProps {
  status: LoadStatus;
  projects: readonly Project[];
  /** The visitor's "Try again" when the projects could not be loaded. */
  onRetry: () => void;
}

/** Every project, with the search box and keyword chips above it. No visible heading: the banner names the page. */
export function PortfolioSection({ status, projects, onRetry }: PortfolioSectionProps) {
  const headingId = useId();
  const searchArea = useRef<HTMLDivElement>(null);
  const {
    boxText,
    query,
    chip,
    type,
    search,
    pressChip,
    clear,
    shown: visible,
  } = useProjectSearch(projects, status);
  const ready = status === 'ready';
  const noMatch = ready && query.kind !== 'all' && projects.length > 0 && visible.length === 0;

  const showAll = () => {
    clear();
    searchArea.current?.querySelector('input')?.focus();
  };

  return (
    <PageSection labelledBy={headingId}>
      <h2 id={headingId} className={visuallyHiddenClassName}>
        {projectMessages.portfolioHeading}
      </h2>
      <div ref={searchArea} className={styles.controls}>
        <SearchBox
          label={projectMessages.searchLabel}
          placeholder={projectMessages.searchPlaceholder}
          value={boxText}
          onChange={type}
          onSearch={search}
        />
        <KeywordChips
          label={projectMessages.chipsLabel}
          keywords={projectKeywordChips}
          selected={chip}
          onSelect={pressChip}
        />
      </div>
      <div className={styles.results}>
        <p role="status" className={noMatch ? styles.noMatch : styles.summary}>
          {ready && projects.length > 0 ? resultSummary(query, visible.length) : ''}
        </p>
        {noMatch ? (
          <div className={styles.noMatchActions}>
            <Button variant="secondary" onClick={showAll}>
              {projectMessages.showAll}
            </Button>
          </div>
        ) : (
          <ProjectGrid
            status={status}
            projects={visible}
            placeholderCount={placeholderCount}
            eagerImageCount={firstRowCount}
            label={projectMessages.portfolioHeading}
            empty={<p>{projectMessages.noProjects}</p>}
            onRetry={onRetry}
          />
        )}
      </div>
    </PageSection>
  );
}
