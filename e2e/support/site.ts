import { availableParallelism } from 'node:os';
import { chromiumArgs, chromiumPath } from '@site/tools/browser/chromium';

// Where the site under test runs. SITE_PORT_OFFSET moves every port, so several runs can share a machine.
export const portOffset = Number(process.env.SITE_PORT_OFFSET ?? 0);

/**
 * Ports the browsers refuse to open, whatever answers there (Chromium's and Firefox's lists of ports of other
 * protocols: SIP's 5060, X11's 6000, IRC's 6665-6669...), in the range the suite's sites take: 3000 past the offset,
 * its second sites up to 249 further. An offset that puts one there fails the tests that open it (stop 55: offset 2000
 * made the reCAPTCHA spec's site 5060, ERR_UNSAFE_PORT), so it is refused at once, saying why.
 */
const refusedByBrowsers = [
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
];
if (!Number.isInteger(portOffset) || portOffset < 0)
  throw new Error(
    `SITE_PORT_OFFSET must be a whole number of 0 or more, not "${process.env.SITE_PORT_OFFSET}"`,
  );

/** The first port of the suite's sites at `offset` that browsers refuse, if any. */
const refusedSitePortAt = (offset: number) =>
  refusedByBrowsers.find((port) => port >= 3000 + offset && port < 3250 + offset);

/** The next multiple of 1000 past `offset` where no site of the suite is on a refused port. */
function safeOffsetAfter(offset: number): number {
  let next = (Math.floor(offset / 1000) + 1) * 1000;
  while (refusedSitePortAt(next) !== undefined) next += 1000;
  return next;
}

const refusedSitePort = refusedSitePortAt(portOffset);
if (refusedSitePort !== undefined)
  throw new Error(
    `SITE_PORT_OFFSET=${portOffset} puts a site of the suite on port ${refusedSitePort}, which browsers refuse to ` +
      `open (ERR_UNSAFE_PORT): choose another offset, such as ${safeOffsetAfter(portOffset)}`,
  );

export const ports = {
  shell: 3000 + portOffset,
  portfolio: 3001 + portOffset,
  tutorials: 3002 + portOffset,
  courses: 3003 + portOffset,
  help: 3004 + portOffset,
  backend: 54321 + portOffset,
  /** The mail catcher's inbox and API (scripts/mailCatcher.mjs), and its SMTP server. */
  mailInbox: 54324 + portOffset,
  mailSmtp: 54325 + portOffset,
};

export const siteUrl = `http://localhost:${ports.shell}`;

/**
 * Playwright's workers (playwright.config.ts, and at most as many for the journeys): one more than the cores this run
 * may use, at most 3. Three on two cores keep both busy while a test waits (a timer, a mail, a socket); three on one
 * core (`taskset -c 0`) stretched every test threefold beside the servers they share the core with (stop 54: the
 * help pages' five-step walk ran out of its 60 s), where two keep the core as busy.
 */
export const workers = Math.min(3, availableParallelism() + 1);
export const backendUrl = `http://127.0.0.1:${ports.backend}`;

/** Chromium as this machine has it (Debian's package); Playwright's own browser download is not available. */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };
