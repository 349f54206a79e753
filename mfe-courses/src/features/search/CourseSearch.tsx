import { useId } from 'react';
import { SearchBox } from '@site/shared-ui/SearchBox';
import { KeywordChips } from '@site/shared-ui/KeywordChips';
import type { CatalogueSearch } from '@site/shared-ui/catalogueSearch';
import { courseKeywords } from './courseKeywords.ts';
import styles from './CourseSearch.module.css';

/** The search box and the keyword chips of the courses page: one GET form (it works without JavaScript). */
export function CourseSearch({ search }: { search: CatalogueSearch }) {
  const formId = useId();
  return (
    <div className={styles.search}>
      <SearchBox
        formId={formId}
        label="Search courses by title"
        placeholder="Search Courses..."
        value={search.boxText}
        onChange={search.type}
        onSearch={search.search}
      />
      <KeywordChips
        formId={formId}
        label="Filter courses by keyword"
        keywords={courseKeywords}
        selected={search.chip}
        onSelect={search.pressChip}
      />
    </div>
  );
}
