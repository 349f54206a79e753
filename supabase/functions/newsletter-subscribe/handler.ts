// The newsletter-subscribe edge function: POST {email}. It checks the address with the site's one email rule, takes
// the subscription from the rate limits (per client, keyed on the address the platform vouches for, and for all
// clients together; _shared/rateLimits.ts) and stores a pending subscriber with the service role, with a confirmation
// mail in the outbox (double opt-in: only a confirmed address is a subscriber; public.subscribe_newsletter). An address
// is sent at most MAX_CONFIRMATION_MAILS_PER_ADDRESS_PER_DAY confirmations a day, whoever asks, so the form cannot be
// used to flood someone's inbox. Subscribing an address that is pending or confirmed answers exactly as a new one
// does: nobody can learn who is subscribed. Visitors cannot write public.emails any other way.
//
// The caller needs the project's publishable key (_shared/apiKeys.ts), as the site's browser sends it.
//
// Answers (JSON): 200 {success, message}; 400 invalid_email or invalid_json; 401 without the publishable key
// (missing_api_key, invalid_api_key); 405; 413; 415; 429 rate_limited (with Retry-After); 500 server_error.
import { refuseCaller } from '../_shared/apiKeys.ts';
import { corsHeaders, preflightResponse } from '../_shared/cors.ts';
import { isValidEmail } from '../_shared/isValidEmail.ts';
import { readJsonBody } from '../_shared/jsonBody.ts';
import { deliverDueMailSoon } from '../_shared/mail/mailOutbox.ts';
import {
  MAX_CONFIRMATION_MAILS_PER_ADDRESS_PER_DAY,
  retryAfterSeconds,
  takeRateLimit,
} from '../_shared/rateLimits.ts';
import { readServiceBackend, serviceRequest } from '../_shared/serviceBackend.ts';

/** An address is at most 254 characters; the body around it is small. */
export const MAX_BODY_BYTES = 1024;

/** How long a confirmation link works; a pending subscriber who does not confirm by then is forgotten. */
export const CONFIRM_WITHIN_SECONDS = 48 * 3600;

export const subscribeAnswers = {
  stored: 'Email was Successfully Submitted',
  invalidEmail: 'Email is not valid.',
  rateLimited: 'You have subscribed several times in a short time. Please try again later.',
  serverError: 'Something happen, please try again.',
} as const;

function answer(
  request: Request,
  status: number,
  body: object,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders(request), 'Content-Type': 'application/json', ...headers },
  });
}

export default async function handler(request: Request): Promise<Response> {
  const preflight = preflightResponse(request);
  if (preflight) return preflight;
  const refused = await refuseCaller(request, 'publishable', 'newsletter-subscribe');
  if (refused) {
    return answer(request, refused.status, {
      success: false,
      error: refused.error,
      message: refused.message,
    });
  }
  if (request.method !== 'POST') return answer(request, 405, { success: false, error: 'method_not_allowed' });

  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return answer(request, body.status, { success: false, error: body.error });
  const email = (body.value as { email?: unknown } | null)?.email;
  if (typeof email !== 'string' || !isValidEmail(email.trim())) {
    return answer(request, 400, {
      success: false,
      error: 'invalid_email',
      message: subscribeAnswers.invalidEmail,
    });
  }

  try {
    const backend = readServiceBackend();
    const limited = await takeRateLimit(backend, 'newsletterSubscribe', request);
    if (limited !== 'ok') {
      return answer(
        request,
        429,
        { success: false, error: 'rate_limited', message: subscribeAnswers.rateLimited },
        { 'Retry-After': String(retryAfterSeconds('newsletterSubscribe', limited)) },
      );
    }
    const queued = await serviceRequest(backend, 'rpc/subscribe_newsletter', {
      p_email: email.trim().toLowerCase(),
      p_confirm_within_seconds: CONFIRM_WITHIN_SECONDS,
      p_max_per_day: MAX_CONFIRMATION_MAILS_PER_ADDRESS_PER_DAY,
    });
    if ((await queued.json()) === true) deliverDueMailSoon(backend);
    return answer(request, 200, { success: true, message: subscribeAnswers.stored });
  } catch (error) {
    // Never the address in the log: only what went wrong.
    console.error('[newsletter-subscribe] failed:', error instanceof Error ? error.message : error);
    return answer(request, 500, {
      success: false,
      error: 'server_error',
      message: subscribeAnswers.serverError,
    });
  }
}
