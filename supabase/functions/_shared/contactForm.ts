// The contact form's rules, shared by the form in the browser (shell/src/features/contact) and the contact edge
// function, so both apply the same rules and messages. The maximum lengths are the server's own (spec §5 sets none
// for the form): the browser lets longer text through and shows the server's answer at the field. They equal the
// CHECK constraints of public.contacts.
import { invalidEmailMessage, isValidEmail, MAX_EMAIL_LENGTH } from './isValidEmail.ts';
import { hasLineBreak } from './mail/mailHeaders.ts';
import { recaptchaTokenProblem } from './recaptchaRules.ts';

export const contactFieldNames = ['fullName', 'email', 'subject', 'message'] as const;
export type ContactFieldName = (typeof contactFieldNames)[number];

/** What the form sends (spec §3, "Contact record"): the four fields and the captcha token. */
export interface ContactSubmission {
  fullName: string;
  email: string;
  subject: string;
  message: string;
  recaptcha: string;
}

export type ContactFieldErrors = Partial<Record<ContactFieldName | 'recaptcha', string>>;

export const contactMaxLengths: Record<ContactFieldName, number> = {
  fullName: 100,
  email: MAX_EMAIL_LENGTH,
  subject: 200,
  message: 5000,
};

const requiredMessages: Record<ContactFieldName, string> = {
  fullName: 'Enter your full name.',
  email: 'Enter your email address.',
  subject: 'Enter a subject.',
  message: 'Enter your message.',
};

/** The fields that are one line: a name or subject with a line break could pose as more lines of the owner's mail. */
const singleLineFields: ContactFieldName[] = ['fullName', 'subject'];
const singleLineMessage = 'Use one line, without line breaks.';

/** Counts characters as the database does (code points), not UTF-16 units. */
function characterCount(text: string): number {
  return Array.from(text).length;
}

function tooLongMessage(field: ContactFieldName): string {
  return `Use at most ${contactMaxLengths[field].toLocaleString('en-US')} characters.`;
}

/** The submission with every text trimmed; anything that is not a string becomes ''. */
export function normalizeContactSubmission(input: unknown): ContactSubmission {
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string).trim() : '');
  return {
    fullName: text('fullName'),
    email: text('email'),
    subject: text('subject'),
    message: text('message'),
    recaptcha: text('recaptcha'),
  };
}

/** The form's own rules (spec §5): every field required, the email in the site's format. The browser checks these. */
export function validateContactForm(fields: Omit<ContactSubmission, 'recaptcha'>): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const field of contactFieldNames) {
    const value = fields[field].trim();
    if (value === '') errors[field] = requiredMessages[field];
    else if (field === 'email' && !isValidEmail(value)) errors[field] = invalidEmailMessage;
  }
  return errors;
}

/** Every rule the contact function applies before it asks Google about the token: the form's, lengths, one-line
 * fields, token. */
export function validateContactSubmission(submission: ContactSubmission): ContactFieldErrors {
  const errors = validateContactForm(submission);
  for (const field of contactFieldNames) {
    if (!errors[field] && characterCount(submission[field]) > contactMaxLengths[field]) {
      errors[field] = tooLongMessage(field);
    }
  }
  for (const field of singleLineFields) {
    if (!errors[field] && hasLineBreak(submission[field])) errors[field] = singleLineMessage;
  }
  const tokenProblem = recaptchaTokenProblem(submission.recaptcha);
  if (tokenProblem !== undefined) errors.recaptcha = tokenProblem;
  return errors;
}
