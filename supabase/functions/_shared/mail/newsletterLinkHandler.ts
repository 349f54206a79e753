// The two newsletter links' functions, newsletter-confirm and newsletter-unsubscribe: POST {token}, from the site's
// server when a visitor opens the link's page (or their mail provider posts the one-click unsubscribe to it). The token
// is checked here (signature, purpose, expiry: mailLinks.ts), then in the database (the subscriber's secret; a used
// confirmation link's secret is gone). Confirming queues the welcome mail.
//
// The caller needs the project's publishable key (apiKeys.ts), as the site's server sends it.
//
// Answers (JSON {outcome}): 200 confirmed / unsubscribed; 400 invalid (forged, altered, malformed, used, or naming no
// subscriber); 401 without the publishable key (missing_api_key, invalid_api_key); 410 expired; 405; 413; 415;
// 503 not_configured (no MAIL_LINK_SECRET: no link can be checked); 500 server_error.
import { refuseCaller } from '../apiKeys.ts';
import { corsHeaders, preflightResponse } from '../cors.ts';
import { readJsonBody } from '../jsonBody.ts';
import { readServiceBackend, serviceRequest } from '../serviceBackend.ts';
import { readMailLink, MAX_TOKEN_LENGTH, type MailLinkPurpose } from './mailLinks.ts';
import { deliverDueMailSoon } from './mailOutbox.ts';
import { readMailSettings } from './mailSettings.ts';

const rpcOf = {
  confirm: 'rpc/confirm_newsletter_subscription',
  unsubscribe: 'rpc/unsubscribe_newsletter',
} as const satisfies Record<MailLinkPurpose, string>;

export type NewsletterLinkOutcome = 'confirmed' | 'unsubscribed' | 'invalid' | 'expired' | 'server_error';

function answer(
  request: Request,
  status: number,
  outcome: NewsletterLinkOutcome | string,
  message?: string,
): Response {
  return new Response(JSON.stringify(message === undefined ? { outcome } : { outcome, message }), {
    status,
    headers: { ...corsHeaders(request), 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

export function newsletterLinkHandler(purpose: MailLinkPurpose) {
  return async function handler(request: Request): Promise<Response> {
    const preflight = preflightResponse(request);
    if (preflight) return preflight;
    const refused = await refuseCaller(request, 'publishable', `newsletter-${purpose}`);
    if (refused) return answer(request, refused.status, refused.error, refused.message);
    if (request.method !== 'POST') return answer(request, 405, 'method_not_allowed');
    const body = await readJsonBody(request, MAX_TOKEN_LENGTH + 64);
    if (!body.ok) return answer(request, body.status, body.error);
    try {
      const backend = readServiceBackend();
      const keys = readMailSettings().linkKeys;
      if (!keys.ok) {
        console.error(`[newsletter-${purpose}] not configured, every link refused: ${keys.reason}`);
        return answer(request, 503, 'not_configured');
      }
      const link = await readMailLink((body.value as { token?: unknown } | null)?.token, purpose, keys.value);
      if (!link.ok)
        return answer(
          request,
          link.reason === 'expired' ? 410 : 400,
          link.reason === 'expired' ? 'expired' : 'invalid',
        );
      const outcome = (await (
        await serviceRequest(backend, rpcOf[purpose], {
          p_subscriber: link.link.subscriberId,
          p_nonce: link.link.nonce,
        })
      ).json()) as NewsletterLinkOutcome;
      if (outcome === 'invalid') return answer(request, 400, 'invalid');
      if (outcome === 'confirmed') deliverDueMailSoon(backend);
      return answer(request, 200, outcome);
    } catch (error) {
      console.error(`[newsletter-${purpose}] failed:`, error instanceof Error ? error.message : error);
      return answer(request, 500, 'server_error');
    }
  };
}
