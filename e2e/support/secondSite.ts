// A second copy of the built site on other ports, talking to the same backend: for tests that take a section down
// or redeploy one, without disturbing the site the other tests use.
import { serveSite } from '../../shell/server/serveSite.mjs';
import { ports, portOffset } from './site.ts';

export interface SecondSite {
  url: string;
  close: () => Promise<unknown>;
}

/**
 * Offsets 10, 20 ... 60 and 90 ... 200 past the suite's own are reserved for these copies, one per spec that needs one
 * (70 is the launcher's own test, one-life.spec.ts, and 80 the load benchmark's); each copy takes five ports from
 * there (shell and four sections), the eighth may be a fault proxy (tests/reliability), and the ninth stays free as a
 * dead address.
 */
export const secondSiteOffsets = [
  10, 20, 30, 40, 50, 60, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200,
] as const;

/** The origins of those copies, which the test backend must allow (CORS). */
export const secondSiteOrigins = secondSiteOffsets.map(
  (offset) => `http://localhost:${3000 + portOffset + offset}`,
);

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
    /** Another shell renderer than the built one (a renderer that fails). */
    rendererFile?: string;
  } = {},
): Promise<SecondSite> {
  return serveSite({ portOffset: portOffset + offsetWithinSuite, backendPort: ports.backend, ...options });
}

/** A URL where no server listens (Chromium accepts the port). */
export function deadManifestUrl(offsetWithinSuite: (typeof secondSiteOffsets)[number]): string {
  return `http://localhost:${3009 + portOffset + offsetWithinSuite}/mf-manifest.json`;
}
