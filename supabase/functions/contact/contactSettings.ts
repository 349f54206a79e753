// The contact function's settings, read from the environment on every request (so a secret set with
// `supabase secrets set` applies without a redeploy, and tests can change them).
import { getEnv } from '../_shared/env.ts';
import { readServiceBackend, type ServiceBackend } from '../_shared/serviceBackend.ts';

/** Google's verification endpoint. */
export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** reCAPTCHA v3 scores run from 0 (a bot) to 1 (a person); Google suggests 0.5 as the first threshold. */
export const MIN_RECAPTCHA_SCORE = 0.5;

export interface ContactSettings extends ServiceBackend {
  /** Google's secret. Without it the function refuses every message, unless the development token is enabled. */
  recaptchaSecret: string | undefined;
  /**
   * The local stand-in (supabase/local) alone sets RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN=true for its function host, so
   * offline development works; a deployed function without its secret fails closed.
   */
  acceptDevelopmentToken: boolean;
  /** RECAPTCHA_VERIFY_URL replaces Google's endpoint, for the local stand-in's tests only. */
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

export function readContactSettings(): ContactSettings {
  return {
    ...readServiceBackend(),
    recaptchaSecret: getEnv('RECAPTCHA_SECRET'),
    acceptDevelopmentToken: getEnv('RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN') === 'true',
    recaptchaVerifyUrl: getEnv('RECAPTCHA_VERIFY_URL') ?? GOOGLE_SITEVERIFY_URL,
    recaptchaHostnames: hostnames(),
  };
}
