import { useState, type FormEvent } from 'react';
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    const errors = validateContactForm(fields);
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
    const result = await sendContactMessage({ ...fields, recaptcha });
    if (result.ok) {
      setFields(emptyFields);
      setStatus('sent');
      return;
    }
    setFieldErrors(result.fieldErrors);
    setFailure(result.message);
    setStatus('failed');
  };

  return { fields, fieldErrors, status, failure, changeField, submit };
}
