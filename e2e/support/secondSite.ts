// A second copy of the built site on other ports, talking to the same backend: for tests that take a section down
// or redeploy one, without disturbing the site the other tests use. Each copy runs in a process of its own, as a
// deployed site does (secondSiteServer.mjs says why).
import { fork } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ports, portOffset } from './site.ts';
import { expect } from './test.ts';

export interface SecondSite {
  url: string;
  /** Every line its servers wrote so far (standard output and error), also printed as before. */
  log: string[];
  close: () => Promise<unknown>;
}

/**
 * Offsets 10, 20 ... 60, 90 ... 200, 230 and 240 past the suite's own are reserved for these copies, one per spec that needs
 * one (70 is the launcher's own test, one-life.spec.ts, 80 the load benchmark's, 210-219 the dev loop's); each copy
 * takes five ports from there (shell and four sections), the eighth may be a fault proxy (tests/reliability), and the
 * ninth stays free as a dead address.
 */
export const secondSiteOffsets = [
  10, 20, 30, 40, 50, 60, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 230, 240,
] as const;

/** The origins of those copies, which the test backend must allow (CORS). */
export const secondSiteOrigins = secondSiteOffsets.map(
  (offset) => `http://localhost:${3000 + portOffset + offset}`,
);

/** A kept page's freshness for a test of the server rendering it again by itself: longer than any test runs. */
export const keptForTheWholeTest = 60 * 60_000;

export async function startSecondSite(
  offsetWithinSuite: (typeof secondSiteOffsets)[number],
  options: {
    remotes?: Record<string, string>;
    sectionRoots?: Record<string, string>;
    /** Another backend than the suite's (the reCAPTCHA spec starts one with a secret). */
    backendPort?: number;
    siteConfig?: { recaptchaSiteKey?: string };
    /** A static host's live remotes.json to serve and follow (tools/deploy/releases.mjs). */
    remotesFile?: string;
    previewSecret?: string;
    /** How long a page waits for its sections (a test of something else whose page reads megabytes). */
    slotDeadlineMs?: number;
    /**
     * How long a kept page is fresh (default 10 s): a test of the server rendering a page again by itself keeps it
     * fresh for longer than the test, so that no expiry can do it instead.
     */
    pageFreshMs?: number;
    /** Another shell renderer than the built one (a renderer that fails). */
    rendererFile?: string;
    /** Where a request's client is read (a trusted proxy's header), for the per-client render limit. */
    clientAddress?: { header?: string; trustedHops?: number };
    /** The renders in flight and per client (shell/server/renderLimits.mjs). */
    renderLimits?: {
      inFlight: number;
      waiting: number;
      perClient?: { burst: number; perSecond: number };
      clients: number;
    };
  } = {},
): Promise<SecondSite> {
  const child = fork(path.join(import.meta.dirname, 'secondSiteServer.mjs'), {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const log: string[] = [];
  for (const [stream, printed] of [
    [child.stdout!, process.stdout],
    [child.stderr!, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on('line', (line) => {
      log.push(line);
      printed.write(`${line}\n`);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = new Promise<{ url?: string; error?: string }>((resolve) => {
    child.once('message', (answer) => resolve(answer as { url?: string; error?: string }));
    void exited.then(() =>
      resolve({ error: `the site's process ended before it listened: ${log.join('\n')}` }),
    );
  });
  child.send({ portOffset: portOffset + offsetWithinSuite, backendPort: ports.backend, ...options });
  const { url, error } = await started;
  if (!url) {
    child.kill();
    throw new Error(error);
  }
  return {
    url,
    log,
    close: async () => {
      if (child.connected) child.send('close');
      // Its servers close their connections; a process that still has not ended is ended.
      const stuck = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(stuck);
    },
  };
}

/** A URL where no server listens (Chromium accepts the port). */
export function deadManifestUrl(offsetWithinSuite: (typeof secondSiteOffsets)[number]): string {
  return `http://localhost:${3009 + portOffset + offsetWithinSuite}/mf-manifest.json`;
}

/**
 * Waits for a copy's server to say it has loaded every section's code (it does so at start, in the background): from
 * then on a slot is left to the browser only for what it reads, never for its code still on its way (on a starved
 * machine the first renders can give up on the code itself).
 */
export async function expectEverySectionsCodeLoaded(site: SecondSite, timeout = 40_000): Promise<void> {
  await expect
    .poll(() => site.log.some((line) => line.includes("[server render] every section's code is loaded")), {
      message: "the server says every section's code is loaded",
      timeout,
    })
    .toBe(true);
}
