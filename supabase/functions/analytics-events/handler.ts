// The analytics-events edge function: POST {events: [{name, payload?, route?}]}, a batch of the site's analytics
// events (spec §9). It checks their shape and size (a search's result count included: a whole number within
// MAX_RESULT_COUNT, on the three search events only), stores a search's term in one spelling (storedSearchTerm), takes the batch from the rate limits (each event is a unit; per
// client, keyed on the address the platform vouches for, and for all clients together; _shared/rateLimits.ts) and
// stores it with the service role. The table's own checks refuse unknown event names. Visitors cannot write
// public.analytics_events any other way.
//
// The caller needs the project's publishable key (_shared/apiKeys.ts), as the site's browser sends it.
//
// Answers: 204 stored; 400 invalid_events or invalid_json (JSON); 401 without the publishable key (missing_api_key,
// invalid_api_key); 405; 413; 415; 429 rate_limited (with Retry-After); 500 server_error.
import { refuseCaller } from '../_shared/apiKeys.ts';
import { corsHeaders, preflightResponse } from '../_shared/cors.ts';
import { readJsonBody } from '../_shared/jsonBody.ts';
import { retryAfterSeconds, takeRateLimit } from '../_shared/rateLimits.ts';
import { readServiceBackend, serviceRequest } from '../_shared/serviceBackend.ts';

/** The site sends at most 10 events at a time (shell/src/features/analytics/analyticsSink.ts). */
export const MAX_EVENTS_PER_BATCH = 10;
/** An event's details (a search term, a title) as JSON, at most. */
export const MAX_PAYLOAD_BYTES = 512;
export const MAX_ROUTE_LENGTH = 512;
export const MAX_BODY_BYTES = 8 * 1024;
/** A search's result count (how many results the visitor saw), at most: far more than any catalogue holds. */
export const MAX_RESULT_COUNT = 100_000;
/** The events that carry a result count, beside their searchTerm. */
const searchEvents = new Set(['userSearchForProject', 'userSearchForTutorial', 'userSearchForCourse']);

interface EventRow {
  name: string;
  payload: Record<string, unknown>;
  route: string | null;
}

/** A result count is a whole number within bounds, on a search only; the owner's report counts searches by it. */
function validResultCount(name: string, payload: Record<string, unknown>): boolean {
  if (!('resultCount' in payload)) return true;
  const count = payload.resultCount;
  return (
    searchEvents.has(name) &&
    typeof count === 'number' &&
    Number.isInteger(count) &&
    count >= 0 &&
    count <= MAX_RESULT_COUNT
  );
}

/**
 * A search's term as it is stored: trimmed, in lower case, control characters out, so that one term is one row
 * whichever way it was searched (a keyword chip sends its label in capitals, "TYPESCRIPT"; a typed search, "typescript").
 */
export function storedSearchTerm(term: string): string {
  return term
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The batch as rows, or null when anything in it is not an event the site sends. */
export function toEventRows(value: unknown): EventRow[] | null {
  const events = (value as { events?: unknown } | null)?.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS_PER_BATCH) return null;
  const rows: EventRow[] = [];
  for (const event of events) {
    if (typeof event !== 'object' || event === null) return null;
    const { name, payload = {}, route = null } = event as Record<string, unknown>;
    if (typeof name !== 'string' || !/^[A-Za-z]{1,64}$/.test(name)) return null;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    if (new TextEncoder().encode(JSON.stringify(payload)).byteLength > MAX_PAYLOAD_BYTES) return null;
    if (route !== null && (typeof route !== 'string' || route.length > MAX_ROUTE_LENGTH)) return null;
    if (!validResultCount(name, payload as Record<string, unknown>)) return null;
    const fields = { ...(payload as Record<string, unknown>) };
    if (searchEvents.has(name) && typeof fields.searchTerm === 'string') {
      fields.searchTerm = storedSearchTerm(fields.searchTerm);
    }
    rows.push({ name, payload: fields, route: route as string | null });
  }
  return rows;
}

function answer(
  request: Request,
  status: number,
  body?: object,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: {
      ...corsHeaders(request),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
  });
}

export default async function handler(request: Request): Promise<Response> {
  const preflight = preflightResponse(request);
  if (preflight) return preflight;
  const refused = await refuseCaller(request, 'publishable', 'analytics-events');
  if (refused) return answer(request, refused.status, { error: refused.error, message: refused.message });
  if (request.method !== 'POST') return answer(request, 405, { error: 'method_not_allowed' });

  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return answer(request, body.status, { error: body.error });
  const rows = toEventRows(body.value);
  if (rows === null) return answer(request, 400, { error: 'invalid_events' });

  try {
    const backend = readServiceBackend();
    const limited = await takeRateLimit(backend, 'analyticsEvents', request, rows.length);
    if (limited !== 'ok') {
      return answer(
        request,
        429,
        { error: 'rate_limited' },
        { 'Retry-After': String(retryAfterSeconds('analyticsEvents', limited)) },
      );
    }
    await serviceRequest(backend, 'analytics_events', rows, { Prefer: 'return=minimal' });
    return answer(request, 204);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The table refuses an unknown event name (23514): the batch was not the site's.
    if (/ 23514 /.test(message)) return answer(request, 400, { error: 'invalid_events' });
    console.error('[analytics-events] failed:', message);
    return answer(request, 500, { error: 'server_error' });
  }
}
