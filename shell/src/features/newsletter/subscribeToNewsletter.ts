// The one subscription module of the newsletter section and the pop-up: it stores the address, remembers the
// visitor as subscribed and tells both forms (and anyone on the bus) at once. Unlike the original, which claimed
// success before the server answered, success is reported only once the row is stored.
import { create } from 'zustand';
import { useEventBus } from '@site/shared-ui/eventBus';
import { deadlines } from '@site/shared-ui/deadlines';
import { callEdgeFunction, RestError } from '@site/shared-ui/restClient';
// The email rule lives with the edge functions so the browser, the contact function and the database agree on it.
import { isValidEmail } from '@site/supabase-functions/isValidEmail';
import { newsletterMessages } from './newsletterMessages.ts';
import { hasSubmittedEmail, rememberEmailSubmitted } from './newsletterStorage.ts';

export type SubscribeResult =
  { ok: true } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'failed'; message: string };

/** Refusals whose own words the visitor reads (newsletter-subscribe's answers); anything else is the generic error. */
const refusalsToShow = new Set([
  'recaptcha_rejected',
  'recaptcha_unavailable',
  'not_configured',
  'rate_limited',
]);

interface NewsletterSubscriptionState {
  /** A form of this page stored an address: both forms then show their thank-you view. */
  subscribedThisVisit: boolean;
}

export const useNewsletterSubscription = create<NewsletterSubscriptionState>()(() => ({
  subscribedThisVisit: false,
}));

/**
 * Stores the address through the newsletter-subscribe edge function, which checks it and the captcha token (from
 * getToken, the page's reCAPTCHA) and applies the rate limits (subscribing twice is no error: the table keeps one
 * row per address, and the answer is the same).
 */
export async function subscribeToNewsletter(
  typedEmail: string,
  getToken: () => Promise<string>,
): Promise<SubscribeResult> {
  const email = typedEmail.trim();
  if (!isValidEmail(email)) return { ok: false, reason: 'invalid' };
  let recaptcha: string;
  try {
    recaptcha = await getToken();
  } catch (error) {
    console.error('[newsletter] captcha unavailable:', error instanceof Error ? error.message : error);
    return { ok: false, reason: 'failed', message: newsletterMessages.captchaUnavailable };
  }
  try {
    await callEdgeFunction(
      'newsletter-subscribe',
      { email: email.toLowerCase(), recaptcha },
      { deadlineMs: deadlines.newsletterSubmitMs },
    );
  } catch (error) {
    const refusal: { error?: string; message?: string } = error instanceof RestError ? error.body : {};
    console.error(
      '[newsletter] subscribe failed:',
      error instanceof RestError
        ? `${error.status} ${refusal.error ?? ''}`.trim()
        : error instanceof Error
          ? error.message
          : error,
    );
    const shown =
      refusal.error !== undefined && refusalsToShow.has(refusal.error) ? refusal.message : undefined;
    return { ok: false, reason: 'failed', message: shown ?? newsletterMessages.genericError };
  }
  rememberEmailSubmitted();
  useEventBus.getState().setNewsletterSubscribed(true);
  useNewsletterSubscription.setState({ subscribedThisVisit: true });
  return { ok: true };
}

/** At start: a visitor who subscribed on an earlier visit is known as subscribed on the bus. */
export function restoreNewsletterSubscription(): void {
  if (hasSubmittedEmail()) useEventBus.getState().setNewsletterSubscribed(true);
}
