import styles from './KeywordChips.module.css';

interface KeywordChipsProps {
  /** Names the group for assistive technology ("Filter projects by keyword"). */
  label: string;
  keywords: readonly string[];
  /** The chosen chip, or null when none is. */
  selected: string | null;
  /** Called with the chip, or with null when the chosen chip is pressed again. */
  onSelect: (keyword: string | null) => void;
}

export function KeywordChips({ label, keywords, selected, onSelect }: KeywordChipsProps) {
  return (
    <ul className={styles.chips} aria-label={label}>
      {keywords.map((keyword) => {
        const pressed = selected === keyword;
        return (
          <li key={keyword}>
            <button
              type="button"
              className={styles.chip}
              aria-pressed={pressed}
              onClick={() => onSelect(pressed ? null : keyword)}
            >
              {keyword}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
