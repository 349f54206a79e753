import { availableParallelism } from 'node:os';
import { chromiumArgs, chromiumPath } from '@site/tools/browser/chromium';

// Where the site under test runs. SITE_PORT_OFFSET moves every port, so several runs can share a machine.
export const portOffset = Number(process.env.SITE_PORT_OFFSET ?? 0);

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
