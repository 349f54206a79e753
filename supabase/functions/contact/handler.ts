// The contact edge function: POST a contact message {fullName, email, subject, message, recaptcha}. It checks every
// field (the form's rules plus maximum lengths), takes the attempt from a cheap limit (each question to Google costs
// quota, so junk tokens are bounded too), verifies the reCAPTCHA v3 token with Google, then takes the message from the
// rate limits (per client, keyed on the address the platform vouches for, and for all clients together;
// _shared/rateLimits.ts) and stores it with the service role, together with the owner's notification mail in the
// outbox (public.store_contact_message), which is sent at once when mail is up and retried until it is. Visitors
// cannot write to public.contacts any other way. The message limit is taken after the captcha check, so failed sends
// (anyone's) never use up a client's messages.
//
// The caller needs the project's publishable key (_shared/apiKeys.ts), as the site's browser sends it.
//
// Answers (JSON): 200 {success, message}; 400 invalid_fields with fieldErrors; 401 without the project's publishable
// key (missing_api_key, invalid_api_key); 403 recaptcha_rejected;
// 405; 413; 415; 429 rate_limited (with Retry-After); 503 recaptcha_unavailable, or not_configured when the function
// lacks its reCAPTCHA secret (it then refuses every message and says so in its log); 500 server_error.
import {
  normalizeContactSubmission,
  validateContactSubmission,
  type ContactFieldErrors,
} from '../_shared/contactForm.ts';
import { refuseCaller } from '../_shared/apiKeys.ts';
import { corsHeaders, preflightResponse } from '../_shared/cors.ts';
import { readJsonBody } from '../_shared/jsonBody.ts';
import { retryAfterSeconds, takeRateLimit } from '../_shared/rateLimits.ts';
import { deliverDueMailSoon } from '../_shared/mail/mailOutbox.ts';
import { recaptchaActions } from '../_shared/recaptchaRules.ts';
import { readServiceBackend } from '../_shared/serviceBackend.ts';
import { readRecaptchaSettings, recaptchaRefusal, verifyRecaptcha } from '../_shared/verifyRecaptcha.ts';
import { storeContact } from './contactStore.ts';

/** A contact message is a few KB at most; anything far larger is not one (bytes). */
export const MAX_BODY_LENGTH = 32_000;

/** What the visitor reads when the form is refused; the form shows `message`, and `fieldErrors` at the fields. */
export const contactAnswers = {
  stored: 'Contact was Successfully Submitted',
  invalidFields: 'Invalid data, make sure to enter correct data.',
  recaptchaRejected: 'We could not confirm that you are a person. Please try again.',
  recaptchaUnavailable: 'The spam check is not available right now. Please try again in a few minutes.',
  notConfigured: 'Messages cannot be received right now. Please try again later.',
  rateLimited: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
  serverError: 'Your message could not be saved. Please try again later.',
} as const;

const refusalMessages = {
  recaptcha_rejected: contactAnswers.recaptchaRejected,
  recaptcha_unavailable: contactAnswers.recaptchaUnavailable,
  not_configured: contactAnswers.notConfigured,
} as const;

interface Answer {
  success: boolean;
  message: string;
  error?: string;
  fieldErrors?: ContactFieldErrors;
}

function answer(
  request: Request,
  status: number,
  body: Answer,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders(request), 'Content-Type': 'application/json', ...headers },
  });
}

function refuse(
  request: Request,
  status: number,
  error: string,
  message: string,
  extra: Partial<Answer> = {},
  headers: Record<string, string> = {},
): Response {
  return answer(request, status, { success: false, error, message, ...extra }, headers);
}

export default async function handler(request: Request): Promise<Response> {
  const preflight = preflightResponse(request);
  if (preflight) return preflight;
  const refused = await refuseCaller(request, 'publishable', 'contact');
  if (refused) return refuse(request, refused.status, refused.error, refused.message);
  if (request.method !== 'POST') {
    return refuse(request, 405, 'method_not_allowed', 'Use POST.');
  }
  const body = await readJsonBody(request, MAX_BODY_LENGTH);
  if (!body.ok) {
    const message =
      body.error === 'unsupported_media_type' ? 'Send the message as JSON.' : contactAnswers.invalidFields;
    return refuse(request, body.status, body.error, message);
  }
  const submission = normalizeContactSubmission(body.value);
  const fieldErrors = validateContactSubmission(submission);
  if (Object.keys(fieldErrors).length > 0) {
    return refuse(request, 400, 'invalid_fields', contactAnswers.invalidFields, { fieldErrors });
  }

  try {
    const backend = readServiceBackend();
    const attempts = await takeRateLimit(backend, 'contactAttempt', request);
    if (attempts !== 'ok') {
      const retryAfter = { 'Retry-After': String(retryAfterSeconds('contactAttempt', attempts)) };
      return refuse(request, 429, 'rate_limited', contactAnswers.rateLimited, {}, retryAfter);
    }
    const verdict = await verifyRecaptcha(
      submission.recaptcha,
      recaptchaActions.contact,
      readRecaptchaSettings(),
    );
    if (verdict.outcome !== 'passed') {
      const refusal = recaptchaRefusal(verdict, 'contact');
      return refuse(request, refusal.status, refusal.error, refusalMessages[refusal.error]);
    }

    const limited = await takeRateLimit(backend, 'contact', request);
    if (limited !== 'ok') {
      const retryAfter = { 'Retry-After': String(retryAfterSeconds('contact', limited)) };
      return refuse(request, 429, 'rate_limited', contactAnswers.rateLimited, {}, retryAfter);
    }

    const { recaptcha: _token, ...fields } = submission;
    await storeContact(backend, {
      submission: fields,
      recaptchaScore: verdict.score,
      recaptchaAction: verdict.action,
    });
    deliverDueMailSoon(backend);
    return answer(request, 200, { success: true, message: contactAnswers.stored });
  } catch (error) {
    // Never the visitor's data in the log: only what went wrong.
    console.error('[contact] failed:', error instanceof Error ? error.message : error);
    return refuse(request, 500, 'server_error', contactAnswers.serverError);
  }
}
