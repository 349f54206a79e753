// npm run bench:dev: a section team's loop, measured (a benchmark, never a test). In a throwaway copy of the tree
// (devSite.mjs), it starts `npm run dev -- courses` with webpack's and turbo's caches emptied (a first start) and again
// with them kept (every start after), and prints the time each takes to be ready. Then, with the courses page open and a search
// typed, it saves a change to a component of the section, and (under `npm run dev -- shell`) of the shell, again and
// again, and prints the time from each save to the change painted in the page: median and 95th percentile, against
// the goals (ready within 10 s, painted within 1 s). Beside them a reference from the same run: the same page loaded
// again, which the loop cost on top of each rebuild before updates were hot. The production builds of the sections it
// serves as built must exist (`npm run build`).
//   npm run bench:dev [-- --edits 10]      SITE_PORT_OFFSET moves every port (the copy's site: offset + 220)
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../tools/browser/chromium.mjs';
import { appFolder } from '../scripts/devApps.mjs';
import { copyOfTheTree, editSource, startDevSite } from './devSite.mjs';

const { values } = parseArgs({ options: { edits: { type: 'string', default: '10' } } });
const edits = Number(values.edits);
const portOffset = Number(process.env.SITE_PORT_OFFSET ?? 0) + 220;
const goals = { readyMs: 10_000, paintedMs: 1_000 };

/** What each loop edits: a component of the section and one of the shell, and how the page shows each version. */
const changes = {
  section: {
    file: 'mfe-courses/src/features/search/CourseSearch.tsx',
    text: (version) => `placeholder="Search Courses${'.'.repeat(3 + version)}"`,
    shown: { selector: '[data-section="courses/CoursesPage"] input', attribute: 'placeholder' },
    value: (version) => `Search Courses${'.'.repeat(3 + version)}`,
  },
  shell: {
    file: 'shell/src/frame/Navbar.tsx',
    text: (version) => `aria-label="Main${version === 0 ? '' : ` ${version}`}"`,
    shown: { selector: 'header nav', attribute: 'aria-label' },
    value: (version) => `Main${version === 0 ? '' : ` ${version}`}`,
  },
};

const median = (values) => percentile(values, 50);
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const met = (value, goal) => (value <= goal ? 'met' : 'not met');

const copy = copyOfTheTree({ portOffset, asBuilt: ['portfolio', 'tutorials', 'courses', 'help'] });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const loadBefore = os.loadavg()[0];

/** The courses page, with a search typed (the state an update must keep), as a visitor who saw the newsletter pop-up. */
async function openCoursesPage(site) {
  const page = await browser.newPage();
  await page.addInitScript(() => localStorage.setItem('newsletterTimestamp', String(Date.UTC(2100, 0, 1))));
  await page.goto(`${site.url}/courses`);
  await page.locator(changes.section.shown.selector).fill('Angular');
  return page;
}

/** From each save to the frame that first shows the change (a frame's callbacks run just before it is painted). */
async function timesToPaint(page, change) {
  const times = [];
  for (let version = 1; version <= edits; version += 1) {
    await page.evaluate(
      ({ selector, attribute, value }) => {
        window.changePaintedAt = undefined;
        const look = () => {
          if (document.querySelector(selector)?.getAttribute(attribute) === value)
            window.changePaintedAt = performance.timeOrigin + performance.now();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      },
      { ...change.shown, value: change.value(version) },
    );
    const savedAt = performance.timeOrigin + performance.now();
    editSource(copy, change.file, change.text(version - 1), change.text(version));
    const paintedAt = await page
      .waitForFunction(() => window.changePaintedAt, null, { timeout: 120_000, polling: 50 })
      .then((handle) => handle.jsonValue());
    times.push(paintedAt - savedAt);
  }
  if ((await page.locator(changes.section.shown.selector).inputValue()) !== 'Angular')
    throw new Error('the typed search was lost: an update reloaded the page');
  return times;
}

/** The reference: the same page loaded again, to its search box. */
async function timesToReload(page) {
  const times = [];
  for (let load = 0; load < 5; load += 1) {
    const started = performance.now();
    await page.reload();
    await page.locator(changes.section.shown.selector).waitFor();
    times.push(performance.now() - started);
  }
  return times;
}

const ready = {};
// The first start: webpack's and turbo's caches emptied, as in a fresh clone.
rmSync(path.join(copy, '.turbo'), { recursive: true, force: true });
for (const app of ['shell', 'courses']) {
  rmSync(path.join(copy, appFolder(app), 'node_modules/.cache/webpack'), { recursive: true, force: true });
}
const first = await startDevSite({ copy, watched: ['courses'], portOffset });
ready.cold = first.readyMs;
await first.stop();

const sectionSite = await startDevSite({ copy, watched: ['courses'], portOffset });
ready.warm = sectionSite.readyMs;
const sectionPage = await openCoursesPage(sectionSite);
const section = await timesToPaint(sectionPage, changes.section);
const reload = await timesToReload(sectionPage);
await sectionSite.stop();

const shellSite = await startDevSite({ copy, watched: ['shell'], portOffset });
const shell = await timesToPaint(await openCoursesPage(shellSite), changes.shell);
await shellSite.stop();
await browser.close();

const line = (name, times) =>
  `  ${name.padEnd(44)} median ${Math.round(median(times))} ms, p95 ${Math.round(percentile(times, 95))} ms` +
  ` (${times.length} saves; goal ${goals.paintedMs} ms: ${met(percentile(times, 95), goals.paintedMs)})`;
console.log(`
npm run bench:dev: load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after, on ${os.cpus().length} cores
  npm run dev -- courses, ready                 first start ${seconds(ready.cold)}, with its cache ${seconds(ready.warm)} (goal ${seconds(goals.readyMs)}: ${met(ready.warm, goals.readyMs)})
  npm run dev -- shell, ready                   ${seconds(shellSite.readyMs)}
  save to painted, state kept:
${line(`section (${changes.section.file})`, section)}
${line(`shell (${changes.shell.file})`, shell)}
  reference, the page loaded again              median ${Math.round(median(reload))} ms (${reload.length} loads): the section's update is ${(median(section) / median(reload)).toFixed(2)}x, the shell's ${(median(shell) / median(reload)).toFixed(2)}x
`);
