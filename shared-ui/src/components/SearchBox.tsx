import { useId, type FormEvent } from 'react';
import { Button } from '@site/shared-ui/Button';
import { visuallyHiddenClassName } from '@site/shared-ui/VisuallyHidden';
import { textFieldClassNames } from '@site/shared-ui/textField';
import styles from './SearchBox.module.css';

interface SearchBoxProps {
  /** What is searched, for assistive technology ("Search projects"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Runs on submit with the trimmed term, and with '' when the box is cleared. */
  onSearch: (term: string) => void;
  className?: string;
}

export function SearchBox({ label, placeholder, value, onChange, onSearch, className }: SearchBoxProps) {
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" className={[styles.form, className].filter(Boolean).join(' ')} onSubmit={submit}>
      {/* Visually hidden, and so out of the row's flex layout (no gap before the box). */}
      <label htmlFor={inputId} className={visuallyHiddenClassName}>
        {label}
      </label>
      <input
        id={inputId}
        className={`${textFieldClassNames.field} ${textFieldClassNames.pill} ${styles.input}`}
        type="search"
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          onChange(event.target.value);
          if (event.target.value === '') onSearch('');
        }}
      />
      <Button type="submit">Search</Button>
    </form>
  );
}
