// The contact edge function: POST a contact message {fullName, email, subject, message, recaptcha}. It checks every
// field (the form's rules plus maximum lengths), limits each client to a few messages per 10 minutes, verifies the
// reCAPTCHA v3 token with Google, and stores the message with the service role. Visitors cannot write to
// public.contacts any other way.
//
// Answers (JSON): 200 {success, message}; 400 invalid_fields with fieldErrors; 403 recaptcha_rejected;
// 405; 413; 415; 429 rate_limited (with Retry-After); 503 recaptcha_unavailable; 500 server_error.
import {
  normalizeContactSubmission,
  validateContactSubmission,
  type ContactFieldErrors,
} from '../_shared/contactForm.ts';
import { corsHeaders, preflightResponse } from '../_shared/cors.ts';
import { clientAddress, clientHash } from './clientHash.ts';
import { storeContact, takeContactAttempt } from './contactStore.ts';
import { CONTACT_RATE_LIMIT_WINDOW_SECONDS, readContactSettings } from './contactSettings.ts';
import { verifyRecaptcha } from './verifyRecaptcha.ts';

/** A contact message is a few KB at most; anything far larger is not one. */
export const MAX_BODY_LENGTH = 32_000;

/** What the visitor reads when the form is refused; the form shows `message`, and `fieldErrors` at the fields. */
export const contactAnswers = {
  stored: 'Contact was Successfully Submitted',
  invalidFields: 'Invalid data, make sure to enter correct data.',
  recaptchaRejected: 'We could not confirm that you are a person. Please try again.',
  recaptchaUnavailable: 'The spam check is not available right now. Please try again in a few minutes.',
  rateLimited: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
  serverError: 'Your message could not be saved. Please try again later.',
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
  if (request.method !== 'POST') {
    return refuse(request, 405, 'method_not_allowed', 'Use POST.');
  }
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return refuse(request, 415, 'unsupported_media_type', 'Send the message as JSON.');
  }

  const text = await request.text();
  if (text.length > MAX_BODY_LENGTH) return refuse(request, 413, 'too_large', contactAnswers.invalidFields);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(request, 400, 'invalid_json', contactAnswers.invalidFields);
  }
  const submission = normalizeContactSubmission(body);
  const fieldErrors = validateContactSubmission(submission);
  if (Object.keys(fieldErrors).length > 0) {
    return refuse(request, 400, 'invalid_fields', contactAnswers.invalidFields, { fieldErrors });
  }

  try {
    const settings = readContactSettings();
    const hash = await clientHash(clientAddress(request), settings.clientHashSalt);
    if (!(await takeContactAttempt(settings, hash))) {
      const retryAfter = { 'Retry-After': String(CONTACT_RATE_LIMIT_WINDOW_SECONDS) };
      return refuse(request, 429, 'rate_limited', contactAnswers.rateLimited, {}, retryAfter);
    }

    const verdict = await verifyRecaptcha(submission.recaptcha, settings);
    if (verdict.outcome === 'unavailable') {
      console.error('[contact] reCAPTCHA verification unavailable:', verdict.reason);
      return refuse(request, 503, 'recaptcha_unavailable', contactAnswers.recaptchaUnavailable);
    }
    if (verdict.outcome === 'rejected') {
      console.warn('[contact] reCAPTCHA rejected:', verdict.reason);
      return refuse(request, 403, 'recaptcha_rejected', contactAnswers.recaptchaRejected);
    }

    const { recaptcha: _token, ...fields } = submission;
    await storeContact(settings, {
      submission: fields,
      recaptchaScore: verdict.score,
      recaptchaAction: verdict.action,
      clientHash: hash,
    });
    return answer(request, 200, { success: true, message: contactAnswers.stored });
  } catch (error) {
    // Never the visitor's data in the log: only what went wrong.
    console.error('[contact] failed:', error instanceof Error ? error.message : error);
    return refuse(request, 500, 'server_error', contactAnswers.serverError);
  }
}
