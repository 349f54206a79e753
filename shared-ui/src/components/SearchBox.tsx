import { useEffect, useId, useRef, type FormEvent } from 'react';
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
  /** The form's id, for the controls outside it that belong to the same search (chips, a sort menu). */
  formId?: string;
  className?: string;
}

/**
 * A search box and its Search button. It is a plain GET form of the page itself, its term named `q` (see the kit's
 * searchAddress): without JavaScript, or before the page's code runs, a search loads the page's address for it, which
 * the server renders.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  onSearch,
  formId,
  className,
}: SearchBoxProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // Text typed into the server's HTML before the section's code ran stays in the box through hydration (React keeps
  // the box's value); adopt it, so what the visitor sees is what is searched.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once, at mount: later the box and the value agree through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The box, not the last render's value: a search held before hydration is sent before the adopted text renders.
    onSearch((input.current?.value ?? value).trim());
  };
  return (
    <form
      id={formId}
      role="search"
      // No action: a GET form loads the page's own address with the form's fields as its query.
      method="get"
      className={[styles.form, className].filter(Boolean).join(' ')}
      onSubmit={submit}
    >
      {/* Visually hidden, and so out of the row's flex layout (no gap before the box). */}
      <label htmlFor={inputId} className={visuallyHiddenClassName}>
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        name="q"
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
