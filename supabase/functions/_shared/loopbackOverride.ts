// The address of a third party a function calls (Resend's API, Google's siteverify) is fixed in code. Tests point it at
// a fake on this machine with an override variable (RESEND_API_URL, RECAPTCHA_VERIFY_URL), which is honoured only
// where the local stand-in runs the functions (it sets SUPABASE_LOCAL_STAND_IN; hosted Supabase reserves the
// SUPABASE_ prefix for its own variables, so no project secret can) and only for a loopback address. A value left over
// in production is ignored, with a warning, and never receives a key or a secret.
import { getEnv } from './env.ts';

const warned = new Set<string>();

function isLoopback(text: string): boolean {
  try {
    const { hostname, protocol } = new URL(text);
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      (hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname))
    );
  } catch {
    return false;
  }
}

/** The fixed URL, or the override variable's loopback URL under the local stand-in. */
export function urlWithLocalOverride(variable: string, fixed: string): string {
  const override = getEnv(variable);
  if (override === undefined) return fixed;
  if (getEnv('SUPABASE_LOCAL_STAND_IN') === 'true' && isLoopback(override)) return override;
  if (!warned.has(variable)) {
    warned.add(variable);
    console.warn(`[settings] ${variable} is ignored: only the local stand-in may point it at this machine.`);
  }
  return fixed;
}
