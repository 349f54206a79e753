import { useEffect, useId, useRef } from 'react';
import { typedValues } from '../../frame/typedBeforeHydration.ts';
import { Button } from '@site/shared-ui/Button';
import { textFieldClassNames } from '@site/shared-ui/textField';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { contactFieldNames, type ContactFieldName } from '@site/supabase-functions/contactForm';
import { recaptchaActions } from '@site/supabase-functions/recaptchaRules';
import { useRecaptcha } from '../../captcha/RecaptchaProvider.tsx';
import { contactFieldLabels, contactMessages } from './contactMessages.ts';
import { useContactForm, type ContactFields } from './useContactForm.ts';
import styles from './ContactSection.module.css';

/** Name and email share a row on wide screens; subject and message take the full width. */
const fieldInputs: Record<
  ContactFieldName,
  { type: string; autoComplete: string; wide?: boolean; multiline?: boolean }
> = {
  fullName: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  subject: { type: 'text', autoComplete: 'off', wide: true },
  message: { type: 'text', autoComplete: 'off', wide: true, multiline: true },
};

/** The contact form on every page (spec §2): checked here and again by the contact function. */
export function ContactSection() {
  const headingId = useId();
  const captcha = useRecaptcha();
  const form = useContactForm(() => captcha.getToken(recaptchaActions.contact));
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const sent = form.status === 'sent';

  useEffect(() => {
    // The form the visitor was using is gone: keep their place on the thank-you text.
    if (sent) thanksRef.current?.focus();
  }, [sent]);

  return (
    <section
      id="contact"
      className={styles.section}
      aria-labelledby={headingId}
      data-testid="contact-section"
    >
      <div className={styles.inner}>
        <SectionHeading
          id={headingId}
          title={contactMessages.sectionTitle}
          subtitle={contactMessages.sectionIntro}
        />
        {sent ? (
          <div className={styles.thanks} role="status">
            <h3 ref={thanksRef} tabIndex={-1} className={styles.thanksTitle}>
              {contactMessages.thanksTitle}
            </h3>
            <p>{contactMessages.thanksText}</p>
          </div>
        ) : (
          <ContactForm form={form} onStart={captcha.prepare} />
        )}
      </div>
    </section>
  );
}

function ContactForm({ form, onStart }: { form: ReturnType<typeof useContactForm>; onStart: () => void }) {
  const idPrefix = useId();
  const { fields, fieldErrors, status, failure, changeField, adoptTyped, submit } = form;
  const sending = status === 'sending';
  const formElement = useRef<HTMLFormElement>(null);
  // What was typed into the page's HTML before its code ran stays in the boxes: adopt it, once, at mount.
  useEffect(() => adoptTyped(typedValues(formElement.current, contactFieldNames)), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <form
      ref={formElement}
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={onStart}
    >
      {contactFieldNames.map((field) => (
        <ContactField
          key={field}
          id={`${idPrefix}-${field}`}
          field={field}
          value={fields[field]}
          error={fieldErrors[field]}
          onChange={(value) => changeField(field, value)}
        />
      ))}
      <div className={styles.actions}>
        <Button type="submit" disabled={sending} aria-describedby={`${idPrefix}-status`}>
          {sending ? contactMessages.sendingButton : contactMessages.submitButton}
        </Button>
        <div id={`${idPrefix}-status`} className={styles.status} aria-live="polite">
          {status === 'invalid' && <p className={styles.error}>{contactMessages.invalidForm}</p>}
          {status === 'failed' && (
            <p className={styles.error} role="alert">
              {failure}
            </p>
          )}
        </div>
      </div>
    </form>
  );
}

interface ContactFieldProps {
  id: string;
  field: keyof ContactFields;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

function ContactField({ id, field, value, error, onChange }: ContactFieldProps) {
  const { type, autoComplete, wide, multiline } = fieldInputs[field];
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: field,
    required: true,
    value,
    autoComplete,
    className: `${textFieldClassNames.field} ${styles.input}`,
    'aria-invalid': error !== undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className={[styles.field, wide ? styles.wide : ''].join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {contactFieldLabels[field]}
      </label>
      {multiline ? (
        <textarea {...shared} rows={6} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
