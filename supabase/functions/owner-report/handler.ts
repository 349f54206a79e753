// The owner-report edge function: POST, with a secret key of the project (_shared/apiKeys.ts), queues the owner's report (public.owner_reports,
// with its mail in the outbox, sent at once when mail is up: supabase/migrations/20261127160100_queue_owner_reports.sql).
//   {}             the schedule's call (pg_cron hosted, the stand-in's timer locally, as often as they like): the last
//                  full week's report once it is due (owner_report_settings: day, hour, time zone), once a week
//   {"now": true}  the report of the last seven days, at once (as often as asked)
// Nobody else may call it: it answers 401 to any other key, the publishable key included.
//
// Answers (JSON): 200 {outcome: queued | not_due | sent_already | disabled, reportId, startsAt, endsAt};
// 400 invalid_body; 401 {error, message} (missing_api_key, invalid_api_key, secret_key_required); 405; 413; 415;
// 500 server_error.
import { readJsonBody } from '../_shared/jsonBody.ts';
import { deliverDueMailSoon } from '../_shared/mail/mailOutbox.ts';
import { refuseCaller } from '../_shared/apiKeys.ts';
import { readServiceBackend, serviceRequest } from '../_shared/serviceBackend.ts';

/** `{"now": true}` and little more. */
const MAX_BODY_BYTES = 1024;

type Outcome = 'queued' | 'not_due' | 'sent_already' | 'disabled';

interface QueueAnswer {
  outcome: Outcome;
  report_id: string | null;
  starts_at: string | null;
  ends_at: string | null;
}

function answer(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

/** Which report the body asks for: the week's (the schedule's call) or the last seven days' now; null if neither. */
export function requestedReport(body: unknown): 'weekly' | 'now' | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { now, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (now === undefined || now === false) return 'weekly';
  return now === true ? 'now' : null;
}

export default async function handler(request: Request): Promise<Response> {
  const refused = await refuseCaller(request, 'secret', 'owner-report');
  if (refused) return answer(refused.status, { error: refused.error, message: refused.message });
  if (request.method !== 'POST') return answer(405, { error: 'method_not_allowed' });
  try {
    const backend = readServiceBackend();
    const body = await readJsonBody(request, MAX_BODY_BYTES);
    if (!body.ok) return answer(body.status, { error: body.error });
    const report = requestedReport(body.value);
    if (report === null) return answer(400, { error: 'invalid_body' });

    const [queued] = (await (
      await serviceRequest(
        backend,
        report === 'now' ? 'rpc/queue_owner_report_now' : 'rpc/queue_weekly_owner_report',
        {},
      )
    ).json()) as QueueAnswer[];
    if (!queued) throw new Error('the queue answered no row');
    if (queued.outcome === 'queued') deliverDueMailSoon(backend);
    return answer(200, {
      outcome: queued.outcome,
      reportId: queued.report_id,
      startsAt: queued.starts_at,
      endsAt: queued.ends_at,
    });
  } catch (error) {
    console.error('[owner-report] failed:', error instanceof Error ? error.message : error);
    return answer(500, { error: 'server_error' });
  }
}
