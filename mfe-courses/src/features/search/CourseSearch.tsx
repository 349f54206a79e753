import { SearchBox } from '@site/shared-ui/SearchBox';
import { KeywordChips } from '@site/shared-ui/KeywordChips';
import { courseKeywords } from './courseKeywords.ts';
import { chosenKeyword, type CourseSearchAction, type CourseSearchState } from './courseSearchTransitions.ts';
import styles from './CourseSearch.module.css';

interface CourseSearchProps {
  search: CourseSearchState;
  onAction: (action: CourseSearchAction) => void;
}

/** The search box and the keyword chips of the courses page. */
export function CourseSearch({ search, onAction }: CourseSearchProps) {
  return (
    <div className={styles.search}>
      <SearchBox
        label="Search courses by title"
        placeholder="Search Courses..."
        value={search.text}
        onChange={(text) => onAction({ type: 'typed', text })}
        onSearch={(term) => onAction({ type: 'submitted', term })}
      />
      <KeywordChips
        label="Filter courses by keyword"
        keywords={courseKeywords}
        selected={chosenKeyword(search)}
        onSelect={(keyword) => onAction({ type: 'chipPressed', keyword })}
      />
    </div>
  );
}
