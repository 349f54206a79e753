// What the browser remembers about the newsletter (spec §3, local storage keys): whether this visitor subscribed,
// and when the pop-up may open again. Storage can be disabled or full; the newsletter then simply forgets.

export const EMAIL_SUBMITTED_KEY = 'emailSubmitted';
export const EMAIL_SUBMITTED_VALUE = 'SUBMITTED';
export const NEWSLETTER_TIMESTAMP_KEY = 'newsletterTimestamp';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private modes and full storage refuse writes; the pop-up may then open once more on a later visit.
  }
}

export function hasSubmittedEmail(): boolean {
  return read(EMAIL_SUBMITTED_KEY) === EMAIL_SUBMITTED_VALUE;
}

export function rememberEmailSubmitted(): void {
  write(EMAIL_SUBMITTED_KEY, EMAIL_SUBMITTED_VALUE);
}

/** Epoch milliseconds before which the pop-up stays closed; a missing or unreadable value counts as 0. */
export function readNewsletterTimestamp(): number {
  const stored = Number(read(NEWSLETTER_TIMESTAMP_KEY) ?? 0);
  return Number.isFinite(stored) ? stored : 0;
}

export function writeNewsletterTimestamp(epochMs: number): void {
  write(NEWSLETTER_TIMESTAMP_KEY, String(epochMs));
}
