// The one email rule of the site (spec §5), shared by the newsletter section, the newsletter pop-up, the contact form
// and the contact edge function, and mirrored by the CHECK constraint on public.emails: word characters with optional
// dot or hyphen separators, an @, a domain, and a final suffix of 2-3 letters.
//
// The original pattern, /^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.\w{2,3})+$/, accepts exactly the same addresses, but its
// optional separator lets the engine split a run of word characters in exponentially many ways, so one long
// address without a valid ending can freeze the page (or the function). Here a separator is required between the
// runs, which matches the same language without that backtracking.

/** The longest address SMTP allows, and the limit of the emails and contacts tables. */
export const MAX_EMAIL_LENGTH = 254;

/** What both newsletter forms and the contact form show under an email box that breaks the rule (spec §8). */
export const invalidEmailMessage = 'Email is not valid.';

const emailPattern = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*(?:\.[A-Za-z]{2,3})+$/;

/** Whether the text is an email address by the site's rule. The caller trims what the visitor typed. */
export function isValidEmail(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && emailPattern.test(text);
}
