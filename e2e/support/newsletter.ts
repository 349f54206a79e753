// The newsletter as its owner works it from the dashboard, on the site's backend: subscribers added by hand, issues
// written in the table and scheduled, and what the product sends an issue to (every confirmed subscriber who is not
// on the suppression list: public.queue_due_newsletter_issues).
import { expect } from '@playwright/test';
import { ownerDatabase } from './database.ts';

export type SubscriberStatus = 'confirmed' | 'pending' | 'unsubscribed';

/** A subscriber as the owner adds one in the Table Editor. */
export async function addSubscriber(email: string, status: SubscriberStatus = 'confirmed'): Promise<void> {
  const { error } = await ownerDatabase()
    .from('emails')
    .insert({
      email,
      status,
      ...(status === 'pending' && {
        confirm_nonce: 'p'.repeat(32),
        confirm_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    });
  if (error) throw new Error(`adding ${status} subscriber: ${error.message}`);
}

export interface WrittenIssue {
  id: string;
  slug: string;
  subject: string;
}

/** An issue as the owner writes it in the Table Editor. */
export async function writeIssue(fields: {
  subject: string;
  body_markdown: string;
  status?: string;
}): Promise<WrittenIssue> {
  const { data, error } = await ownerDatabase()
    .from('newsletter_issues')
    .insert(fields)
    .select('id, slug, subject')
    .single();
  if (error) throw new Error(`writing the issue: ${error.message}`);
  return data as WrittenIssue;
}

/** The owner moves an issue on (to test, scheduled, cancelled), as in the Table Editor. */
export async function setIssueStatus(id: string, status: 'test' | 'scheduled' | 'cancelled'): Promise<void> {
  const { error } = await ownerDatabase().from('newsletter_issues').update({ status }).eq('id', id);
  if (error) throw new Error(`making the issue ${status}: ${error.message}`);
}

export interface IssueProgress {
  status: string;
  queued_at: string | null;
  recipients: number | null;
  queued: number;
  sent: number;
  failed: number;
}

/** What the owner reads of an issue's sending (public.newsletter_issue_progress). */
export async function issueProgress(id: string): Promise<IssueProgress> {
  const { data, error } = await ownerDatabase()
    .from('newsletter_issue_progress')
    .select('*')
    .eq('id', id)
    .single();
  if (error) throw new Error(`reading the issue's progress: ${error.message}`);
  return data as IssueProgress;
}

/** Waits until the issue went out to everyone it was queued for (the sender runs every two seconds). */
export async function waitUntilSent(id: string): Promise<IssueProgress> {
  await expect
    .poll(async () => (await issueProgress(id)).status, { timeout: 30_000, message: `issue ${id} sent` })
    .toBe('sent');
  return issueProgress(id);
}

/** An issue written, scheduled and sent, as a visitor can read it in the archive. */
export async function sendIssue(fields: { subject: string; body_markdown: string }): Promise<WrittenIssue> {
  const issue = await writeIssue({ ...fields, status: 'scheduled' });
  await waitUntilSent(issue.id);
  return issue;
}

/** Deletes issues the test wrote (their copies in the outbox go with them). */
export async function deleteIssues(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const { error } = await ownerDatabase().from('newsletter_issues').delete().in('id', ids);
  if (error) throw new Error(`deleting the issues: ${error.message}`);
}

/** The subscribers an issue scheduled now goes to: confirmed, and not on the suppression list. Their ids. */
export async function issueRecipients(): Promise<Set<string>> {
  const [subscribers, suppressed] = await Promise.all([
    ownerDatabase().from('emails').select('id, email', { count: 'exact' }).eq('status', 'confirmed'),
    ownerDatabase().from('mail_suppressions').select('email', { count: 'exact' }),
  ]);
  for (const [name, read] of Object.entries({ subscribers, suppressed })) {
    if (read.error) throw new Error(`reading the ${name}: ${read.error.message}`);
    // PostgREST answers a page of rows: a table larger than one would fail here, not count short.
    expect(read.data!.length, `every row of the ${name} in one read`).toBe(read.count);
  }
  const off = new Set((suppressed.data as { email: string }[]).map((row) => row.email));
  return new Set(
    (subscribers.data as { id: string; email: string }[])
      .filter((row) => !off.has(row.email))
      .map((row) => row.id),
  );
}

/** The subscribers the issue's copies were queued for. Their ids. */
export async function queuedCopies(issueId: string): Promise<string[]> {
  const { data, error } = await ownerDatabase()
    .from('mail_outbox')
    .select('subscriber_id')
    .eq('issue_id', issueId)
    .eq('kind', 'newsletter_issue');
  if (error) throw new Error(`reading the issue's copies: ${error.message}`);
  return (data as { subscriber_id: string }[]).map((row) => row.subscriber_id);
}

interface DigestLook {
  week_of: string;
  issue_id: string | null;
}

/** This week's look of the digest for new videos and courses, once the sender recorded it (at its first run). */
async function thisWeeksLook(): Promise<DigestLook> {
  let look: DigestLook | undefined;
  await expect
    .poll(
      async () => {
        const { data } = await ownerDatabase()
          .from('newsletter_digests')
          .select('week_of, issue_id')
          .order('week_of', { ascending: false })
          .limit(1);
        look = (data as DigestLook[] | null)?.[0];
        return look !== undefined && Date.parse(look.week_of) > Date.now() - 7 * 24 * 3_600_000;
      },
      { timeout: 20_000, message: "this week's digest look" },
    )
    .toBe(true);
  return look!;
}

/**
 * The weekly digest of what was added since the last look, as the site writes it (a draft, locally:
 * scripts/mailCatcher.mjs): this week's look is moved a week before the earliest, as if a week had gone by, and the
 * sender looks again at its next run. Returns the digest's issue.
 */
export async function writeTheNextDigest(): Promise<WrittenIssue> {
  const look = await thisWeeksLook();
  const { data: earliest } = await ownerDatabase()
    .from('newsletter_digests')
    .select('week_of')
    .order('week_of', { ascending: true })
    .limit(1)
    .single();
  const before = new Date(Date.parse((earliest as DigestLook).week_of) - 7 * 24 * 3_600_000).toISOString();
  const { error } = await ownerDatabase()
    .from('newsletter_digests')
    .update({ week_of: before })
    .eq('week_of', look.week_of);
  if (error) throw new Error(`moving the digest's look: ${error.message}`);
  let issueId: string | null = null;
  await expect
    .poll(
      async () => {
        ({ issue_id: issueId } = await thisWeeksLook());
        return issueId;
      },
      { timeout: 20_000, message: 'a digest written' },
    )
    .not.toBeNull();
  const { data, error: readError } = await ownerDatabase()
    .from('newsletter_issues')
    .select('id, slug, subject')
    .eq('id', issueId!)
    .single();
  if (readError) throw new Error(`reading the digest: ${readError.message}`);
  return data as WrittenIssue;
}
