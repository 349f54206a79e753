// The newsletter-subscribe edge function: POST {email, recaptcha}. It checks the address with the site's one email
// rule, takes the attempt from a cheap limit (each question to Google costs quota, so junk tokens are bounded too),
// verifies the reCAPTCHA v3 token with Google for the newsletter's own action (failing closed without its secret,
// _shared/verifyRecaptcha.ts), then takes the subscription from the rate limits (per client, per IPv6 network and for
// all clients together; _shared/rateLimits.ts) and stores a pending subscriber with the service role, with a
// confirmation mail in the outbox (double opt-in: only a confirmed address is a subscriber; public.subscribe_newsletter).
// An address is sent at most MAX_CONFIRMATION_MAILS_PER_ADDRESS_PER_DAY confirmations a day, whoever asks, so the form
// cannot be used to flood someone's inbox, and an address on the suppression list (it bounced, or complained) is sent
// nothing at all. Whatever happened to the address, the answer is the same: nobody can learn who is subscribed or
// suppressed. Visitors cannot write public.emails any other way.
//
// The caller needs the project's publishable key (_shared/apiKeys.ts), as the site's browser sends it.
//
// Answers (JSON): 200 {success, message}; 400 invalid_email, invalid_recaptcha or invalid_json; 401 without the
// publishable key (missing_api_key, invalid_api_key); 403 recaptcha_rejected; 405; 413; 415; 429 rate_limited (with
// Retry-After); 503 recaptcha_unavailable, or not_configured when the function lacks its reCAPTCHA secret (it then
// refuses everyone and says so in its log); 500 server_error.
import { refuseCaller } from '../_shared/apiKeys.ts';
import { corsHeaders, preflightResponse } from '../_shared/cors.ts';
import { isValidEmail } from '../_shared/isValidEmail.ts';
import { readJsonBody } from '../_shared/jsonBody.ts';
import { deliverDueMailSoon } from '../_shared/mail/mailOutbox.ts';
import {
  MAX_CONFIRMATION_MAILS_PER_ADDRESS_PER_DAY,
  retryAfterSeconds,
  takeRateLimit,
  type LimitedWrite,
} from '../_shared/rateLimits.ts';
import { recaptchaActions, recaptchaTokenProblem } from '../_shared/recaptchaRules.ts';
import { readServiceBackend, serviceRequest } from '../_shared/serviceBackend.ts';
import { readRecaptchaSettings, recaptchaRefusal, verifyRecaptcha } from '../_shared/verifyRecaptcha.ts';

/** An address is at most 254 characters and a captcha token at most 4,096; the body around them is small. */
export const MAX_BODY_BYTES = 8 * 1024;

/** How long a confirmation link works; a pending subscriber who does not confirm by then is forgotten. */
export const CONFIRM_WITHIN_SECONDS = 48 * 3600;

export const subscribeAnswers = {
  stored: 'Email was Successfully Submitted',
  invalidEmail: 'Email is not valid.',
  invalidRecaptcha: 'The spam check did not come with the form. Please reload the page and try again.',
  recaptchaRejected: 'We could not confirm that you are a person. Please try again.',
  recaptchaUnavailable: 'The spam check is not available right now. Please try again in a few minutes.',
  notConfigured: 'Subscriptions cannot be taken right now. Please try again later.',
  rateLimited: 'You have subscribed several times in a short time. Please try again later.',
  serverError: 'Something happen, please try again.',
} as const;

const refusalMessages = {
  recaptcha_rejected: subscribeAnswers.recaptchaRejected,
  recaptcha_unavailable: subscribeAnswers.recaptchaUnavailable,
  not_configured: subscribeAnswers.notConfigured,
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

function refuse(request: Request, status: number, error: string, message: string, headers = {}): Response {
  return answer(request, status, { success: false, error, message }, headers);
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
  const { email, recaptcha } = (body.value ?? {}) as { email?: unknown; recaptcha?: unknown };
  if (typeof email !== 'string' || !isValidEmail(email.trim())) {
    return refuse(request, 400, 'invalid_email', subscribeAnswers.invalidEmail);
  }
  const token = typeof recaptcha === 'string' ? recaptcha.trim() : '';
  if (recaptchaTokenProblem(token) !== undefined) {
    return refuse(request, 400, 'invalid_recaptcha', subscribeAnswers.invalidRecaptcha);
  }

  try {
    const backend = readServiceBackend();
    const limited = async (write: LimitedWrite) => {
      const refused = await takeRateLimit(backend, write, request);
      return refused === 'ok'
        ? undefined
        : refuse(request, 429, 'rate_limited', subscribeAnswers.rateLimited, {
            'Retry-After': String(retryAfterSeconds(write, refused)),
          });
    };
    const tooManyAttempts = await limited('newsletterSubscribeAttempt');
    if (tooManyAttempts) return tooManyAttempts;
    const verdict = await verifyRecaptcha(token, recaptchaActions.newsletter, readRecaptchaSettings());
    if (verdict.outcome !== 'passed') {
      const refusal = recaptchaRefusal(verdict, 'newsletter-subscribe');
      return refuse(request, refusal.status, refusal.error, refusalMessages[refusal.error]);
    }
    // Taken after the captcha check, so failed attempts (anyone's) never use up a client's subscriptions.
    const tooManySubscriptions = await limited('newsletterSubscribe');
    if (tooManySubscriptions) return tooManySubscriptions;
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
    return refuse(request, 500, 'server_error', subscribeAnswers.serverError);
  }
}
