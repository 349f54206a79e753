// Sends what is due in the outbox (public.mail_outbox): claims a batch (a lease, so two senders never send the same
// mail and a sender that dies leaves it due again), writes each mail, sends it and reports the outcome, which retries
// with backoff or gives up (public.finish_mail_outbox). Run by the mail-outbox function on a schedule, and right after
// a function queues mail, so that it goes out at once when the transport is up.
import { serviceRequest, type ServiceBackend } from '../serviceBackend.ts';
import { composeMail, type OutboxRow } from './mailContent.ts';
import { readMailSettings, type MailSettings } from './mailSettings.ts';
import { sendMail } from './mailTransport.ts';

/** Mails one run sends at most; the rest wait for the next run. */
export const OUTBOX_BATCH = 20;
/** How long a claimed mail is a sender's before it is due again (longer than a batch of sends can take). */
export const OUTBOX_LEASE_SECONDS = 120;

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
}

async function finish(backend: ServiceBackend, id: string, outcome: string, error?: string): Promise<void> {
  await serviceRequest(
    backend,
    'rpc/finish_mail_outbox',
    { p_id: id, p_outcome: outcome, p_error: error ?? null },
    { Prefer: 'return=minimal' },
  );
}

export async function deliverDueMail(
  backend: ServiceBackend,
  settings: MailSettings = readMailSettings(),
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, cancelled: 0 };
  const claimed = (await (
    await serviceRequest(backend, 'rpc/claim_mail_outbox', {
      p_limit: OUTBOX_BATCH,
      p_lease_seconds: OUTBOX_LEASE_SECONDS,
    })
  ).json()) as OutboxRow[];
  for (const row of claimed) {
    const composed = await composeMail(row, settings);
    if (composed.outcome === 'cancel') {
      await finish(backend, row.id, 'cancelled', composed.reason);
      report.cancelled += 1;
      continue;
    }
    const sent =
      composed.outcome === 'wait'
        ? ({ outcome: 'retry', error: composed.reason } as const)
        : await sendMail(settings.transport, composed.mail);
    if (sent.outcome === 'sent') {
      await finish(backend, row.id, 'sent');
      report.sent += 1;
    } else {
      // Never the addresses or the text in the log: which mail, and what went wrong.
      console.error(`[mail] ${row.kind} ${row.id} attempt ${row.attempts}: ${sent.outcome}: ${sent.error}`);
      await finish(backend, row.id, sent.outcome, sent.error);
      report[sent.outcome === 'retry' ? 'retried' : 'failed'] += 1;
    }
  }
  return report;
}

/**
 * Sends what is due without holding up the visitor's answer: after the response on the edge runtime
 * (EdgeRuntime.waitUntil), in the background under Node. A failure is logged; the schedule tries again.
 */
export function deliverDueMailSoon(backend: ServiceBackend): void {
  const delivery = deliverDueMail(backend).catch((error: unknown) =>
    console.error('[mail] delivery failed:', error instanceof Error ? error.message : error),
  );
  const edgeRuntime = (globalThis as { EdgeRuntime?: { waitUntil(promise: Promise<unknown>): void } })
    .EdgeRuntime;
  edgeRuntime?.waitUntil(delivery);
}
