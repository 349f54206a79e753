// The page-views edge function: counts one page a visitor read (public.record_page_view). Two ways in, so that a page
// is counted whether its JavaScript runs or not, and however late the site's app starts:
//   POST  the page's own beacon (shell/src/pageViews.js, inline in every page, no part of the app): a small JSON
//         body {path, referrer?, utm_source?, utm_medium?, utm_campaign?}, sent as text/plain by sendBeacon (no
//         preflight), once when the page is read and once per page the visitor moves to inside the site;
//   GET   the page's image, inside <noscript> (?path=...): a page read without JavaScript. Its Referer is the page's own
//         address (the image asks for it: referrerpolicy), from which the utm_* fields are read.
// The publishable key comes as the apikey header or, as neither a beacon nor an image can send headers, the apikey
// query parameter (it is public: every page carries it).
//
// What is stored takes nothing a visitor types as a label: the path becomes a route of the site (or 'other', in the
// database: public.site_route), the referrer a host name in lower case without "www." (a referrer from the site
// itself is no source), utm_* values short tokens in lower case (anything else is dropped), the device a class
// (desktop, mobile, tablet) from the user agent. Bots that say so in their user agent (isbot) are not counted.
// Who the visitor is stays here: the client's address as the rate limits trust it (_shared/clientAddress.ts) and its
// user agent are passed to the database, which hashes them with the day's salt and keeps only the hash.
// Each page view is taken from the rate limits (_shared/rateLimits.ts, pageViews), keyed as every write is.
//
// Answers: POST 204 counted or not counted (a bot); GET 200 a 1x1 transparent GIF (no-store); 400 invalid_page_view;
// 401 (missing_api_key, invalid_api_key); 405; 413; 429 rate_limited (with Retry-After); 503 not_configured (no
// trusted client address: CLIENT_IP_HEADER); 500 server_error.
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { refuseCaller } from '../_shared/apiKeys.ts';
import { trustedClientAddress } from '../_shared/clientAddress.ts';
import { corsHeaders, preflightResponse } from '../_shared/cors.ts';
import { readBodyBytes } from '../_shared/jsonBody.ts';
import { retryAfterSeconds, takeRateLimit } from '../_shared/rateLimits.ts';
import { readServiceBackend, serviceRequest } from '../_shared/serviceBackend.ts';

/** A beacon's body, at most: a path, a host and three short tokens. */
export const MAX_BODY_BYTES = 2048;
const MAX_PATH_LENGTH = 200;
const MAX_TOKEN_LENGTH = 60;

export interface PageView {
  path: string;
  source: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export type DeviceClass = 'desktop' | 'mobile' | 'tablet';

const methods = 'GET, POST, OPTIONS';

/** The 1x1 transparent GIF the no-JavaScript image gets. */
const pixel = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (character) =>
  character.charCodeAt(0),
);

/** A path as the page names it: its pathname, lower case, no trailing slash; null when it is not one. */
export function pagePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_PATH_LENGTH) return null;
  const path = value.split(/[?#]/, 1)[0]!.toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** A host name as a source: lower case, without "www." and a final dot; null when it is not a host name. */
export function sourceHost(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > 253) return null;
  const host = value
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((part) => label.test(part)) ? host : null;
}

/** A utm_* value as a token: trimmed, lower case, spaces as hyphens; null when it holds anything else. */
export function utmToken(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const token = value.trim().toLowerCase().replace(/\s+/g, '-');
  return token !== '' && token.length <= MAX_TOKEN_LENGTH && /^[a-z0-9._+-]+$/.test(token) ? token : null;
}

/** The device class a user agent says (tablets and phones by name; everything else is a desktop). */
export function deviceClass(userAgent: string): DeviceClass {
  const type = userAgent === '' ? undefined : Bowser.parse(userAgent).platform.type;
  return type === 'mobile' || type === 'tablet' ? type : 'desktop';
}

/** The page view a beacon's body describes, or null when it is not one; a referrer from the site is no source. */
export function beaconPageView(value: unknown, siteHost: string | null): PageView | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const path = pagePath(fields.path);
  if (path === null) return null;
  const source = sourceHost(fields.referrer);
  return {
    path,
    source: source !== null && source !== siteHost ? source : null,
    utmSource: utmToken(fields.utm_source),
    utmMedium: utmToken(fields.utm_medium),
    utmCampaign: utmToken(fields.utm_campaign),
  };
}

/** The page view a no-JavaScript image asks for: its path, and the utm_* fields of the page's address (its Referer). */
export function imagePageView(url: URL, referer: string | null): PageView | null {
  const path = pagePath(url.searchParams.get('path'));
  if (path === null) return null;
  let query = new URLSearchParams();
  try {
    if (referer) query = new URL(referer).searchParams;
  } catch {
    // Not an address: no utm fields.
  }
  return {
    path,
    source: null,
    utmSource: utmToken(query.get('utm_source')),
    utmMedium: utmToken(query.get('utm_medium')),
    utmCampaign: utmToken(query.get('utm_campaign')),
  };
}

/** The site's host as the caller's page has it (its Origin, or its Referer's host). */
function siteHostOf(request: Request): string | null {
  for (const header of ['origin', 'referer']) {
    try {
      const value = request.headers.get(header);
      if (value) return sourceHost(new URL(value).hostname) ?? new URL(value).hostname;
    } catch {
      // Not an address.
    }
  }
  return null;
}

/** The request with the key of its apikey query parameter as its apikey header, when it sent no header. */
function withQueryKey(request: Request, url: URL): Request {
  const key = url.searchParams.get('apikey');
  if (request.headers.get('apikey') || !key) return request;
  const headers = new Headers(request.headers);
  headers.set('apikey', key);
  return new Request(request.url, { method: request.method, headers });
}

export default async function handler(request: Request): Promise<Response> {
  const preflight = preflightResponse(request, methods);
  if (preflight) return preflight;
  const cors = corsHeaders(request, methods);
  const answer = (status: number, body?: object, headers: Record<string, string> = {}) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: {
        ...cors,
        'Cache-Control': 'no-store',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
    });
  const url = new URL(request.url);
  const refused = await refuseCaller(withQueryKey(request, url), 'publishable', 'page-views');
  if (refused) return answer(refused.status, { error: refused.error, message: refused.message });

  let view: PageView | null;
  if (request.method === 'POST') {
    const body = await readBodyBytes(request, MAX_BODY_BYTES);
    if (!body.ok) return answer(body.status, { error: body.error });
    try {
      view = beaconPageView(
        JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body.bytes)),
        siteHostOf(request),
      );
    } catch {
      view = null;
    }
  } else if (request.method === 'GET') {
    view = imagePageView(url, request.headers.get('referer'));
  } else {
    return answer(405, { error: 'method_not_allowed' });
  }
  if (view === null) return answer(400, { error: 'invalid_page_view' });
  const counted = () =>
    request.method === 'GET'
      ? new Response(pixel, {
          status: 200,
          headers: { ...cors, 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' },
        })
      : answer(204);

  const userAgent = (request.headers.get('user-agent') ?? '').slice(0, 512);
  if (isbot(userAgent)) return counted();

  const client = trustedClientAddress(request);
  if (!client.trusted) {
    console.error(`[page-views] not counting: ${client.reason} (see supabase/README.md)`);
    return answer(503, { error: 'not_configured' });
  }
  try {
    const backend = readServiceBackend();
    const limited = await takeRateLimit(backend, 'pageViews', request);
    if (limited !== 'ok') {
      return answer(
        429,
        { error: 'rate_limited' },
        { 'Retry-After': String(retryAfterSeconds('pageViews', limited)) },
      );
    }
    await serviceRequest(backend, 'rpc/record_page_view', {
      p_path: view.path,
      p_source: view.source,
      p_utm_source: view.utmSource,
      p_utm_medium: view.utmMedium,
      p_utm_campaign: view.utmCampaign,
      p_device: deviceClass(userAgent),
      p_client: client.address,
      // The network a source must come from several of to be named (an IPv4 address, an IPv6 /48).
      p_network: client.network ?? client.address,
      p_user_agent: userAgent,
    });
    return counted();
  } catch (error) {
    console.error('[page-views] failed:', error instanceof Error ? error.message : error);
    return answer(500, { error: 'server_error' });
  }
}
