// The mail-outbox edge function: POST, with a secret key of the project (_shared/apiKeys.ts), sends the mail that is
// due (mailOutbox.ts) and answers what happened. Called on a schedule: pg_cron on hosted Supabase
// (private.call_edge_function, docs/owner.md), the local stand-in's own timer locally. Nobody else may call it: it
// answers 401 to any other key, the publishable key included.
//
// Answers (JSON): 200 {sent, retried, waiting, failed, cancelled, released, unrecorded}; 401 {error, message}
// (missing_api_key, invalid_api_key, secret_key_required); 405; 500 server_error.
import { refuseCaller } from '../_shared/apiKeys.ts';
import { deliverDueMail } from '../_shared/mail/mailOutbox.ts';
import { readServiceBackend } from '../_shared/serviceBackend.ts';

function answer(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

export default async function handler(request: Request): Promise<Response> {
  const refused = await refuseCaller(request, 'secret', 'mail-outbox');
  if (refused) return answer(refused.status, { error: refused.error, message: refused.message });
  if (request.method !== 'POST') return answer(405, { error: 'method_not_allowed' });
  try {
    const backend = readServiceBackend();
    await request.body?.cancel();
    return answer(200, await deliverDueMail(backend));
  } catch (error) {
    console.error('[mail-outbox] failed:', error instanceof Error ? error.message : error);
    return answer(500, { error: 'server_error' });
  }
}
