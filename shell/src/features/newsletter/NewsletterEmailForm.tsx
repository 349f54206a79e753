import { useEffect, useId, useRef } from 'react';
import { typedValues } from '../../frame/typedBeforeHydration.ts';
import { Button } from '@site/shared-ui/Button';
import { textFieldClassNames } from '@site/shared-ui/textField';
import { invalidEmailMessage } from '@site/supabase-functions/isValidEmail';
import { newsletterMessages } from './newsletterMessages.ts';
import type { useNewsletterForm } from './useNewsletterForm.ts';
import styles from './NewsletterEmailForm.module.css';

interface NewsletterEmailFormProps {
  form: ReturnType<typeof useNewsletterForm>;
  buttonLabel: string;
  /** 'onDark' in the section's dark band, 'light' in the pop-up. */
  tone: 'onDark' | 'light';
}

/**
 * The email box and button both newsletter forms share. The browser's own validation is off (noValidate) so the
 * visitor sees the product's message, under the box and announced with it.
 */
export function NewsletterEmailForm({ form, buttonLabel, tone }: NewsletterEmailFormProps) {
  const inputId = useId();
  const errorId = useId();
  const { email, status, failure, changeEmail, submit, prepareCaptcha } = form;
  const formElement = useRef<HTMLFormElement>(null);
  // An address typed into the page's HTML before its code ran stays in the box: adopt it, once, at mount.
  useEffect(() => {
    const typed = typedValues(formElement.current, ['email']).email;
    if (typed && typed !== email) changeEmail(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const invalid = status === 'invalid';
  const sending = status === 'sending';
  return (
    <form
      ref={formElement}
      className={[styles.form, styles[tone]].join(' ')}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={prepareCaptcha}
    >
      <label htmlFor={inputId} className={styles.label}>
        {newsletterMessages.emailLabel}
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
          className={`${textFieldClassNames.field} ${textFieldClassNames.pill} ${styles.input}`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={newsletterMessages.emailPlaceholder}
          required
          value={email}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => changeEmail(event.target.value)}
        />
        <Button type="submit" variant={tone === 'onDark' ? 'onDark' : 'primary'} disabled={sending}>
          {buttonLabel}
        </Button>
      </div>
      <div className={styles.messages} aria-live="polite">
        {invalid && (
          <p id={errorId} className={styles.error}>
            {invalidEmailMessage}
          </p>
        )}
        {status === 'failed' && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
      </div>
    </form>
  );
}
