// The invisible reCAPTCHA v3 of the site's forms, as the browser and the functions both know it: one action per form
// (the token names it, and the function insists on its own), the development token of offline work, and what a token
// may look like before Google is asked about it. The browser's side is shell/src/features/captcha/, the functions'
// side _shared/verifyRecaptcha.ts.

/** The action each form runs and its function insists on (letters and underscores, as reCAPTCHA allows). */
export const recaptchaActions = {
  contact: 'contact',
  newsletter: 'newsletter_subscribe',
} as const;

export type RecaptchaAction = (typeof recaptchaActions)[keyof typeof recaptchaActions];

/**
 * What a form sends instead of a reCAPTCHA token when the site has no site key (local development, offline). Only a
 * function without a RECAPTCHA_SECRET, where the local stand-in enabled it, accepts it; with a secret, Google rejects
 * it like any bad token.
 */
export const DEVELOPMENT_RECAPTCHA_TOKEN = 'development-recaptcha-token';

/** reCAPTCHA tokens are about 2,000 characters; anything far longer is not one. */
export const MAX_RECAPTCHA_TOKEN_LENGTH = 4096;

/** What is wrong with the token before Google is asked, or undefined. */
export function recaptchaTokenProblem(token: string): string | undefined {
  if (token === '') return 'The captcha token is missing.';
  if (token.length > MAX_RECAPTCHA_TOKEN_LENGTH) return 'The captcha token is not valid.';
  return undefined;
}
