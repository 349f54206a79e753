// CORS for the site's own origins: the shell and the four sections (ports 3000-3004) on localhost and 127.0.0.1.
// When the backend runs on a moved port (54321 + offset, as the test helpers move whole sites), the site's ports
// move by the same offset and are allowed too. More origins can be added (--cors-origin / SUPABASE_LOCAL_CORS_ORIGINS).

const sitePorts = [3000, 3001, 3002, 3003, 3004];

export const allowedRequestHeaders = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'prefer',
  'accept',
  'accept-language',
  'accept-profile',
  'content-profile',
  'range',
  'range-unit',
  'x-supabase-api-version',
  'x-retry-count',
  'if-none-match',
];

export const exposedResponseHeaders = [
  'content-range',
  'content-location',
  'location',
  'preference-applied',
  'etag',
  'x-supabase-api-version',
];

export function siteOrigins(backendPort: number, standardPort: number, extra: string[] = []): Set<string> {
  const offsets = new Set([0, backendPort - standardPort]);
  const origins = new Set(extra.map((origin) => origin.replace(/\/$/, '')));
  for (const offset of offsets) {
    for (const port of sitePorts) {
      origins.add(`http://localhost:${port + offset}`);
      origins.add(`http://127.0.0.1:${port + offset}`);
    }
  }
  return origins;
}

/** Headers for an actual (non-preflight) response. */
export function corsHeaders(origin: string | undefined, allowed: Set<string>): Record<string, string> {
  if (origin === undefined || !allowed.has(origin)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': exposedResponseHeaders.join(', '),
    Vary: 'Origin',
  };
}

/** The answer to a preflight: 204 with the allowed methods and headers, or 403 for an origin that is not allowed. */
export function preflightHeaders(
  origin: string | undefined,
  allowed: Set<string>,
): { status: number; headers: Record<string, string> } {
  if (origin === undefined || !allowed.has(origin)) return { status: 403, headers: { Vary: 'Origin' } };
  return {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': allowedRequestHeaders.join(', '),
      'Access-Control-Max-Age': '86400',
      Vary: 'Origin',
    },
  };
}
