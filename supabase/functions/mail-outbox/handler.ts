// The mail-outbox edge function: POST, with the service-role key, sends the mail that is due (mailOutbox.ts) and
// answers what happened. Called on a schedule: pg_cron on hosted Supabase (docs/owner.md), the local stand-in's own
// timer locally. Nobody else may call it: it answers 401 to any other key.
//
// Answers (JSON): 200 {sent, retried, failed, cancelled}; 401; 405; 500 server_error.
import { deliverDueMail } from '../_shared/mail/mailOutbox.ts';
import { isServiceRoleRequest, readServiceBackend } from '../_shared/serviceBackend.ts';

function answer(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

export default async function handler(request: Request): Promise<Response> {
  if (request.method !== 'POST') return answer(405, { error: 'method_not_allowed' });
  try {
    const backend = readServiceBackend();
    if (!isServiceRoleRequest(request, backend)) return answer(401, { error: 'service_role_only' });
    await request.body?.cancel();
    return answer(200, await deliverDueMail(backend));
  } catch (error) {
    console.error('[mail-outbox] failed:', error instanceof Error ? error.message : error);
    return answer(500, { error: 'server_error' });
  }
}
