import styles from './KeywordChips.module.css';

interface KeywordChipsProps {
  /** Names the group for assistive technology ("Filter projects by keyword"). */
  label: string;
  keywords: readonly string[];
  /** The chosen chip, or null when none is. */
  selected: string | null;
  /** Called with the chip, or with null when the chosen chip is pressed again. */
  onSelect: (keyword: string | null) => void;
  /**
   * The search form the chips belong to (SearchBox's formId): without JavaScript a chip submits it, as `chip=` its
   * keyword, or empty for the chosen one (released: everything), and the server renders that search.
   */
  formId?: string;
}

export function KeywordChips({ label, keywords, selected, onSelect, formId }: KeywordChipsProps) {
  return (
    <ul className={styles.chips} aria-label={label}>
      {keywords.map((keyword) => {
        const pressed = selected === keyword;
        return (
          <li key={keyword}>
            <button
              type={formId ? 'submit' : 'button'}
              form={formId}
              name={formId ? 'chip' : undefined}
              value={formId ? (pressed ? '' : keyword) : undefined}
              className={styles.chip}
              aria-pressed={pressed}
              onClick={(event) => {
                event.preventDefault();
                onSelect(pressed ? null : keyword);
              }}
            >
              {keyword}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
