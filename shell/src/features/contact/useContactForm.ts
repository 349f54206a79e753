import { useState, type FormEvent } from 'react';
import { typedValues } from '../../frame/typedBeforeHydration.ts';
import {
  contactFieldNames,
  validateContactForm,
  type ContactFieldErrors,
  type ContactFieldName,
} from '@site/supabase-functions/contactForm';
import { contactMessages } from './contactMessages.ts';
import { sendContactMessage } from './sendContactMessage.ts';

export type ContactFields = Record<ContactFieldName, string>;

/** editing -> invalid (blocked by the form's rules) | sending -> sent | failed (the text stays). */
export type ContactFormStatus = 'editing' | 'invalid' | 'sending' | 'failed' | 'sent';

const emptyFields: ContactFields = { fullName: '', email: '', subject: '', message: '' };

function hasErrors(errors: ContactFieldErrors): boolean {
  return contactFieldNames.some((field) => errors[field] !== undefined);
}

export function useContactForm(getToken: () => Promise<string>) {
  const [fields, setFields] = useState<ContactFields>(emptyFields);
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<ContactFormStatus>('editing');
  const [failure, setFailure] = useState('');

  const changeField = (field: ContactFieldName, value: string) => {
    const next = { ...fields, [field]: value };
    setFields(next);
    if (status === 'invalid') {
      // Once a submit was blocked, the messages follow the visitor's corrections.
      const errors = validateContactForm(next);
      setFieldErrors(errors);
      if (!hasErrors(errors)) setStatus('editing');
    } else if (fieldErrors[field]) {
      // A server's remark about this field is answered by editing it.
      setFieldErrors({ ...fieldErrors, [field]: undefined });
    }
  };

  /** What was typed into the page's HTML before its code ran (see ContactSection). */
  const adoptTyped = (typed: Partial<ContactFields>) => {
    const nonEmpty = Object.entries(typed).filter(([, value]) => value !== '');
    if (nonEmpty.length > 0) setFields((current) => ({ ...current, ...Object.fromEntries(nonEmpty) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    // The boxes, not the last render: a submission held before hydration comes before the adopted text renders.
    const sent = { ...fields, ...typedValues(event.currentTarget, contactFieldNames) };
    setFields(sent);
    const errors = validateContactForm(sent);
    setFieldErrors(errors);
    if (hasErrors(errors)) {
      setStatus('invalid');
      return;
    }
    setStatus('sending');
    let recaptcha: string;
    try {
      recaptcha = await getToken();
    } catch (error) {
      console.error('[contact] captcha unavailable:', error instanceof Error ? error.message : error);
      setFailure(contactMessages.captchaUnavailable);
      setStatus('failed');
      return;
    }
    const result = await sendContactMessage({ ...sent, recaptcha });
    if (result.ok) {
      setFields(emptyFields);
      setStatus('sent');
      return;
    }
    setFieldErrors(result.fieldErrors);
    setFailure(result.message);
    setStatus('failed');
  };

  return { fields, fieldErrors, status, failure, changeField, adoptTyped, submit };
}
