// npm run bench:load: the site and its backend under load, as npm start serves them (a fresh copy of the seeded
// backend, on ports of its own). autocannon drives each target for 20 s at 50 connections: pages and files of the
// site (a server-rendered page from the page cache, and the same page rendered on every request by a second copy of
// the site without the cache, each also as a ratio to a static file measured in the same round; and that page
// rendered one request at a time, the latency of a render alone), REST reads, analytics batches and contact messages
// through the edge functions. Three rounds; after each, the servers' memory (RSS), so growth shows. Prints
// requests/s, p50 and p99 latency and error counts per target (a benchmark: figures, never a test), and checks that
// the write limits held under the load (rows stored never more than the limits allow: that is a check, and fails the
// run).
// The site's servers and the backend run on each Node.js given with --node, by default two: the one npm itself runs on
// (the system's, say 20) and the one running the bench (under npm, the project's pinned LTS), once if they are the
// same release. Each runtime has servers of its own; each target is measured on each runtime in turn within a round
// (so the machine's other load weighs on them alike), and a table prints their medians side by side, with the last
// runtime's figures as ratios to the first's. Then, on each runtime, searches: a new search address on every request,
// from a new client each time, rendered in its page's kept frame and, on the copy without the cache, whole (renders a
// second and the site's CPU per render: what a search render costs); and a flood, one client asking for a new search
// address on every request at 50 connections, while other clients read a kept page and make new searches of their
// own, each measured alone just before (the flood is slowed to its allowance, 429 past it, and the others keep their
// speed).
//   npm run bench:load [-- --no-build] [-- --seconds 20] [-- --connections 50] [-- --rounds 3]
//                      [-- --node /usr/bin/node --node node_modules/.bin/node]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
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

/** The site's processes' CPU time so far (user and system), in milliseconds. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, the 14th and 15th fields of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    node: { type: 'string', multiple: true },
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

// Clear of npm start (0), the e2e suite (its offset and +10..+70) and the Lighthouse bench; each runtime's servers
// 10 further on (its sites take the offset and the offset + 5).
const basePortOffset = Number(process.env.SITE_PORT_OFFSET ?? 0) + 80;
const measuredPages = ['/', '/portfolio'];
const siteConfig = JSON.parse(readFileSync(path.join(repoRoot, 'shell/dist/site-config.json'), 'utf8'));
const { publishableKey } = siteBackend(siteConfig.supabase);
const hashedScript = readdirSync(path.join(repoRoot, 'shell/dist')).find((file) =>
  /^main\.[0-9a-f]+\.js$/.test(file),
);
const apiHeaders = { ...backendKeyHeaders(publishableKey), 'Content-Type': 'application/json' };
const brotli = { 'Accept-Encoding': 'br' };

/** What a runtime's servers answer: each server-rendered page from the page cache and rendered per request, after its
 * reference (the same bytes as a static file of the same server, loadSites.mjs), to which both are compared in the
 * same round; the page rendered one request at a time; a hashed file; the backend's reads and writes. */
function targetsOf({ siteUrl, uncachedUrl, references, backendUrl }) {
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
  const groups = measuredPages.map((page) =>
    pageTargets.filter((target) => target.name.includes(` ${page} `)),
  );
  const alone = [
    ...measuredPages.map((page) => ({
      name: `site: ${page} rendered, one request at a time`,
      url: `${uncachedUrl}${page}`,
      headers: brotli,
      connections: 1,
    })),
    { name: `site: a hashed file (${hashedScript})`, url: `${siteUrl}/${hashedScript}`, headers: brotli },
    {
      name: 'backend: REST read (projects)',
      url: `${backendUrl}/rest/v1/projects?select=*&order=created_at.desc`,
      headers: apiHeaders,
    },
    {
      name: 'backend: analytics batches (10 events)',
      url: `${backendUrl}/functions/v1/analytics-events`,
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
      url: `${backendUrl}/functions/v1/contact`,
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
  return [...groups, ...alone.map((target) => [target])];
}

/** A runtime's backend and sites (bench/loadSites.mjs, a process of its own), ready once the sites say where they are. */
async function startRuntime(binary, index) {
  const version = execFileSync(binary, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
  const portOffset = basePortOffset + index * 10;
  const ports = sitePortsFor(portOffset);
  const backend = await startBackend({ port: ports.backend, fresh: true, quiet: true, node: binary });
  const sites = spawn(
    binary,
    [
      path.join(import.meta.dirname, 'loadSites.mjs'),
      String(portOffset),
      String(ports.backend),
      ...measuredPages,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Its servers' own lines go on to this process's output; the one that says where the sites are is JSON.
  const ready = new Promise((resolve, reject) => {
    createInterface({ input: sites.stdout }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
      else console.log(line);
    });
    sites.once('exit', (code) =>
      reject(new Error(`bench/loadSites.mjs ended (${code}) before its sites were up`)),
    );
  });
  const { site: siteUrl, uncachedSite: uncachedUrl, references } = await ready;
  return {
    label: `Node ${version}`,
    backend,
    sites,
    siteUrl,
    uncachedUrl,
    groups: targetsOf({ siteUrl, uncachedUrl, references, backendUrl: backend.url }),
  };
}

/** The binaries to compare, each release once: --node's, or npm's own Node (npm_node_execpath) and this process's. */
function runtimeBinaries() {
  const given = values.node ?? [process.env.npm_node_execpath, process.execPath].filter(Boolean);
  const byVersion = new Map();
  for (const binary of given.map((file) => path.resolve(file))) {
    const version = execFileSync(binary, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    if (!byVersion.has(version)) byVersion.set(version, binary);
  }
  return [...byVersion.values()];
}

const runtimes = [];
for (const [index, binary] of runtimeBinaries().entries()) runtimes.push(await startRuntime(binary, index));

function run(target, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        ...(target.setupRequest && { requests: [{ setupRequest: target.setupRequest }] }),
        connections: target.connections ?? connections,
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

/** Rows the writes stored in a backend, read as the owner (the local secret key: service role). */
async function storedRows(backend) {
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
  const totals = new Map(
    group.map((target) => [target, { requests: 0, p50: 0, p99: 0, errors: 0, statuses: {} }]),
  );
  for (let slice = 0; slice < (group.length > 1 ? slices : 1); slice += 1) {
    for (const target of group) {
      const result = await run(target, group.length > 1 ? seconds / slices : seconds);
      const total = totals.get(target);
      total.requests += result.requests.total;
      total.p50 = Math.max(total.p50, result.latency.p50);
      total.p99 = Math.max(total.p99, result.latency.p99);
      total.errors += result.errors + result.timeouts;
      for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
        total.statuses[status] = (total.statuses[status] ?? 0) + count;
    }
  }
  return totals;
}
/** Each request a new search address (and, unless `client` is given, from a new client), on a page of the site. */
let searchCount = 0;
function newSearches(url, page, client) {
  return (request) => {
    searchCount += 1;
    const who = client ?? `198.18.${(searchCount >> 8) & 255}.${searchCount & 255}`;
    return {
      ...request,
      path: `${page}?q=bench-${searchCount}`,
      headers: { ...request.headers, ...brotli, 'X-Forwarded-For': who },
    };
  };
}

/** A line of figures: requests a second, p99, and the answers by status. */
function line(name, result, extra = '') {
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  );
  return (
    `${name.padEnd(64)} ${String(Math.round(result.requests.total / result.duration)).padStart(6)} req/s` +
    `  p99 ${String(result.latency.p99).padStart(5)} ms  statuses ${JSON.stringify(statuses)}${extra}`
  );
}

/**
 * What a search render costs the site (renders a second and CPU per render, each render in its page's kept frame and
 * whole, four at a time: the renders the site runs at once), and a flood of new search addresses from one client
 * beside other clients' visits.
 */
async function searches(round, { label, sites, siteUrl, uncachedUrl }) {
  for (const [name, url, page] of [
    ['site: a new /courses search, in its page’s kept frame', siteUrl, '/courses'],
    ['site: a new /courses search, rendered whole (no page cache)', uncachedUrl, '/courses'],
    ['site: a new /portfolio search, in its page’s kept frame', siteUrl, '/portfolio'],
    ['site: a new /portfolio search, rendered whole (no page cache)', uncachedUrl, '/portfolio'],
  ]) {
    const before = cpuMs(sites.pid);
    const result = await run({ url, connections: 4, setupRequest: newSearches(url, page) });
    const perRender = (cpuMs(sites.pid) - before) / Math.max(1, result.requests.total);
    console.log(
      `round ${round}  ${label}  ${line(name, result, `  site CPU ${perRender.toFixed(1)} ms a render`)}`,
    );
  }
  const visitors = [
    {
      name: 'other clients: /portfolio (kept)',
      url: `${siteUrl}/portfolio`,
      headers: { ...brotli, 'X-Forwarded-For': '198.51.100.7' },
    },
    {
      name: 'other clients: a new /tutorials search each',
      url: siteUrl,
      connections: 2,
      setupRequest: newSearches(siteUrl, '/tutorials'),
    },
  ];
  const flood = {
    name: 'one client: a new /courses search on every request',
    url: siteUrl,
    setupRequest: newSearches(siteUrl, '/courses', '203.0.113.66'),
  };
  const alone = await Promise.all(visitors.map((visitor) => run(visitor, seconds / 2)));
  const [flooded, ...during] = await Promise.all([
    run(flood, seconds / 2),
    ...visitors.map((visitor) => run(visitor, seconds / 2)),
  ]);
  console.log(`round ${round}  ${label}  ${line(`flood, ${flood.name}`, flooded)}`);
  visitors.forEach((visitor, index) => {
    console.log(`round ${round}  ${label}  ${line(`alone, ${visitor.name}`, alone[index])}`);
    console.log(`round ${round}  ${label}  ${line(`beside the flood, ${visitor.name}`, during[index])}`);
  });
}

const figures = [];
for (let round = 1; round <= rounds; round += 1) {
  for (const [groupIndex] of runtimes[0].groups.entries()) {
    for (const runtime of runtimes) {
      for (const [target, total] of await measure(runtime.groups[groupIndex])) {
        const requestsPerSecond = total.requests / seconds;
        figures.push({
          round,
          runtime: runtime.label,
          target: target.name,
          requestsPerSecond: Math.round(requestsPerSecond),
          p50Ms: total.p50,
          p99Ms: total.p99,
          errors: total.errors,
          statuses: total.statuses,
        });
        const reference = target.reference
          ? figures.find(
              (figure) =>
                figure.round === round &&
                figure.runtime === runtime.label &&
                figure.target === target.reference,
            )
          : undefined;
        const ratio = reference
          ? ` (${(requestsPerSecond / reference.requestsPerSecond).toFixed(2)}× the static file)`
          : '';
        console.log(
          `round ${round}  ${runtime.label}  ${target.name.padEnd(48)} ` +
            `${String(Math.round(requestsPerSecond)).padStart(6)} req/s${ratio}` +
            `  p50 ${String(total.p50).padStart(5)} ms  p99 ${String(total.p99).padStart(5)} ms` +
            `  errors ${total.errors}  statuses ${JSON.stringify(total.statuses)}`,
        );
      }
    }
  }
  for (const runtime of runtimes) await searches(round, runtime);
  for (const runtime of runtimes)
    console.log(
      `round ${round}  ${runtime.label}  memory: site servers ${rssMB(runtime.sites.pid)} MB, ` +
        `backend ${rssMB(runtime.backend.pid)} MB`,
    );
  console.log('');
}

// Side by side: each target's median over the rounds on each runtime and, with two or more, the last runtime's
// requests/s and p99 as ratios to the first's, taken round by round (the two measured within minutes of each other)
// and given as their median and range.
const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor((numbers.length - 1) / 2)];
const cell = (text, width) => String(text).padStart(width);
const [first, last] = [runtimes[0], runtimes.at(-1)];
const compared = runtimes.length > 1;
const figureOf = (runtime, target, round) =>
  figures.find(
    (figure) => figure.runtime === runtime.label && figure.target === target && figure.round === round,
  );
/** The last runtime's figure over the first's in each round: "median (lowest-highest)". */
function ratios(target, key) {
  const each = [];
  for (let round = 1; round <= rounds; round += 1) {
    const [mine, theirs] = [figureOf(last, target, round)[key], figureOf(first, target, round)[key]];
    if (theirs > 0) each.push(mine / theirs);
  }
  if (each.length === 0) return '-';
  const text = (ratio) => ratio.toFixed(2);
  return `${text(median(each))}× (${text(Math.min(...each))}-${text(Math.max(...each))})`;
}
console.log(
  `medians of ${rounds} rounds`.padEnd(50) +
    runtimes.map((runtime) => cell(runtime.label, 24)).join('') +
    (compared ? cell(`${last.label} / ${first.label}`, 44) : '') +
    `\n${''.padEnd(50)}${runtimes.map(() => cell('req/s  p50 ms  p99 ms', 24)).join('')}` +
    (compared ? cell('req/s', 22) + cell('p99', 22) : ''),
);
for (const group of first.groups)
  for (const target of group) {
    const row = runtimes.map((runtime) => {
      const mine = figures.filter(
        (figure) => figure.runtime === runtime.label && figure.target === target.name,
      );
      const [requests, p50, p99] = ['requestsPerSecond', 'p50Ms', 'p99Ms'].map((key) =>
        median(mine.map((figure) => figure[key])),
      );
      return cell(`${requests}  ${cell(p50, 6)}  ${cell(p99, 6)}`, 24);
    });
    const ratioCells = compared
      ? cell(ratios(target.name, 'requestsPerSecond'), 22) + cell(ratios(target.name, 'p99Ms'), 22)
      : '';
    console.log(target.name.padEnd(50) + row.join('') + ratioCells);
  }
console.log('');

// The limits (supabase/functions/_shared/rateLimits.ts): the whole bench is one client, so at most one client's
// allowance can be stored in each backend, however many requests were sent.
const limits = { analyticsEvents: 300, contacts: 5 };
let held = true;
for (const runtime of runtimes) {
  const stored = await storedRows(runtime.backend);
  const heldHere = stored.analyticsEvents <= limits.analyticsEvents && stored.contacts <= limits.contacts;
  held &&= heldHere;
  console.log(
    `${runtime.label}: stored under load: ${stored.analyticsEvents} analytics events (limit ` +
      `${limits.analyticsEvents} an hour per client), ${stored.contacts} contact messages (limit ${limits.contacts} ` +
      `an hour per client): ${heldHere ? 'the limits held' : 'A LIMIT DID NOT HOLD'}`,
  );
}

for (const runtime of runtimes) {
  runtime.sites.kill('SIGTERM');
  await once(runtime.sites, 'exit');
  await runtime.backend.stop();
}
process.exit(held ? 0 : 1);
