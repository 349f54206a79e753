// The newsletter's sender as the bench runs it: a process of its own (so the bench can kill it), doing runs of
// runNewsletter one after the other, as the schedule does, until no copy of the bench's issue is left to send. Prints
// one JSON line a second with its memory (RSS and the JavaScript heap in use) and what it sent, and one when it is done.
//   BENCH_ISSUE_ID       the issue whose copies it sends until none is left
//   BENCH_LEASE_SECONDS  the claims' lease (short, so a killed sender's batches are due again soon)
// The mail and backend settings come from the environment, as the edge function's do.
import { readServiceBackend, serviceRead } from '../supabase/functions/_shared/serviceBackend.ts';
import { runNewsletter } from '../supabase/functions/_shared/mail/newsletterSender.ts';

const backend = readServiceBackend();
const issueId = process.env.BENCH_ISSUE_ID;
const leaseSeconds = Number(process.env.BENCH_LEASE_SECONDS ?? 120);
let sent = 0;
const sample = () => {
  const { rss, heapUsed } = process.memoryUsage();
  console.log(JSON.stringify({ at: Date.now(), rss, heapUsed, sent }));
};
const sampler = setInterval(sample, 1000);
sample();

for (;;) {
  const report = await runNewsletter(backend, { leaseSeconds });
  sent += report.sent;
  const [progress] = await serviceRead<{ queued: number; status: string }>(
    backend,
    `newsletter_issue_progress?select=queued,status&id=eq.${issueId}`,
  );
  if (progress && progress.queued === 0 && progress.status !== 'sending') break;
  if (report.sent === 0) await new Promise((resolve) => setTimeout(resolve, 500));
}
clearInterval(sampler);
sample();
console.log(JSON.stringify({ done: true, sent }));
