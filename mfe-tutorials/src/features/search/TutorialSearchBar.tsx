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

/** The search box and, beside it on wide windows and below it otherwise (spec §2), the sort menu. */
export function TutorialSearchBar({
  input,
  onInputChange,
  onSearch,
  sort,
  onSortChange,
}: TutorialSearchBarProps) {
  const sortId = useId();
  return (
    <div className={styles.toolbar}>
      <SearchBox
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
        <select
          id={sortId}
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
