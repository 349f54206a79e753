// Server-side reCAPTCHA v3 verification for every form that has it (the original stored the token and never checked
// it): Google's siteverify must vouch for the token, for this form's action, on this site's host, with a score of at
// least MIN_RECAPTCHA_SCORE. Without its secret a function fails closed, unless the local stand-in enabled the
// development token. Settings are read on every request (a secret set with `supabase secrets set` applies without a
// redeploy, and tests can change them).
import { getEnv } from './env.ts';
import { urlWithLocalOverride } from './loopbackOverride.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN, type RecaptchaAction } from './recaptchaRules.ts';

/** Google's verification endpoint (RECAPTCHA_VERIFY_URL replaces it for the tests only: loopbackOverride.ts). */
export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** reCAPTCHA v3 scores run from 0 (a bot) to 1 (a person); Google suggests 0.5 as the first threshold. */
export const MIN_RECAPTCHA_SCORE = 0.5;
/** How long a function waits for Google. */
export const SITEVERIFY_TIMEOUT_MS = 5000;

export interface RecaptchaSettings {
  /** Google's secret. Without it the function refuses every token, unless the development token is enabled. */
  recaptchaSecret: string | undefined;
  /**
   * The local stand-in (supabase/local) alone sets RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN=true for its function host, so
   * offline development works; a deployed function without its secret fails closed.
   */
  acceptDevelopmentToken: boolean;
  recaptchaVerifyUrl: string;
  /** The site's host names, which a token must have been issued on (RECAPTCHA_HOSTNAMES, or ALLOWED_ORIGINS'). */
  recaptchaHostnames: string[];
}

function hostnames(): string[] {
  const explicit = getEnv('RECAPTCHA_HOSTNAMES');
  if (explicit !== undefined)
    return explicit
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
  return (getEnv('ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => {
      try {
        return new URL(origin.trim()).hostname.toLowerCase();
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}

export function readRecaptchaSettings(): RecaptchaSettings {
  return {
    recaptchaSecret: getEnv('RECAPTCHA_SECRET'),
    acceptDevelopmentToken: getEnv('RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN') === 'true',
    recaptchaVerifyUrl: urlWithLocalOverride('RECAPTCHA_VERIFY_URL', GOOGLE_SITEVERIFY_URL),
    recaptchaHostnames: hostnames(),
  };
}

export type RecaptchaVerdict =
  | { outcome: 'passed'; score: number | null; action: string | null }
  | { outcome: 'rejected'; reason: string }
  | { outcome: 'unavailable'; reason: string }
  /** The function lacks its secret (or the site's host names): it refuses every token until configured. */
  | { outcome: 'misconfigured'; reason: string };

/** What siteverify answers (https://developers.google.com/recaptcha/docs/v3). */
interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

export async function verifyRecaptcha(
  token: string,
  action: RecaptchaAction,
  settings: RecaptchaSettings,
): Promise<RecaptchaVerdict> {
  if (settings.recaptchaSecret === undefined) {
    if (!settings.acceptDevelopmentToken) {
      return { outcome: 'misconfigured', reason: 'RECAPTCHA_SECRET is not set' };
    }
    if (token !== DEVELOPMENT_RECAPTCHA_TOKEN) {
      return { outcome: 'rejected', reason: 'offline, only the development token passes' };
    }
    console.warn(
      `[${action}] accepted the development token (the local stand-in enables it; no secret is set).`,
    );
    return { outcome: 'passed', score: null, action: null };
  }
  if (settings.recaptchaHostnames.length === 0) {
    return {
      outcome: 'misconfigured',
      reason: 'neither RECAPTCHA_HOSTNAMES nor ALLOWED_ORIGINS names the site',
    };
  }

  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(settings.recaptchaVerifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: settings.recaptchaSecret, response: token }),
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return { outcome: 'unavailable', reason: `siteverify answered ${response.status}` };
    answer = (await response.json()) as SiteverifyAnswer;
  } catch (error) {
    return { outcome: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }

  if (answer.success !== true) {
    return { outcome: 'rejected', reason: `not a valid token (${(answer['error-codes'] ?? []).join(', ')})` };
  }
  if (answer.action !== action) {
    return { outcome: 'rejected', reason: `a token for the action "${answer.action ?? ''}"` };
  }
  if (!settings.recaptchaHostnames.includes((answer.hostname ?? '').toLowerCase())) {
    return { outcome: 'rejected', reason: `a token issued on "${answer.hostname ?? ''}", not on this site` };
  }
  if (typeof answer.score !== 'number' || answer.score < MIN_RECAPTCHA_SCORE) {
    return { outcome: 'rejected', reason: `a score of ${answer.score ?? 'none'}` };
  }
  return { outcome: 'passed', score: answer.score, action: answer.action };
}

export type RecaptchaRefusal =
  | { status: 403; error: 'recaptcha_rejected' }
  | { status: 503; error: 'recaptcha_unavailable' | 'not_configured' };

/** How a function answers a verdict that is not a pass; the reason goes to its log only, never to the visitor. */
export function recaptchaRefusal(
  verdict: Exclude<RecaptchaVerdict, { outcome: 'passed' }>,
  functionName: string,
): RecaptchaRefusal {
  switch (verdict.outcome) {
    case 'misconfigured':
      console.error(
        `[${functionName}] not configured, refusing everyone: ${verdict.reason}. See supabase/README.md.`,
      );
      return { status: 503, error: 'not_configured' };
    case 'unavailable':
      console.error(`[${functionName}] reCAPTCHA verification unavailable:`, verdict.reason);
      return { status: 503, error: 'recaptcha_unavailable' };
    case 'rejected':
      console.warn(`[${functionName}] reCAPTCHA rejected:`, verdict.reason);
      return { status: 403, error: 'recaptcha_rejected' };
  }
}
