// The mail-events edge function: the mail provider's webhook (Resend -> Webhooks -> an endpoint with this function's
// URL, events email.bounced and email.complained; docs/owner.md). It takes no API key (config.toml: verify_jwt =
// false): the signature is the authentication, checked here (_shared/mail/mailEvents.ts) before anything in the body is
// believed, and each event is taken once. A hard bounce or a complaint puts the recipients on the suppression list.
//
// Answers (JSON): 200 {outcome: suppressed | ignored}; 400 invalid_event; 401 unsigned, stale or forged; 405; 409
// replayed (the event was taken before: nothing changes); 413; 503 not_configured (no RESEND_WEBHOOK_SECRET: every
// event is refused, and the log says so); 500 server_error.
import { readBodyBytes } from '../_shared/jsonBody.ts';
import {
  MAX_EVENT_BYTES,
  readMailEvent,
  readWebhookVerifier,
  verifyEvent,
} from '../_shared/mail/mailEvents.ts';
import { readServiceBackend, serviceRequest } from '../_shared/serviceBackend.ts';

function answer(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

export default async function handler(request: Request): Promise<Response> {
  if (request.method !== 'POST') return answer(405, { error: 'method_not_allowed' });
  const verifier = readWebhookVerifier();
  if (!verifier.ok) {
    console.error(
      `[mail-events] not configured, refusing every event: ${verifier.reason}. See docs/owner.md.`,
    );
    await request.body?.cancel();
    return answer(503, { error: 'not_configured' });
  }
  const body = await readBodyBytes(request, MAX_EVENT_BYTES);
  if (!body.ok) return answer(body.status, { error: body.error });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body.bytes);
  } catch {
    return answer(400, { error: 'invalid_event' });
  }
  const verified = verifyEvent(verifier.value, text, request.headers);
  if (!verified.ok) {
    console.warn(`[mail-events] refused an event: ${verified.problem}`);
    return answer(401, { error: verified.problem });
  }
  const event = readMailEvent(verified.payload);
  if (event === undefined) return answer(400, { error: 'invalid_event' });
  try {
    const recorded = await serviceRequest(readServiceBackend(), 'rpc/record_mail_event', {
      p_webhook_id: verified.id,
      p_event_type: event.type,
      p_reason: event.reason,
      p_addresses: event.addresses,
      p_detail: event.detail,
    });
    const outcome = (await recorded.json()) as 'suppressed' | 'ignored' | 'replayed';
    // Which event and what became of it; never the addresses.
    console.info(`[mail-events] ${event.type} ${verified.id}: ${outcome}`);
    if (outcome === 'replayed') return answer(409, { error: 'replayed' });
    return answer(200, { outcome });
  } catch (error) {
    console.error('[mail-events] failed:', error instanceof Error ? error.message : error);
    return answer(500, { error: 'server_error' });
  }
}
