// npm run bench:newsletter: the newsletter's bulk path at scale, on the local stand-in (a fresh in-memory copy of the
// seeded backend, on a port of its own, with no schedule of its own: the bench runs the sender). It seeds 100,000
// confirmed subscribers (gone with the backend when the bench ends), then prints four figures (a benchmark: figures,
// never a test):
//   1. the time to queue an issue to all of them (public.queue_due_newsletter_issues: one statement);
//   2. the sender's throughput (copies a second, from its start to the last copy) against a local stand-in for
//      Resend's batch API that sends its rate-limit headers and has no limit of its own (so our sender, never the
//      provider, sets the pace), the sender in a process of its own;
//   3. that process's memory (RSS) from its start to its end, and its peak;
//   4. exactly once: a second issue, whose sender is killed (SIGKILL) at three random moments and started again each
//      time; then the copies each subscriber got, counted at the endpoint (which, as Resend does, answers a batch it
//      has seen under the same idempotency key without sending it again).
// And the machine's load average at the start and the end (the machine is shared: read the figures beside it).
//   npm run bench:newsletter [-- --subscribers 100000]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { LOCAL_SERVICE_ROLE_KEY } from '@site/supabase-local/keys';
import { startBackend } from '../scripts/backend.mjs';
import { startFakeResendBatch } from '../supabase/functions/_shared/mail/__tests__/fakeResendBatch.ts';

const { values } = parseArgs({ options: { subscribers: { type: 'string', default: '100000' } } });
const subscriberCount = Number(values.subscribers);
// Clear of npm start, the e2e suite and its second sites, and the other benches.
const port = 54321 + Number(process.env.SITE_PORT_OFFSET ?? 0) + 75;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
const loadAtStart = load();
// The backend runs in a process the launcher does not wait for: this keeps the bench alive until it has stopped it.
const keepAlive = setInterval(() => undefined, 1000);

const backend = await startBackend({ port, fresh: true, quiet: true, schedule: false });
const resend = await startFakeResendBatch({ keepMails: false });
const headers = {
  apikey: LOCAL_SERVICE_ROLE_KEY,
  Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
  'Content-Type': 'application/json',
};

async function rest(method, pathAndQuery, body, extraHeaders = {}) {
  const response = await fetch(`${backend.url}/rest/v1/${pathAndQuery}`, {
    method,
    headers: { ...headers, ...extraHeaders },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathAndQuery}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

try {
  console.log(`seeding ${subscriberCount} confirmed subscribers…`);
  const seedStarted = performance.now();
  for (let start = 0; start < subscriberCount; start += 5000) {
    const rows = [];
    for (let index = start; index < Math.min(start + 5000, subscriberCount); index += 1) {
      rows.push({ email: `bench.reader${index}@example.com` });
    }
    await rest('POST', 'emails', rows, { Prefer: 'return=minimal' });
  }
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  /** A scheduled issue queued by the sender's own function; returns its id and the seconds the queue took. */
  async function queueIssue(subject) {
    const [issue] = await rest(
      'POST',
      'newsletter_issues?select=id',
      { subject, body_markdown: '# News\n\nA new course is out: [see it](/courses).', status: 'scheduled' },
      { Prefer: 'return=representation' },
    );
    const started = performance.now();
    const started_ = await rest('POST', 'rpc/queue_due_newsletter_issues', { p_batch_size: 100 });
    const seconds = (performance.now() - started) / 1000;
    if (started_ !== 1) throw new Error(`queued ${started_} issues, not 1`);
    return { id: issue.id, seconds };
  }

  /** The sender in a process of its own, until its issue is done or it is killed. */
  function startSender(issueId, leaseSeconds) {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'newsletterSender.ts')],
      {
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          SUPABASE_URL: backend.url,
          SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
          RESEND_API_KEY: 're_test',
          RESEND_API_URL: resend.apiUrl,
          SITE_URL: 'https://alexmorgan.dev',
          MAIL_FROM: 'Alex Morgan <hello@alexmorgan.dev>',
          NEWSLETTER_POSTAL_ADDRESS: 'Rua Augusta 100 | 1100-053 Lisboa',
          MAIL_LINK_SECRET: 'the newsletter bench link key, 32 characters at least',
          // The stand-in for Resend on this machine is honoured only where the local stand-in runs the functions.
          SUPABASE_LOCAL_STAND_IN: 'true',
          BENCH_ISSUE_ID: issueId,
          BENCH_LEASE_SECONDS: String(leaseSeconds),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const samples = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        samples.push(JSON.parse(line));
      } catch {
        console.log(line);
      }
    });
    return { child, samples, exited: once(child, 'exit') };
  }

  // 1-3: queue, then send all of it with one sender.
  const first = await queueIssue('Bench: throughput');
  const sender = startSender(first.id, 120);
  await sender.exited;
  const memory = sender.samples.filter((sample) => sample.rss);
  const done = sender.samples.find((sample) => sample.done);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const firstIssueCopies = [...resend.copiesTo.values()].reduce((sum, count) => sum + count, 0);
  const firstCalls = resend.calls;
  // From the first batch the endpoint took to the last: the sender's pace, without its process's start.
  const sendingSeconds = (resend.lastAcceptedAt - resend.firstAcceptedAt) / 1000;
  const processSeconds = (memory.at(-1).at - memory[0].at) / 1000;
  // Its memory once its code is loaded and its first batch sent: the start of the steady state.
  const warm = memory.find((sample) => sample.at >= resend.firstAcceptedAt) ?? memory[0];

  // 4: a second issue, its sender killed three times at random moments.
  const second = await queueIssue('Bench: killed three times');
  const before = new Map(resend.copiesTo);
  const kills = [];
  for (let kill = 1; kill <= 3; kill += 1) {
    const victim = startSender(second.id, 5);
    // Killed at a random moment of its sending: 0 to 3 s after its first call reached the endpoint.
    const callsBefore = resend.calls;
    const started = await Promise.race([
      victim.exited.then(() => false),
      (async () => {
        while (resend.calls === callsBefore) await new Promise((resolve) => setTimeout(resolve, 20));
        return true;
      })(),
    ]);
    if (!started) {
      kills.push('finished before its kill');
      break;
    }
    const after = Math.random() * 3000;
    await new Promise((resolve) => setTimeout(resolve, after));
    victim.child.kill('SIGKILL');
    await victim.exited;
    kills.push(`${(after / 1000).toFixed(1)} s into its sending`);
  }
  const finisher = startSender(second.id, 5);
  await finisher.exited;
  const perSubscriber = new Map();
  for (const [address, count] of resend.copiesTo)
    perSubscriber.set(address, count - (before.get(address) ?? 0));
  const counts = { zero: 0, one: 0, more: 0 };
  for (let index = 0; index < subscriberCount; index += 1) {
    const count = perSubscriber.get(`bench.reader${index}@example.com`) ?? 0;
    counts[count === 0 ? 'zero' : count === 1 ? 'one' : 'more'] += 1;
  }

  console.log(`
newsletter bench: ${subscriberCount} confirmed subscribers on the local stand-in (PGlite), ${os.cpus().length} cores
load average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end
1. queue an issue (one statement):      ${first.seconds.toFixed(2)} s (the second issue: ${second.seconds.toFixed(2)} s)
2. sender throughput:                   ${(firstIssueCopies / sendingSeconds).toFixed(0)} copies/s (${firstIssueCopies} copies in ${sendingSeconds.toFixed(1)} s from the first call to the last, ${firstCalls} calls; the process ran ${processSeconds.toFixed(1)} s)
3. sender memory (RSS):                 ${mb(memory[0].rss)} at its start, ${mb(warm.rss)} after its first batch, ${mb(memory.at(-1).rss)} at its end, ${mb(Math.max(...memory.map((sample) => sample.rss)))} at its peak (${done?.sent ?? 0} sent)
   its JavaScript heap in use:          ${mb(warm.heapUsed)} after its first batch, ${mb(memory.at(-1).heapUsed)} at its end, ${mb(Math.max(...memory.map((sample) => sample.heapUsed)))} at its peak
4. exactly once after 3 kills:          ${counts.one} subscribers got one copy, ${counts.zero} none, ${counts.more} more than one (killed at ${kills.join(', ')})
`);
} catch (error) {
  console.error('newsletter bench failed:', error);
  process.exitCode = 1;
} finally {
  await resend.close();
  await backend.stop();
  clearInterval(keepAlive);
}
