import { useId } from 'react';
import { SearchBox } from '@site/shared-ui/SearchBox';
import { textFieldClassNames } from '@site/shared-ui/textField';
import { parseTutorialSort, tutorialSortOptions, type TutorialSort } from './tutorialSort.ts';
import styles from './TutorialSearchBar.module.css';

interface TutorialSearchBarProps {
  input: string;
  onInputChange: (value: string) => void;
  onSearch: (term: string) => void;
  sort: TutorialSort;
  onSortChange: (sort: TutorialSort) => void;
}

/**
 * The search box and, beside it on wide windows and below it otherwise (spec §2), the sort menu: one GET form (the
 * term as `q`, the sort as `sort`), so a search works without JavaScript.
 */
export function TutorialSearchBar({
  input,
  onInputChange,
  onSearch,
  sort,
  onSortChange,
}: TutorialSearchBarProps) {
  const sortId = useId();
  const formId = useId();
  return (
    <div className={styles.toolbar}>
      <SearchBox
        formId={formId}
        className={styles.search}
        label="Search tutorials"
        placeholder="Search Tutorials..."
        value={input}
        onChange={onInputChange}
        onSearch={onSearch}
      />
      <div className={styles.sort}>
        <label htmlFor={sortId} className={styles.sortLabel}>
          Sort by
        </label>
        {/* Part of the search's GET form: without JavaScript, Search sends the sort chosen here too. */}
        <select
          id={sortId}
          name="sort"
          form={formId}
          className={`${textFieldClassNames.field} ${textFieldClassNames.pill} ${styles.select}`}
          value={sort}
          onChange={(event) => onSortChange(parseTutorialSort(event.target.value))}
        >
          {tutorialSortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
