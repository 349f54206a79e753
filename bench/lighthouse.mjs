// npm run bench: builds the site, serves it as `npm start` does (with a fresh copy of the seeded backend), runs
// Lighthouse (mobile, simulated throttling) three times on every route, and measures the JavaScript each route
// downloads. Prints a table of medians and writes bench/results/latest.json (and a timestamped copy).
//   npm run bench [-- --no-build] [-- --runs 3] [-- --routes /,/about]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { serveSite, sitePortsFor } from '../tools/serve/serveSite.mjs';
import { startBackend } from '../scripts/backend.mjs';
import { measureJsBytes } from './jsBytes.mjs';
import { jsBudgetKB } from './budgets.mjs';
import { chromiumArgs, chromiumPath } from '../tools/browser/chromium.mjs';

export const routes = ['/', '/about', '/portfolio', '/tutorials', '/courses', '/help/privacy-policy'];

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
  },
});
const runs = Number(values.runs);
const selectedRoutes = values.routes ? values.routes.split(',') : routes;
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

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const audits = result.lhr.audits;
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

const results = [];
try {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  for (const route of selectedRoutes) {
    const url = `${site.url}${route}`;
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await lighthouseRun(url));
    const bytes = await measureJsBytes(browser, url);
    const result = {
      route,
      score: median(samples.map((sample) => sample.score)),
      fcpMs: Math.round(median(samples.map((sample) => sample.fcp))),
      lcpMs: Math.round(median(samples.map((sample) => sample.lcp))),
      tbtMs: Math.round(median(samples.map((sample) => sample.tbt))),
      cls: Number(median(samples.map((sample) => sample.cls)).toFixed(3)),
      jsGzipKB: Number((bytes.gzip / 1024).toFixed(1)),
      jsTransferredKB: Number((bytes.transferred / 1024).toFixed(1)),
      lcpElements: [...new Set(samples.map((sample) => sample.lcpElement))],
      samples,
    };
    results.push(result);
    console.log(
      `${route}: score ${result.score}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, JS ${result.jsGzipKB} KB gzip`,
    );
  }
  await browser.close();
} finally {
  await site.close();
  await backend.stop();
}

console.log(
  `\nLighthouse ${runs}x per route (mobile, simulated throttling; medians) and JavaScript before interaction:\n`,
);
console.log('| route | score | FCP ms | LCP ms | TBT ms | CLS | JS gzip KB (budget) | JS sent KB |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const budget = jsBudgetKB[r.route];
  const over = budget !== undefined && r.jsGzipKB > budget ? ' OVER' : '';
  console.log(
    `| ${r.route} | ${r.score} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.jsGzipKB} (${budget ?? '-'})${over} | ${r.jsTransferredKB} |`,
  );
}
const resultsDir = path.join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
const report = {
  measuredAt: new Date().toISOString(),
  runs,
  machine: { cores: (await import('node:os')).cpus().length },
  results,
};
writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify(report, null, 2));
writeFileSync(
  path.join(resultsDir, `${report.measuredAt.replace(/[:.]/g, '-')}.json`),
  JSON.stringify(report, null, 2),
);
console.log(`\nWritten to bench/results/latest.json`);
