// What any web page a developer visits could otherwise do to the local stand-in: a browser sends "simple" requests
// (a form's POST, text/plain bodies, a key in the URL) to any address without asking first (no CORS preflight), and
// the well-known demo service key is public. So, besides answering preflights, the stand-in refuses:
//   - any request whose Origin is not one of the site's (CORS enforced on actual requests, not only preflights);
//   - a write with the API key in the query string (only a header, which needs a preflight, may carry it);
//   - a write whose body is not JSON (a cross-site form can only send form or text bodies);
//   - any request (and socket) whose Host is not a name of this machine: a page whose own domain is made to resolve
//     to 127.0.0.1 (DNS rebinding) is same-origin with the stand-in in the browser's eyes, sends no foreign Origin on
//     a simple GET, and would otherwise read everything with the well-known keys.
// The functions sit behind the same guard as the REST API.
// Node clients (tests, the functions, supabase-js on a server) send no Origin and are not affected.
import { ApiError } from '../rest/apiError.ts';

export const writeMethods = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export interface GuardedRequest {
  /** A write to the REST API (the only place the stand-in takes writes; storage is read-only). */
  apiWrite: boolean;
  origin: string | undefined;
  contentType: string | undefined;
  hasBody: boolean;
  queryApiKey: string | null;
}

export function crossSiteRefusal(request: GuardedRequest, allowedOrigins: Set<string>): ApiError | null {
  if (request.origin !== undefined && !allowedOrigins.has(request.origin)) {
    return new ApiError(
      403,
      'LOCAL403',
      `The origin ${request.origin} may not use this backend`,
      null,
      'Add it with --cors-origin or SUPABASE_LOCAL_CORS_ORIGINS.',
    );
  }
  if (!request.apiWrite) return null;
  if (request.queryApiKey !== null) {
    return new ApiError(401, 'PGRST301', 'Writes take the API key in a header, not in the URL');
  }
  const type = (request.contentType ?? '').toLowerCase();
  if (request.hasBody && !/^application\/(json|vnd\.pgrst\.[a-z.]+\+json)\b/.test(type)) {
    return new ApiError(415, 'PGRST107', 'Send the body as JSON (Content-Type: application/json)');
  }
  return null;
}

/** The names the stand-in answers to: this machine's loopback names, the host it listens on, and those of the
 *  origins allowed besides the site's. */
export function localHostnames(listenHost: string, extraOrigins: string[] = []): Set<string> {
  const names = new Set([
    'localhost',
    '127.0.0.1',
    '[::1]',
    listenHost.includes(':') ? `[${listenHost}]` : listenHost,
  ]);
  for (const origin of extraOrigins) {
    try {
      names.add(new URL(origin).hostname);
    } catch {
      // Not an origin: it allows nothing.
    }
  }
  return names;
}

/** Whether the Host header names this machine (its port aside). */
export function hostAllowed(hostHeader: string | undefined, hostnames: Set<string>): boolean {
  if (hostHeader === undefined) return false;
  try {
    return hostnames.has(new URL(`http://${hostHeader}`).hostname);
  } catch {
    return false;
  }
}

/** Whether a WebSocket upgrade comes from a page the stand-in serves (or from no page at all: a Node client). */
export function socketOriginAllowed(origin: string | undefined, allowedOrigins: Set<string>): boolean {
  return origin === undefined || allowedOrigins.has(origin);
}
