import { useState, type FormEvent } from 'react';
import { typedValues } from '../../frame/typedBeforeHydration.ts';
import { isValidEmail } from '@site/supabase-functions/isValidEmail';
import { recaptchaActions } from '@site/supabase-functions/recaptchaRules';
import { useRecaptcha } from '../../captcha/RecaptchaProvider.tsx';
import { subscribeToNewsletter } from './subscribeToNewsletter.ts';

/** idle -> (invalid | sending); sending -> (succeeded | failed); editing a rejected address clears the error. */
export type NewsletterFormStatus = 'idle' | 'invalid' | 'sending' | 'failed' | 'succeeded';

/** The state of one newsletter form (spec §4): the typed address and where the submit stands. */
export function useNewsletterForm() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<NewsletterFormStatus>('idle');
  const [failure, setFailure] = useState('');
  const captcha = useRecaptcha();

  const changeEmail = (value: string) => {
    setEmail(value);
    if (status === 'failed' || (status === 'invalid' && isValidEmail(value.trim()))) setStatus('idle');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    const address = typedValues(event.currentTarget, ['email']).email ?? email;
    if (address !== email) setEmail(address);
    if (!isValidEmail(address.trim())) {
      setStatus('invalid');
      return;
    }
    setStatus('sending');
    const result = await subscribeToNewsletter(address, () => captcha.getToken(recaptchaActions.newsletter));
    if (result.ok) {
      setEmail('');
      setStatus('succeeded');
    } else {
      // The typed address stays in the box, so trying again is one click.
      if (result.reason === 'failed') setFailure(result.message);
      setStatus(result.reason);
    }
  };

  return { email, status, failure, changeEmail, submit, prepareCaptcha: captcha.prepare };
}
