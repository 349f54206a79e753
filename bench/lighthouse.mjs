// npm run bench: builds the site, serves it as `npm start` does (with a fresh copy of the seeded backend), runs
// Lighthouse (mobile, simulated throttling) three times on every route and three times on the route's static reference
// (its own server-rendered HTML with its scripts stripped, from the same server in the same run: staticReference.mjs),
// alternately, and measures the JavaScript each route downloads and the latency of a catalogue search at 4x CPU
// slowdown. Then Lighthouse once more per route under applied throttling (devtools), which does not model preloads
// the way the simulation does, with each route's LCP as a ratio to the home page's. Prints the tables and whether
// each target of issue 20 is met (a benchmark, never a test), and writes bench/results/latest.json (and a
// timestamped copy). SITE_PORT_OFFSET moves every port (the site's, the backend's and the proxy's: shell port + 5).
//   npm run bench [-- --no-build] [-- --runs 3] [-- --devtools-runs 1] [-- --routes /,/about]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { serveSite, sitePortsFor } from '../shell/server/serveSite.mjs';
import { startBackend } from '../scripts/backend.mjs';
import { measureJsBytes } from './jsBytes.mjs';
import { jsBudgetKB, laterJsBudgetKB, laterJsWindowMs } from './budgets.mjs';
import { htmlFirstTargets, lcpRatio, lcpRatiosToHome, routeTargets, targetCell } from './targets.mjs';
import { startStaticReferenceProxy, staticReferenceQuery } from './staticReference.mjs';
import { measureSearchLatency } from './interactionLatency.mjs';
import { measureLatencies, printLatencies } from './latency.mjs';
import { chromiumArgs, chromiumPath } from '../tools/browser/chromium.mjs';

export const routes = ['/', '/about', '/portfolio', '/tutorials', '/courses', '/help/privacy-policy'];

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    'devtools-runs': { type: 'string', default: '1' },
    routes: { type: 'string' },
  },
});
const runs = Number(values.runs);
const devtoolsRuns = Number(values['devtools-runs']);
const selectedRoutes = values.routes ? values.routes.split(',') : routes;
// The applied-throttling ratios are to the home page's LCP: it is measured too, even when not selected.
const devtoolsRoutes = devtoolsRuns > 0 ? [...new Set(['/', ...selectedRoutes])] : [];

/** What the JavaScript figure waits for after the network is idle, to show what loads then without interaction. */
const afterIdleMs = laterJsWindowMs;
const chromeFlags = ['--headless=new', ...chromiumArgs];
const repoRoot = path.resolve(import.meta.dirname, '..');

if (!values['no-build']) {
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--concurrency=2', '--output-logs=errors-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const portOffset = Number(process.env.SITE_PORT_OFFSET ?? 0);
const backend = await startBackend({ port: sitePortsFor(portOffset).backend, fresh: true, quiet: true });
const site = await serveSite({ portOffset });
const proxy = await startStaticReferenceProxy({
  siteUrl: site.url,
  port: sitePortsFor(portOffset).shell + 5,
});

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/**
 * One Lighthouse run, tried once more if Lighthouse could not measure it (a busy machine sometimes misses a trace).
 * @param {string} url @param {'simulate' | 'devtools'} [throttlingMethod]
 */
async function lighthouseRun(url, throttlingMethod = 'simulate') {
  try {
    return await lighthouseOnce(url, throttlingMethod);
  } catch (error) {
    console.warn(String(error));
    return lighthouseOnce(url, throttlingMethod);
  }
}

/** @param {string} url @param {'simulate' | 'devtools'} throttlingMethod */
async function lighthouseOnce(url, throttlingMethod) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod,
    });
    const audits = result.lhr.audits;
    const failed = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]
      .filter((id) => audits[id]?.numericValue === undefined)
      .map((id) => `${id}: ${audits[id]?.errorMessage ?? 'missing'}`);
    if (result.lhr.runtimeError || failed.length > 0)
      throw new Error(
        `Lighthouse could not measure ${url}: ${result.lhr.runtimeError?.message ?? failed.join('; ')}`,
      );
    return {
      score: Math.round(result.lhr.categories.performance.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      lcpElement:
        audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.selector ?? '',
    };
  } finally {
    await chrome.kill();
  }
}

/** @param {{ score: number, fcp: number, lcp: number, tbt: number, cls: number }[]} samples */
const medians = (samples) => ({
  score: median(samples.map((sample) => sample.score)),
  fcpMs: Math.round(median(samples.map((sample) => sample.fcp))),
  lcpMs: Math.round(median(samples.map((sample) => sample.lcp))),
  tbtMs: Math.round(median(samples.map((sample) => sample.tbt))),
  cls: Number(median(samples.map((sample) => sample.cls)).toFixed(3)),
});

const results = [];
const devtools = [];
let search;
try {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  for (const route of selectedRoutes) {
    const url = `${proxy.url}${route}`;
    const samples = [];
    const staticSamples = [];
    for (let run = 0; run < runs; run += 1) {
      samples.push(await lighthouseRun(url));
      staticSamples.push(await lighthouseRun(`${url}?${staticReferenceQuery}`));
    }
    const bytes = await measureJsBytes(browser, url, { afterIdleMs });
    const staticReference = { ...medians(staticSamples), samples: staticSamples };
    const result = {
      route,
      ...medians(samples),
      staticReference,
      lcpRatioToStatic: lcpRatio(medians(samples).lcpMs, staticReference.lcpMs),
      jsGzipKB: Number((bytes.gzip / 1024).toFixed(1)),
      jsTransferredKB: Number((bytes.transferred / 1024).toFixed(1)),
      jsAfterIdleGzipKB: Number((bytes.afterIdle.gzip / 1024).toFixed(1)),
      lcpElements: [...new Set(samples.map((sample) => sample.lcpElement))],
      samples,
    };
    results.push(result);
    console.log(
      `${route}: score ${result.score}, FCP ${result.fcpMs} ms, LCP ${result.lcpMs} ms (static ${staticReference.lcpMs} ms, ` +
        `${result.lcpRatioToStatic}x), TBT ${result.tbtMs} ms, JS ${result.jsGzipKB} KB gzip`,
    );
  }
  const searches = [];
  for (let run = 0; run < runs; run += 1)
    searches.push(await measureSearchLatency(browser, `${proxy.url}/courses`));
  search = {
    maxMs: Math.round(median(searches.map((one) => one.maxMs))),
    resultsAfterMs: Math.round(median(searches.map((one) => one.resultsAfterMs))),
    samples: searches,
  };
  console.log(
    `/courses search: longest interaction ${search.maxMs} ms, results after ${search.resultsAfterMs} ms`,
  );
  await browser.close();
  for (const route of devtoolsRoutes) {
    const samples = [];
    for (let run = 0; run < devtoolsRuns; run += 1)
      samples.push(await lighthouseRun(`${proxy.url}${route}`, 'devtools'));
    const result = {
      route,
      score: median(samples.map((sample) => sample.score)),
      lcpMs: Math.round(median(samples.map((sample) => sample.lcp))),
      samples,
    };
    devtools.push(result);
    console.log(`${route} (applied throttling): score ${result.score}, LCP ${result.lcpMs} ms`);
  }
  printLatencies(await measureLatencies({ siteUrl: site.url, backendUrl: backend.url, portOffset }));
} finally {
  await proxy.close();
  await site.close();
  await backend.stop();
}

console.log(
  `\nLighthouse ${runs}x per route (mobile, simulated throttling; medians) and JavaScript before interaction:\n`,
);
console.log(
  '| route | score | FCP ms | LCP ms | static LCP ms | LCP / static | TBT ms | CLS | JS gzip KB (budget) | JS sent KB | later JS gzip KB (budget) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const budget = jsBudgetKB[r.route];
  const over = budget !== undefined && r.jsGzipKB > budget ? ' OVER' : '';
  console.log(
    `| ${r.route} | ${r.score} | ${r.fcpMs} | ${r.lcpMs} | ${r.staticReference.lcpMs} | ${r.lcpRatioToStatic ?? '-'} | ${r.tbtMs} | ${r.cls} | ${r.jsGzipKB} (${budget ?? '-'})${over} | ${r.jsTransferredKB} | ${r.jsAfterIdleGzipKB} (${laterJsBudgetKB})${r.jsAfterIdleGzipKB > laterJsBudgetKB ? ' OVER' : ''} |`,
  );
}
console.log(
  "\nStatic references (each route's server-rendered HTML, scripts stripped; same server, same run):\n",
);
console.log('| route | score | FCP ms | LCP ms | TBT ms | CLS |');
console.log('|---|---|---|---|---|---|');
for (const { route, staticReference: s } of results)
  console.log(
    `| ${route}?${staticReferenceQuery} | ${s.score} | ${s.fcpMs} | ${s.lcpMs} | ${s.tbtMs} | ${s.cls} |`,
  );
console.log(
  `\n"JS gzip KB" counts until the network is idle (the budget); "later" what arrives in the next ${afterIdleMs / 1000} s` +
    ' with no interaction (the Realtime client once the page is idle, the ad card when its toast is due).',
);

const ratios = lcpRatiosToHome(devtools);
if (devtools.length > 0) {
  console.log(
    `\nLighthouse ${devtoolsRuns}x per route under applied throttling (devtools; medians), LCP as a ratio to /'s:\n`,
  );
  console.log('| route | score | LCP ms | LCP / `/` |');
  console.log('|---|---|---|---|');
  for (const r of devtools)
    console.log(`| ${r.route} | ${r.score} | ${r.lcpMs} | ${ratios[r.route] ?? '-'} |`);
}

const targets = results.map((r) => ({ route: r.route, checks: routeTargets(r, r.staticReference.lcpMs) }));
console.log('\nIssue 20 targets (a benchmark, not a test):\n');
console.log(`| route | ${targets[0]?.checks.map((check) => check.target).join(' | ') ?? ''} |`);
console.log(`|---|${targets[0]?.checks.map(() => '---').join('|') ?? ''}|`);
for (const { route, checks } of targets) console.log(`| ${route} | ${checks.map(targetCell).join(' | ')} |`);
const checked = targets.flatMap(({ checks }) => checks).filter((check) => check.met !== undefined);
const searchMet = search ? search.maxMs <= htmlFirstTargets.maxSearchInteractionMs : undefined;
if (search)
  console.log(
    `\nCourses search (type "Angular", submit; ${runs}x at 4x CPU slowdown, median): longest interaction ` +
      `${search.maxMs} ms (goal ≤ ${htmlFirstTargets.maxSearchInteractionMs} ms: ${searchMet ? 'met' : 'MISSED'}).`,
  );
console.log(`\n${checked.filter((check) => check.met).length} of ${checked.length} targets met.`);
const resultsDir = path.join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
const report = {
  measuredAt: new Date().toISOString(),
  runs,
  devtoolsRuns,
  machine: { cores: (await import('node:os')).cpus().length },
  results,
  devtools: devtools.map((r) => ({ ...r, lcpRatioToHome: ratios[r.route] })),
  search,
  targets: { ...htmlFirstTargets, byRoute: targets },
};
writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify(report, null, 2));
writeFileSync(
  path.join(resultsDir, `${report.measuredAt.replace(/[:.]/g, '-')}.json`),
  JSON.stringify(report, null, 2),
);
console.log(`\nWritten to bench/results/latest.json`);
