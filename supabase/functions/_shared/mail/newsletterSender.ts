// The newsletter's send door: what one run of the newsletter-send function does (pg_cron every minute hosted, the
// stand-in's own schedule locally). The contract:
//
//   Digest   when the week's digest is due, write it (newsletterDigest.ts).
//   Queue    public.queue_due_newsletter_issues: every scheduled issue whose time has come starts sending, its copies
//            queued by one statement (a row of the outbox per confirmed, unsuppressed subscriber, in batches of the
//            provider's size); an issue with an image without alt text goes back to draft, with why.
//   Claim    public.claim_newsletter_batches: whole batches, under a claim token, for a lease longer than the run
//            (NEWSLETTER_LEASE_SECONDS > NEWSLETTER_RUN_BUDGET_MS + one call), so no other run sends a batch this one
//            may still be sending, and a run that dies leaves its batches due again once the lease is over. A copy to
//            someone who left or was suppressed since it was queued is cancelled there, not claimed.
//   Compose  each issue once per run (newsletterIssueMail.ts), each copy from it with its own unsubscribe link. A
//            test copy of a text that cannot be sent (the owner changed it after asking) is given up, with why on its
//            issue: the owner asks again once it is fixed, and nothing goes out by itself.
//   Send     a batch a call (newsletterTransport.ts), with the batch's idempotency key, which is the same on every
//            attempt: a batch that went out before its sender died is not sent again when it is claimed again.
//            NEWSLETTER_CONCURRENT_BATCHES calls at a time at most, paced by the provider's answers.
//   Finish   public.finish_newsletter_copies with the claim token: sent, failed, retry (after a backoff), wait (a
//            setting of ours is missing: not counted, looked at again later), release (the run's time is up: due
//            again at once). An issue is sent when its last copy is.
//
// So a subscriber gets one copy of an issue whatever dies when: before the call, the batch is due again and goes; after
// it, the provider answers the repeated key with what it sent.
import { serviceRead, serviceRequest, type ServiceBackend } from '../serviceBackend.ts';
import { mailLinkUrl, signMailLink } from './mailLinks.ts';
import { retryDelaySeconds } from './mailOutbox.ts';
import { readMailSettings, type MailSettings } from './mailSettings.ts';
import { writeDigestIfDue, type DigestOutcome } from './newsletterDigest.ts';
import {
  composeIssue,
  issueCopy,
  testUnsubscribeUrl,
  type ComposedIssue,
  type IssueRow,
} from './newsletterIssueMail.ts';
import { readNewsletterSettings, type NewsletterSettings } from './newsletterSettings.ts';
import {
  PROVIDER_BATCH_SIZE,
  ProviderPace,
  sendNewsletterBatch,
  type CopyOutcome,
} from './newsletterTransport.ts';

/** No batch starts after this long into a run (well inside an edge function's 150 s). */
export const NEWSLETTER_RUN_BUDGET_MS = 50_000;
/** How long claimed batches are the run's: longer than its budget and one call. */
export const NEWSLETTER_LEASE_SECONDS = 120;
/** A copy claimed this many times is given up. */
export const NEWSLETTER_MAX_ATTEMPTS = 20;
/** Batches claimed at once. */
export const NEWSLETTER_BATCHES_PER_CLAIM = 10;
/** Calls to the provider under way at once at most (its pace decides how fast they start). */
export const NEWSLETTER_CONCURRENT_BATCHES = 4;
/** Copies waiting for a setting are looked at again this much later. */
export const NEWSLETTER_WAIT_SECONDS = 60;

export interface NewsletterRunOptions {
  budgetMs?: number;
  leaseSeconds?: number;
  batchesPerClaim?: number;
  concurrentBatches?: number;
  mail?: MailSettings;
  newsletter?: NewsletterSettings;
  now?: () => Date;
}

export interface NewsletterReport {
  digest: DigestOutcome;
  issuesStarted: number;
  sent: number;
  failed: number;
  retried: number;
  waiting: number;
  released: number;
  /** Outcomes refused because the claim was no longer this run's. */
  unrecorded: number;
}

interface ClaimedCopy {
  id: string;
  kind: 'newsletter_issue' | 'newsletter_test';
  issue_id: string;
  batch: number;
  attempts: number;
  claim_token: string;
  subscriber_id: string | null;
  email: string | null;
  unsubscribe_nonce: string | null;
}

type Finished = CopyOutcome['outcome'] | 'release';

const reportKey = {
  sent: 'sent',
  failed: 'failed',
  retry: 'retried',
  wait: 'waiting',
  release: 'released',
} as const satisfies Record<Finished, keyof NewsletterReport>;

/** The claimed copies by batch (a test copy is a batch of its own). */
function batchesOf(copies: ClaimedCopy[]): ClaimedCopy[][] {
  const batches = new Map<string, ClaimedCopy[]>();
  for (const copy of copies) {
    const key = copy.kind === 'newsletter_test' ? copy.id : `${copy.issue_id}:${copy.batch}`;
    const batch = batches.get(key);
    if (batch) batch.push(copy);
    else batches.set(key, [copy]);
  }
  return [...batches.values()];
}

export async function runNewsletter(
  backend: ServiceBackend,
  options: NewsletterRunOptions = {},
): Promise<NewsletterReport> {
  const started = Date.now();
  const budgetMs = options.budgetMs ?? NEWSLETTER_RUN_BUDGET_MS;
  const mail = options.mail ?? readMailSettings();
  const newsletter = options.newsletter ?? readNewsletterSettings();
  const now = options.now ?? (() => new Date());
  const report: NewsletterReport = {
    digest: await writeDigestIfDue(backend, newsletter.digest, now()),
    issuesStarted: (await (
      await serviceRequest(backend, 'rpc/queue_due_newsletter_issues', { p_batch_size: PROVIDER_BATCH_SIZE })
    ).json()) as number,
    sent: 0,
    failed: 0,
    retried: 0,
    waiting: 0,
    released: 0,
    unrecorded: 0,
  };

  const issues = new Map<string, Promise<ComposedIssue>>();
  const issueOf = (id: string) => {
    let composed = issues.get(id);
    if (!composed) {
      composed = serviceRead<IssueRow>(
        backend,
        `newsletter_issues?select=id,kind,subject,body_markdown,slug&id=eq.${id}`,
      ).then(([issue]) =>
        issue
          ? composeIssue(issue, mail, newsletter.postalAddress)
          : { ok: false as const, reason: 'the issue is gone' },
      );
      issues.set(id, composed);
    }
    return composed;
  };

  async function finish(copies: ClaimedCopy[], outcome: Finished, error?: string, retryAfter = 0) {
    if (copies.length === 0) return;
    const recorded = (await (
      await serviceRequest(backend, 'rpc/finish_newsletter_copies', {
        p_ids: copies.map((copy) => copy.id),
        p_claim_token: copies[0]!.claim_token,
        p_outcome: outcome,
        p_error: error ?? null,
        p_retry_after_seconds: retryAfter,
      })
    ).json()) as number;
    report[reportKey[outcome]] += recorded;
    report.unrecorded += copies.length - recorded;
  }

  /** The link that unsubscribes this copy's recipient. */
  async function unsubscribeUrlOf(copy: ClaimedCopy, siteUrl: string, linkKey: string): Promise<string> {
    if (copy.kind === 'newsletter_test') return testUnsubscribeUrl(siteUrl);
    const token = await signMailLink(
      { purpose: 'unsubscribe', subscriberId: copy.subscriber_id!, nonce: copy.unsubscribe_nonce! },
      linkKey,
    );
    return mailLinkUrl(siteUrl, 'unsubscribe', token);
  }

  /** A test copy whose text cannot be sent: given up, and its issue (a draft still) says why, as at the request. */
  async function refuseTest(copy: ClaimedCopy, reason: string): Promise<void> {
    await finish([copy], 'failed', reason);
    await serviceRequest(
      backend,
      `newsletter_issues?id=eq.${copy.issue_id}&status=eq.draft`,
      { last_error: `${reason}, then ask for a test again` },
      {},
      'PATCH',
    );
  }

  const pace = new ProviderPace();
  async function send(batch: ClaimedCopy[]): Promise<void> {
    const first = batch[0]!;
    if (Date.now() - started > budgetMs) return finish(batch, 'release');
    const composed = await issueOf(first.issue_id);
    const test = first.kind === 'newsletter_test';
    if (!composed.ok && test && composed.ofText) return refuseTest(first, composed.reason);
    if (!composed.ok) return finish(batch, 'wait', composed.reason, NEWSLETTER_WAIT_SECONDS);
    if (!mail.linkKeys.ok) return finish(batch, 'wait', mail.linkKeys.reason, NEWSLETTER_WAIT_SECONDS);
    if (test && !mail.owner.ok) return finish(batch, 'wait', mail.owner.reason, NEWSLETTER_WAIT_SECONDS);
    const { siteUrl } = composed.template;
    const linkKey = mail.linkKeys.value.current;
    const mails = await Promise.all(
      batch.map(async (copy) =>
        issueCopy(
          composed.template,
          {
            to: test && mail.owner.ok ? mail.owner.value : { address: copy.email!, name: '' },
            unsubscribeUrl: await unsubscribeUrlOf(copy, siteUrl, linkKey),
            test,
          },
          copy.id,
        ),
      ),
    );
    const outcomes = await sendNewsletterBatch(
      mail.transport,
      {
        idempotencyKey: test ? `newsletter-test-${first.id}` : `newsletter-${first.issue_id}-${first.batch}`,
        mails,
      },
      pace,
    );
    const byOutcome = new Map<string, { outcome: CopyOutcome; copies: ClaimedCopy[] }>();
    outcomes.forEach((outcome, index) => {
      const key = JSON.stringify(outcome);
      const group = byOutcome.get(key) ?? { outcome, copies: [] };
      group.copies.push(batch[index]!);
      byOutcome.set(key, group);
    });
    for (const { outcome, copies } of byOutcome.values()) {
      if (outcome.outcome === 'sent') await finish(copies, 'sent');
      else if (outcome.outcome === 'wait')
        await finish(copies, 'wait', outcome.error, NEWSLETTER_WAIT_SECONDS);
      else {
        // Never the addresses in the log: which issue and batch, and what went wrong.
        console.error(
          `[newsletter] issue ${first.issue_id} batch ${first.batch}: ${outcome.outcome}: ${outcome.error}`,
        );
        await finish(copies, outcome.outcome, outcome.error, retryDelaySeconds(first.attempts));
      }
    }
  }

  const underWay = new Set<Promise<void>>();
  const concurrent = options.concurrentBatches ?? NEWSLETTER_CONCURRENT_BATCHES;
  while (Date.now() - started <= budgetMs) {
    const claimed = (await (
      await serviceRequest(backend, 'rpc/claim_newsletter_batches', {
        p_batches: options.batchesPerClaim ?? NEWSLETTER_BATCHES_PER_CLAIM,
        p_lease_seconds: options.leaseSeconds ?? NEWSLETTER_LEASE_SECONDS,
        p_max_attempts: NEWSLETTER_MAX_ATTEMPTS,
      })
    ).json()) as ClaimedCopy[];
    if (claimed.length === 0) break;
    for (const batch of batchesOf(claimed)) {
      while (underWay.size >= concurrent) await Promise.race(underWay);
      const sending: Promise<void> = send(batch)
        .catch((error: unknown) => {
          console.error('[newsletter] a batch failed:', error instanceof Error ? error.message : error);
          return finish(
            batch,
            'retry',
            'the sender failed on this batch',
            retryDelaySeconds(batch[0]!.attempts),
          );
        })
        .catch(() => undefined)
        .finally(() => underWay.delete(sending));
      underWay.add(sending);
    }
  }
  await Promise.all(underWay);
  return report;
}
