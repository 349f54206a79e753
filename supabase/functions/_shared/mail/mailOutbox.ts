// The send door of the mail room. Every mail the site sends is a row of public.mail_outbox, and this module sends it.
// The contract, for whoever adds kinds of mail:
//
//   Queue    insert a row in the same transaction as what it is about (a subscription, a contact message), with
//            whatever its text is made from that may change later (a confirmation's link_expires_at). Never send from
//            a visitor's request: call deliverDueMailSoon after it.
//   Claim    public.claim_mail_outbox first gives up (status failed, last_error says why) what was claimed
//            OUTBOX_MAX_ATTEMPTS times or queued more than OUTBOX_GIVE_UP_AFTER_SECONDS ago (queued_at: when queued,
//            requeued by the owner, or last waiting for a setting), then leases up to OUTBOX_BATCH due rows for
//            OUTBOX_LEASE_SECONDS, each with a new claim token.
//   Compose  each row is written from what is stored only (mailContent.ts): every attempt sends the same bytes, so the
//            provider's idempotency key (the row's id) holds.
//   Check    every recipient against the suppression list (bounces and complaints, from the events door,
//            mailEvents.ts): mail to a suppressed address is cancelled; the owner's own copy waits (OWNER_EMAIL is
//            theirs to change).
//   Send     one mail at a time, each under its own guard: whatever throws becomes a retry, with the error as
//            last_error, and the rest of the batch goes on. No send starts after OUTBOX_RUN_BUDGET_MS; the rest is
//            released, due again at once. The lease outlasts the budget and one send, so no other sender claims a
//            mail while this one may still be sending it.
//   Finish   public.finish_mail_outbox with the claim token: sent; cancelled; failed (refused for good); retry (after
//            a backoff); wait (a setting of ours is missing or refused: the attempt is not counted and the give-up
//            clock starts afresh, so a settings mistake never makes mail fail; it goes once the setting is fixed);
//            release. A sender whose claim was taken over is refused: it cannot overwrite the new holder's outcome.
//
// Neither the log nor last_error ever carries an address (redactAddresses). Run by the mail-outbox function on a
// schedule (pg_cron hosted, the stand-in's own timer locally), and right after a function queues mail.
import { serviceRequest, type ServiceBackend } from '../serviceBackend.ts';
import { redactAddresses } from './mailAddresses.ts';
import { composeMail, type MailComposer, type OutboxRow } from './mailContent.ts';
import { ownerReportMail, type OwnerReportDetails } from './ownerReportMail.ts';
import { readMailSettings, type MailSettings } from './mailSettings.ts';
import { sendMail, type OutgoingMail } from './mailTransport.ts';

/** Mails one run claims at most; the rest wait for the next run. */
export const OUTBOX_BATCH = 20;
/** No send starts after this long into a run (well inside an edge function's 150 s wall clock). */
export const OUTBOX_RUN_BUDGET_MS = 60_000;
/** How long a claimed mail is its sender's: longer than the run's budget, one send and its reports. */
export const OUTBOX_LEASE_SECONDS = 180;
/** A mail claimed this many times is given up (a sender that dies on it leaves it claimed without an outcome). */
export const OUTBOX_MAX_ATTEMPTS = 60;
/** A mail not sent this long after it was queued (or requeued, or last waited for a setting) is given up. */
export const OUTBOX_GIVE_UP_AFTER_SECONDS = 2 * 24 * 3600;
/** A mail waiting for a setting is looked at again this soon (hosted, the schedule's next minute). */
export const OUTBOX_WAIT_SECONDS = 15;

/** The kinds of mail written outside the composer, given to it (mailContent.ts writes the others). */
const mailKinds: Partial<Record<OutboxRow['kind'], MailComposer>> = {
  owner_report: (row, settings) =>
    ownerReportMail(row.id, row.details as unknown as OwnerReportDetails, settings),
};

/** Tried again after 5 s, 10 s, 20 s ... then hourly. */

export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 5 * 2 ** Math.max(attempts - 1, 0));
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  waiting: number;
  failed: number;
  cancelled: number;
  /** Not tried: the run ran out of time (due again at once). */
  released: number;
  /** Outcomes refused because another sender holds the claim now (or not recorded at all). */
  unrecorded: number;
}

type Decision =
  | { outcome: 'sent' }
  | { outcome: 'cancelled' | 'failed' | 'retry' | 'wait'; error: string }
  | { outcome: 'release' };

const reportKey = {
  sent: 'sent',
  cancelled: 'cancelled',
  failed: 'failed',
  retry: 'retried',
  wait: 'waiting',
  release: 'released',
} as const satisfies Record<Decision['outcome'], keyof DeliveryReport>;

function describe(error: unknown): string {
  return redactAddresses((error instanceof Error ? error.message : String(error)).slice(0, 500));
}

interface ClaimedRow {
  id: string;
  kind: OutboxRow['kind'];
  attempts: number;
  claim_token: string;
  link_expires_at: string | null;
  details: OutboxRow['details'];
}

async function claimDueMail(backend: ServiceBackend): Promise<OutboxRow[]> {
  const response = await serviceRequest(backend, 'rpc/claim_mail_outbox', {
    p_limit: OUTBOX_BATCH,
    p_lease_seconds: OUTBOX_LEASE_SECONDS,
    p_max_attempts: OUTBOX_MAX_ATTEMPTS,
    p_give_up_after_seconds: OUTBOX_GIVE_UP_AFTER_SECONDS,
  });
  return ((await response.json()) as ClaimedRow[]).map((row) => ({
    id: row.id,
    kind: row.kind,
    attempts: row.attempts,
    claimToken: row.claim_token,
    linkExpiresAt: row.link_expires_at,
    details: row.details,
  }));
}

/** The addresses among these that are on the suppression list, with why (lower case). */
async function suppressedAmong(backend: ServiceBackend, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const response = await serviceRequest(backend, 'rpc/suppressed_mail_addresses', { p_addresses: addresses });
  const rows = (await response.json()) as { email: string; reason: string }[];
  return new Map(rows.map((row) => [row.email, row.reason]));
}

/** Records the decision for the holder of the claim; false when the claim is no longer this run's. */
async function finish(backend: ServiceBackend, row: OutboxRow, decision: Decision): Promise<boolean> {
  const error = decision.outcome === 'sent' || decision.outcome === 'release' ? null : decision.error;
  const retryAfter =
    decision.outcome === 'retry'
      ? retryDelaySeconds(row.attempts)
      : decision.outcome === 'wait'
        ? OUTBOX_WAIT_SECONDS
        : 0;
  const response = await serviceRequest(backend, 'rpc/finish_mail_outbox', {
    p_id: row.id,
    p_claim_token: row.claimToken,
    p_outcome: decision.outcome,
    p_error: error === null ? null : redactAddresses(error),
    p_retry_after_seconds: retryAfter,
  });
  return (await response.json()) === true;
}

export async function deliverDueMail(
  backend: ServiceBackend,
  settings: MailSettings = readMailSettings(),
): Promise<DeliveryReport> {
  const started = Date.now();
  const report: DeliveryReport = {
    sent: 0,
    retried: 0,
    waiting: 0,
    failed: 0,
    cancelled: 0,
    released: 0,
    unrecorded: 0,
  };
  const claimed = await claimDueMail(backend);

  // Write every mail, each under its own guard.
  const decisions = new Map<string, Decision>();
  const mails = new Map<string, OutgoingMail>();
  for (const row of claimed) {
    try {
      const composed = await composeMail(row, settings, mailKinds);
      if (composed.outcome === 'mail') mails.set(row.id, composed.mail);
      else {
        const outcome = composed.outcome === 'wait' ? 'wait' : 'cancelled';
        decisions.set(row.id, { outcome, error: composed.reason });
      }
    } catch (error) {
      decisions.set(row.id, { outcome: 'retry', error: `Writing the mail failed: ${describe(error)}` });
    }
  }

  // Check the recipients against the suppression list, all at once; if it cannot be read, nothing is sent.
  let suppressed = new Map<string, string>();
  try {
    suppressed = await suppressedAmong(
      backend,
      [...mails.values()].map((mail) => mail.to.address.toLowerCase()),
    );
  } catch (error) {
    for (const id of mails.keys()) {
      decisions.set(id, {
        outcome: 'retry',
        error: `The suppression list could not be read: ${describe(error)}`,
      });
    }
    mails.clear();
  }
  const ownerAddress = settings.owner.ok ? settings.owner.value.address.toLowerCase() : undefined;

  for (const row of claimed) {
    const mail = mails.get(row.id);
    if (mail !== undefined) {
      const reason = suppressed.get(mail.to.address.toLowerCase());
      if (reason !== undefined) {
        decisions.set(
          row.id,
          mail.to.address.toLowerCase() === ownerAddress
            ? {
                outcome: 'wait',
                error: `OWNER_EMAIL is on the suppression list (${reason}): set another address, or remove it from mail_suppressions`,
              }
            : { outcome: 'cancelled', error: `The address is on the suppression list (${reason})` },
        );
      } else if (Date.now() - started > OUTBOX_RUN_BUDGET_MS) {
        decisions.set(row.id, { outcome: 'release' });
      } else {
        try {
          decisions.set(row.id, await sendMail(settings.transport, mail));
        } catch (error) {
          decisions.set(row.id, { outcome: 'retry', error: `Sending failed: ${describe(error)}` });
        }
      }
    }
    const decision = decisions.get(row.id) ?? { outcome: 'retry', error: 'No decision was made' };
    if (decision.outcome !== 'sent' && decision.outcome !== 'release' && decision.outcome !== 'cancelled') {
      console.error(
        `[mail] ${row.kind} ${row.id} attempt ${row.attempts}: ${decision.outcome}: ${redactAddresses(decision.error)}`,
      );
    }
    let recorded = false;
    try {
      recorded = await finish(backend, row, decision);
    } catch (error) {
      console.error(`[mail] ${row.kind} ${row.id}: the outcome could not be recorded: ${describe(error)}`);
    }
    report[recorded ? reportKey[decision.outcome] : 'unrecorded'] += 1;
  }
  return report;
}

/**
 * Sends what is due without holding up the visitor's answer: after the response on the edge runtime, hosted and in
 * the stand-in (EdgeRuntime.waitUntil), in the background where there is none (unit tests under Node). A failure is
 * logged; the schedule tries again.
 */
export function deliverDueMailSoon(backend: ServiceBackend): void {
  const delivery = deliverDueMail(backend).catch((error: unknown) =>
    console.error('[mail] delivery failed:', describe(error)),
  );
  const edgeRuntime = (globalThis as { EdgeRuntime?: { waitUntil(promise: Promise<unknown>): void } })
    .EdgeRuntime;
  edgeRuntime?.waitUntil(delivery);
}
