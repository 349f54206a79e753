// CORS for edge functions. Supabase's gateway adds no CORS headers to function responses, so each function answers
// the browser's preflight itself and adds these headers to every response.
// ALLOWED_ORIGINS (comma-separated, e.g. "https://alexmorgan.dev,https://www.alexmorgan.dev") limits which sites may
// call the function; unset, any origin may (the local stand-in and tests).
import { getEnv } from './env.ts';

const allowedHeaders = 'authorization, x-client-info, apikey, content-type, x-supabase-api-version';

function allowedOrigin(request: Request): string | undefined {
  const configured = getEnv('ALLOWED_ORIGINS');
  if (configured === undefined) return '*';
  const origin = request.headers.get('origin');
  const origins = configured.split(',').map((entry) => entry.trim());
  return origin !== null && origins.includes(origin) ? origin : undefined;
}

/** The CORS headers for a response to this request (none when its origin is not allowed). */
export function corsHeaders(request: Request, methods = 'POST, OPTIONS'): Record<string, string> {
  const origin = allowedOrigin(request);
  if (origin === undefined) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Headers': allowedHeaders,
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  };
}

/** The answer to a CORS preflight, or null when the request is not one. */
export function preflightResponse(request: Request, methods = 'POST, OPTIONS'): Response | null {
  if (request.method !== 'OPTIONS') return null;
  return new Response(null, { status: 204, headers: corsHeaders(request, methods) });
}
