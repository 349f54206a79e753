import { useId, useRef } from 'react';
import type { Project } from '@site/shared-ui/rows';
import { keepScrollState, useLocation } from '@site/shared-ui/router';
import { SearchBox } from '@site/shared-ui/SearchBox';
import { KeywordChips } from '@site/shared-ui/KeywordChips';
import { ButtonLink } from '@site/shared-ui/Button';
import { visuallyHiddenClassName } from '@site/shared-ui/VisuallyHidden';
import { CataloguePager, type CatalogueView } from '@site/shared-ui/useCatalogue';
import type { CatalogueQuery } from '@site/shared-ui/catalogueSearch';
import { useRecordCatalogueSearch, type LoggedCatalogueSearch } from '@site/shared-ui/catalogueSearch';
import { PageSection } from '../../components/PageSection.tsx';
import { ProjectGrid } from './ProjectGrid.tsx';
import { projectKeywordChips } from './projectKeywords.ts';
import { projectMessages } from './projectMessages.ts';
import { recordProjectSearch } from './useProjectSearch.ts';
import styles from './PortfolioSection.module.css';

/** Cards of the first row (three columns on wide screens): in view when the page opens, so not lazy. */
const firstRowCount = 3;
const placeholderCount = 6;
/**
 * Where a page of results starts: the search above the cards (the pager's links end with it). Never a section's name:
 * an element's id is a global of the page, and the federation runtime would take it for the section's remote entry.
 */
const resultsAnchor = 'project-results';

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
  /** The visitor's search: the box, the chips and the page, as the address holds them (useProjectSearch). */
  search: LoggedCatalogueSearch;
  /** The page of projects the search asks for. */
  results: CatalogueView<Project>;
}

/**
 * A page of projects, with the search box and keyword chips above it and the way to the other pages below. No
 * visible heading: the banner names the page. Without JavaScript the box and the chips are a plain GET form.
 */
export function PortfolioSection({ search, results }: PortfolioSectionProps) {
  const headingId = useId();
  const formId = useId();
  const searchArea = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const { status, firstLoad, items, matches, total, pageCount, retry } = results;
  useRecordCatalogueSearch(search, recordProjectSearch, results);
  const ready = status === 'ready';
  const noMatch = ready && search.query.kind !== 'all' && total > 0 && matches === 0;

  return (
    <PageSection labelledBy={headingId}>
      <h2 id={headingId} className={visuallyHiddenClassName}>
        {projectMessages.portfolioHeading}
      </h2>
      <div ref={searchArea} id={resultsAnchor} className={styles.controls}>
        <SearchBox
          formId={formId}
          label={projectMessages.searchLabel}
          placeholder={projectMessages.searchPlaceholder}
          value={search.boxText}
          onChange={search.type}
          onSearch={search.search}
        />
        <KeywordChips
          formId={formId}
          label={projectMessages.chipsLabel}
          keywords={projectKeywordChips}
          selected={search.chip}
          onSelect={search.pressChip}
        />
      </div>
      <div className={styles.results}>
        <p role="status" className={noMatch ? styles.noMatch : styles.summary}>
          {ready && total > 0 ? resultSummary(search.query, matches) : ''}
        </p>
        {noMatch ? (
          <div className={styles.noMatchActions}>
            <ButtonLink
              to={pathname}
              state={keepScrollState}
              variant="secondary"
              onClick={() => searchArea.current?.querySelector('input')?.focus()}
            >
              {projectMessages.showAll}
            </ButtonLink>
          </div>
        ) : (
          <>
            <ProjectGrid
              status={firstLoad ? 'loading' : status === 'error' ? 'error' : 'ready'}
              busy={!firstLoad && status === 'loading'}
              projects={items}
              placeholderCount={placeholderCount}
              eagerImageCount={firstRowCount}
              label={projectMessages.portfolioHeading}
              empty={<p>{projectMessages.noProjects}</p>}
              onRetry={retry}
            />
            {!firstLoad && (
              <CataloguePager
                label={projectMessages.pagesLabel}
                page={search.address.page}
                pageCount={pageCount}
                pageAddress={(page) => `${pathname}${search.addressOf({ page })}#${resultsAnchor}`}
              />
            )}
          </>
        )}
      </div>
    </PageSection>
  );
}
