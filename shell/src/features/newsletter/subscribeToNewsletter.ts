// The one subscription module of the newsletter section and the pop-up: it stores the address, remembers the
// visitor as subscribed and tells both forms (and anyone on the bus) at once. Unlike the original, which claimed
// success before the server answered, success is reported only once the row is stored.
import { create } from 'zustand';
import { useEventBus } from '@site/shared-ui/eventBus';
import { deadlines } from '@site/shared-ui/deadlines';
import { callEdgeFunction } from '@site/shared-ui/restClient';
// The email rule lives with the edge functions so the browser, the contact function and the database agree on it.
import { isValidEmail } from '@site/supabase-functions/isValidEmail';
import { hasSubmittedEmail, rememberEmailSubmitted } from './newsletterStorage.ts';

export type SubscribeResult = { ok: true } | { ok: false; reason: 'invalid' | 'failed' };

interface NewsletterSubscriptionState {
  /** A form of this page stored an address: both forms then show their thank-you view. */
  subscribedThisVisit: boolean;
}

export const useNewsletterSubscription = create<NewsletterSubscriptionState>()(() => ({
  subscribedThisVisit: false,
}));

/**
 * Stores the address through the newsletter-subscribe edge function, which checks it and applies the rate limits
 * (subscribing twice is no error: the table keeps one row per address, and the answer is the same).
 */
export async function subscribeToNewsletter(typedEmail: string): Promise<SubscribeResult> {
  const email = typedEmail.trim();
  if (!isValidEmail(email)) return { ok: false, reason: 'invalid' };
  try {
    await callEdgeFunction(
      'newsletter-subscribe',
      { email: email.toLowerCase() },
      { deadlineMs: deadlines.newsletterSubmitMs },
    );
  } catch (error) {
    console.error('[newsletter] subscribe failed:', error instanceof Error ? error.message : error);
    return { ok: false, reason: 'failed' };
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
