// When the newsletter pop-up opens by itself (spec §4): at app start, if the stored time has passed and the visitor
// has not subscribed; then not again for 30 minutes (spec §9).

/** How long the pop-up stays away after it opened: 30 minutes. */
export const NEWSLETTER_POPUP_INTERVAL_MS = 1_800_000;

export interface NewsletterPopupState {
  /** Epoch milliseconds of newsletterTimestamp (0 when missing). */
  notBefore: number;
  emailSubmitted: boolean;
}

export function shouldOpenNewsletterPopup(now: number, state: NewsletterPopupState): boolean {
  return now > state.notBefore && !state.emailSubmitted;
}

/** The newsletterTimestamp to store when the pop-up opens at `now`. */
export function nextNewsletterPopupTime(now: number): number {
  return now + NEWSLETTER_POPUP_INTERVAL_MS;
}
