// Server-side reCAPTCHA v3 verification (the original stored the token and never checked it).
import { CONTACT_RECAPTCHA_ACTION, DEVELOPMENT_RECAPTCHA_TOKEN } from '../_shared/contactForm.ts';
import { MIN_RECAPTCHA_SCORE, type ContactSettings } from './contactSettings.ts';

/** How long the function waits for Google. */
export const SITEVERIFY_TIMEOUT_MS = 5000;

export type RecaptchaVerdict =
  | { outcome: 'passed'; score: number | null; action: string | null }
  | { outcome: 'rejected'; reason: string }
  | { outcome: 'unavailable'; reason: string }
  /** The function lacks its secret (or the site's host names): it refuses every message until configured. */
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
  settings: Pick<
    ContactSettings,
    'recaptchaSecret' | 'acceptDevelopmentToken' | 'recaptchaVerifyUrl' | 'recaptchaHostnames'
  >,
): Promise<RecaptchaVerdict> {
  if (settings.recaptchaSecret === undefined) {
    if (!settings.acceptDevelopmentToken) {
      return { outcome: 'misconfigured', reason: 'RECAPTCHA_SECRET is not set' };
    }
    if (token !== DEVELOPMENT_RECAPTCHA_TOKEN) {
      return { outcome: 'rejected', reason: 'offline, only the development token passes' };
    }
    console.warn(
      '[contact] accepted the development token (the local stand-in enables it; no secret is set).',
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
  if (answer.action !== CONTACT_RECAPTCHA_ACTION) {
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
