// npm run bench:load: the site and its backend under load, as npm start serves them (a fresh copy of the seeded
// backend, on ports of its own). autocannon drives each target for 20 s at 50 connections: pages and files of the
// site (a server-rendered page from the page cache, and the same page rendered on every request by a second copy of
// the site without the cache, each also as a ratio to a static file measured in the same round), REST reads,
// analytics batches and contact messages through the edge functions. Three rounds; after each, the
// servers' memory (RSS), so growth shows. Prints requests/s, p99 latency and error counts per target (a benchmark:
// figures, never a test), and checks that the write limits held under the load (rows stored never more than the
// limits allow: that is a check, and fails the run).
//   npm run bench:load [-- --no-build] [-- --seconds 20] [-- --connections 50] [-- --rounds 3]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { backendKeyHeaders, siteBackend } from '@site/shared-ui/backendKey';
import { LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { sitePortsFor, repoRoot } from '../shell/server/serveSite.mjs';
import { startBackend } from '../scripts/backend.mjs';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);

if (!values['no-build']) {
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--concurrency=2', '--output-logs=errors-only'], {
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Clear of npm start (0), the e2e suite (its offset and +10..+70) and the Lighthouse bench.
const portOffset = Number(process.env.SITE_PORT_OFFSET ?? 0) + 80;
const ports = sitePortsFor(portOffset);
const backend = await startBackend({ port: ports.backend, fresh: true, quiet: true });
const measuredPages = ['/', '/portfolio'];
// The sites in a process of their own (bench/loadSites.mjs), ready once it prints where they are.
const sites = spawn(
  process.execPath,
  [
    path.join(import.meta.dirname, 'loadSites.mjs'),
    String(portOffset),
    String(ports.backend),
    ...measuredPages,
  ],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [ready] = await once(createInterface({ input: sites.stdout }), 'line');
const { site: siteUrl, uncachedSite: uncachedUrl, references } = JSON.parse(ready);
sites.stdout.resume();
const siteConfig = JSON.parse(readFileSync(path.join(repoRoot, 'shell/dist/site-config.json'), 'utf8'));
const { publishableKey } = siteBackend(siteConfig.supabase);
const hashedScript = readdirSync(path.join(repoRoot, 'shell/dist')).find((file) =>
  /^main\.[0-9a-f]+\.js$/.test(file),
);
const apiHeaders = { ...backendKeyHeaders(publishableKey), 'Content-Type': 'application/json' };

const brotli = { 'Accept-Encoding': 'br' };
/** Each server-rendered page from the page cache and rendered per request, after its reference: the same bytes as a
 * static file of the same server (loadSites.mjs), to which both are compared in the same round. */
const pageTargets = measuredPages.flatMap((page) => {
  const reference = `site: ${page} as a static file (same bytes)`;
  return [
    { name: reference, url: `${siteUrl}${references[page]}`, headers: brotli },
    { name: `site: ${page} rendered, page cache`, url: `${siteUrl}${page}`, headers: brotli, reference },
    {
      name: `site: ${page} rendered per request`,
      url: `${uncachedUrl}${page}`,
      headers: brotli,
      reference,
    },
  ];
});
const targets = [
  ...pageTargets,
  { name: `site: a hashed file (${hashedScript})`, url: `${siteUrl}/${hashedScript}`, headers: brotli },
  {
    name: 'backend: REST read (projects)',
    url: `${backend.url}/rest/v1/projects?select=*&order=created_at.desc`,
    headers: apiHeaders,
  },
  {
    name: 'backend: analytics batches (10 events)',
    url: `${backend.url}/functions/v1/analytics-events`,
    method: 'POST',
    headers: apiHeaders,
    body: JSON.stringify({
      events: Array.from({ length: 10 }, (_, index) => ({
        name: 'userSearchForProject',
        payload: { searchTerm: `load ${index}` },
        route: '/bench-load',
      })),
    }),
  },
  {
    name: 'backend: contact messages',
    url: `${backend.url}/functions/v1/contact`,
    method: 'POST',
    headers: apiHeaders,
    body: JSON.stringify({
      fullName: 'Load Bench',
      email: 'load.bench@example.com',
      subject: 'bench-load',
      message: 'A message sent by npm run bench:load.',
      recaptcha: 'development-recaptcha-token', // DEVELOPMENT_RECAPTCHA_TOKEN: the stand-in accepts it
    }),
  },
];

function run(target, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        connections,
        duration,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function rssMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Rows the writes stored, read as the owner (the local secret key: service role). */
async function storedRows() {
  const count = async (table, filter) => {
    const response = await fetch(`${backend.url}/rest/v1/${table}?select=*&${filter}`, {
      method: 'HEAD',
      headers: { apikey: LOCAL_SECRET_KEY, Prefer: 'count=exact' },
    });
    return Number(response.headers.get('content-range')?.split('/')[1] ?? 'NaN');
  };
  return {
    analyticsEvents: await count('analytics_events', 'route=eq./bench-load'),
    contacts: await count('contacts', 'subject=eq.bench-load'),
  };
}

/** A page's reference, its cached page and its page rendered per request are measured in turns (four slices of each,
 * alternating), so that whatever else the machine does weighs on the three alike and their ratios stay meaningful. */
const slices = 4;
async function measure(group) {
  const totals = new Map(group.map((target) => [target, { requests: 0, p99: 0, errors: 0, statuses: {} }]));
  for (let slice = 0; slice < (group.length > 1 ? slices : 1); slice += 1) {
    for (const target of group) {
      const result = await run(target, group.length > 1 ? seconds / slices : seconds);
      const total = totals.get(target);
      total.requests += result.requests.total;
      total.p99 = Math.max(total.p99, result.latency.p99);
      total.errors += result.errors + result.timeouts;
      for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
        total.statuses[status] = (total.statuses[status] ?? 0) + count;
    }
  }
  return totals;
}
const groups = [
  ...measuredPages.map((page) => pageTargets.filter((target) => target.name.includes(` ${page} `))),
  ...targets.filter((target) => !pageTargets.includes(target)).map((target) => [target]),
];

const figures = [];
for (let round = 1; round <= rounds; round += 1) {
  for (const group of groups) {
    for (const [target, total] of await measure(group)) {
      const requestsPerSecond = total.requests / seconds;
      figures.push({
        round,
        target: target.name,
        requestsPerSecond: Math.round(requestsPerSecond),
        p99Ms: total.p99,
        errors: total.errors,
        statuses: total.statuses,
      });
      const reference = target.reference
        ? figures.find((figure) => figure.round === round && figure.target === target.reference)
        : undefined;
      const ratio = reference
        ? ` (${(requestsPerSecond / reference.requestsPerSecond).toFixed(2)}× the static file)`
        : '';
      console.log(
        `round ${round}  ${target.name.padEnd(48)} ${String(Math.round(requestsPerSecond)).padStart(6)} req/s${ratio}` +
          `  p99 ${String(total.p99).padStart(5)} ms  errors ${total.errors}  statuses ${JSON.stringify(total.statuses)}`,
      );
    }
  }
  console.log(
    `round ${round}  memory: site servers ${rssMB(sites.pid)} MB, backend ${rssMB(backend.pid)} MB\n`,
  );
}

// The limits (supabase/functions/_shared/rateLimits.ts): the whole bench is one client, so at most one client's
// allowance can be stored, however many requests were sent.
const stored = await storedRows();
const limits = { analyticsEvents: 300, contacts: 5 };
const held = stored.analyticsEvents <= limits.analyticsEvents && stored.contacts <= limits.contacts;
console.log(
  `stored under load: ${stored.analyticsEvents} analytics events (limit ${limits.analyticsEvents} an hour per client), ` +
    `${stored.contacts} contact messages (limit ${limits.contacts} an hour per client): ` +
    (held ? 'the limits held' : 'A LIMIT DID NOT HOLD'),
);

sites.kill('SIGTERM');
await once(sites, 'exit');
await backend.stop();
process.exit(held ? 0 : 1);
