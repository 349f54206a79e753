// Sends a batch of newsletter copies through the configured transport, and says what became of each:
//   Resend    one call to its batch API (https://resend.com/docs/api-reference/emails/send-batch-emails): up to 100
//             mails, the batch's idempotency key (the same on every attempt, so a batch sent before a sender died is
//             not sent again), permissive validation (a copy the API refuses does not hold the others back). Paced by
//             the API's own answers: ratelimit-remaining and ratelimit-reset before a call, retry-after on a 429,
//             which is waited out and asked again within the run.
//   SMTP      each copy through the single-mail transport (the local mail catcher).
// Nothing a subscriber typed is in a header: addresses are plain (the database's rule) and subjects the owner's,
// cleaned like every subject (headerText).
import { formatMailbox, isPlainAddress, redactAddresses } from './mailAddresses.ts';
import { headerText } from './mailHeaders.ts';
import type { MailTransportSettings } from './mailSettings.ts';
import { readResendAnswer, sendMail, SEND_TIMEOUT_MS, type OutgoingMail } from './mailTransport.ts';

/** Resend takes at most this many mails in one batch call. */
export const PROVIDER_BATCH_SIZE = 100;

/** Resend's pace when it says nothing else: 2 calls a second. */
export const DEFAULT_CALLS_PER_SECOND = 2;

/** How often a 429 is waited out within a run before the batch is left for the next run. */
const MAX_RATE_LIMITED_TRIES = 5;

export type CopyOutcome =
  | { outcome: 'sent' }
  | { outcome: 'failed' | 'retry'; error: string }
  /** Not tried, for a reason of ours (a setting): due again, the attempt not counted. */
  | { outcome: 'wait'; error: string };

export interface BatchToSend {
  idempotencyKey: string;
  mails: OutgoingMail[];
}

/**
 * The provider's pace, as its answers state it: no call starts while it says none remain until its reset, or while a
 * retry-after runs; otherwise calls are spaced at its default rate. Shared by every batch of a run.
 */
export class ProviderPace {
  private nextCallAt = 0;
  /** Set once the provider's answers carry a limit of their own: then it paces, not the default rate. */
  private providerPaces = false;

  constructor(
    private readonly callsPerSecond = DEFAULT_CALLS_PER_SECOND,
    private readonly sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    private readonly now = () => Date.now(),
  ) {}

  /** Waits until a call may start, and books it. */
  async turn(): Promise<void> {
    for (;;) {
      const wait = this.nextCallAt - this.now();
      if (wait <= 0) break;
      await this.sleep(wait);
    }
    this.nextCallAt =
      Math.max(this.nextCallAt, this.now()) + (this.providerPaces ? 0 : 1000 / this.callsPerSecond);
  }

  /** Reads the provider's rate-limit headers from an answer. */
  learn(headers: Headers): void {
    const seconds = (name: string) => {
      const value = Number(headers.get(name));
      return headers.has(name) && Number.isFinite(value) && value >= 0 ? value : undefined;
    };
    const retryAfter = seconds('retry-after');
    const remaining = seconds('ratelimit-remaining');
    const reset = seconds('ratelimit-reset');
    if (remaining !== undefined) this.providerPaces = true;
    if (retryAfter !== undefined) {
      this.nextCallAt = Math.max(this.nextCallAt, this.now() + retryAfter * 1000);
    } else if (remaining === 0 && reset !== undefined) {
      this.nextCallAt = Math.max(this.nextCallAt, this.now() + reset * 1000);
    }
  }
}

function describe(error: unknown): string {
  return redactAddresses((error instanceof Error ? error.message : String(error)).slice(0, 300));
}

function checked(mail: OutgoingMail): OutgoingMail | undefined {
  return isPlainAddress(mail.to.address) ? { ...mail, subject: headerText(mail.subject) } : undefined;
}

async function sendBatchWithResend(
  transport: Extract<MailTransportSettings, { kind: 'resend' }>,
  batch: BatchToSend,
  pace: ProviderPace,
): Promise<CopyOutcome[]> {
  const mails = batch.mails.map(checked);
  const body = JSON.stringify(
    mails.flatMap((mail) =>
      mail
        ? [
            {
              from: formatMailbox(mail.from),
              to: [mail.to.address],
              subject: mail.subject,
              html: mail.html,
              text: mail.text,
              headers: mail.headers,
            },
          ]
        : [],
    ),
  );
  const url = `${transport.apiUrl.replace(/\/emails\/?$/, '')}/emails/batch`;
  for (let tries = 1; ; tries += 1) {
    await pace.turn();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${transport.apiKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': batch.idempotencyKey,
          'x-batch-validation': 'permissive',
        },
        body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS * 3),
      });
    } catch (error) {
      return everyCopy(batch, {
        outcome: 'retry',
        error: `The mail API could not be reached: ${describe(error)}`,
      });
    }
    pace.learn(response.headers);
    if (response.status === 429 && tries < MAX_RATE_LIMITED_TRIES) {
      await response.body?.cancel();
      continue;
    }
    const answer = (await response.json().catch(() => undefined)) as
      | { data?: unknown[]; errors?: { index?: number; message?: string }[]; name?: string; message?: string }
      | undefined;
    if (response.ok) {
      // The refused ones, by their index among the mails sent (copies we refused ourselves are not in the call).
      const refused = new Map(
        (answer?.errors ?? []).map((error) => [error.index, error.message ?? 'refused']),
      );
      let index = -1;
      return mails.map((mail) => {
        if (!mail) return { outcome: 'failed', error: 'The address is not a plain address' };
        index += 1;
        const error = refused.get(index);
        return error === undefined
          ? { outcome: 'sent' }
          : { outcome: 'failed', error: redactAddresses(`Refused: ${error}`) };
      });
    }
    // An error answer means for the batch what it means for one mail (readResendAnswer): our key or sender refused
    // waits for the owner to fix it; the same key with another body is given up (the body can only change with a
    // setting: a batch keeps its copies once tried); the rest is tried again or given up.
    const read = readResendAnswer(response.status, answer?.name ?? '', answer?.message ?? '');
    return everyCopy(batch, read.outcome === 'sent' ? read : { outcome: read.outcome, error: read.error });
  }
}

function everyCopy(batch: BatchToSend, outcome: CopyOutcome): CopyOutcome[] {
  return batch.mails.map(() => outcome);
}

export async function sendNewsletterBatch(
  transport: MailTransportSettings,
  batch: BatchToSend,
  pace: ProviderPace,
): Promise<CopyOutcome[]> {
  if (transport.kind === 'resend') return sendBatchWithResend(transport, batch, pace);
  if (transport.kind === 'smtp') {
    // One at a time: a local catcher, or a relay that would refuse a hundred connections at once.
    const outcomes: CopyOutcome[] = [];
    for (const mail of batch.mails) {
      const sent = await sendMail(transport, mail);
      outcomes.push(sent.outcome === 'sent' ? sent : { outcome: sent.outcome, error: sent.error });
    }
    return outcomes;
  }
  return everyCopy(batch, { outcome: 'wait', error: transport.reason });
}
