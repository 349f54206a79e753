// The contact function's settings, read from the environment on every request (so a secret set with
// `supabase secrets set` applies without a redeploy, and tests can change them).
import { getEnv, requireEnv } from '../_shared/env.ts';

/** Google's verification endpoint; RECAPTCHA_VERIFY_URL replaces it (tests point it at a local fake). */
export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** reCAPTCHA v3 scores run from 0 (a bot) to 1 (a person); Google suggests 0.5 as the first threshold. */
export const MIN_RECAPTCHA_SCORE = 0.5;
/** At most this many messages per client in the window below... */
export const CONTACT_RATE_LIMIT_MAX = 5;
/** ...of 10 minutes. */
export const CONTACT_RATE_LIMIT_WINDOW_SECONDS = 600;

export interface ContactSettings {
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Unset where there is no Google (local development, offline): only the development token passes then. */
  recaptchaSecret: string | undefined;
  recaptchaVerifyUrl: string;
  /** Keys the hash that identifies a client for the rate limit; the service-role key unless a salt is set. */
  clientHashSalt: string;
}

export function readContactSettings(): ContactSettings {
  const serviceRoleKey = requireEnv('SUPABASE_SERVICE_ROLE_KEY');
  return {
    supabaseUrl: requireEnv('SUPABASE_URL').replace(/\/+$/, ''),
    serviceRoleKey,
    recaptchaSecret: getEnv('RECAPTCHA_SECRET'),
    recaptchaVerifyUrl: getEnv('RECAPTCHA_VERIFY_URL') ?? GOOGLE_SITEVERIFY_URL,
    clientHashSalt: getEnv('CONTACT_CLIENT_HASH_SALT') ?? serviceRoleKey,
  };
}
