// A second copy of the built site on other ports, talking to the same backend: for tests that take a section down
// or redeploy one, without disturbing the site the other tests use.
import { serveSite } from '../../tools/serve/serveSite.mjs';
import { ports, portOffset } from './site.ts';

export interface SecondSite {
  url: string;
  close: () => Promise<unknown>;
}

/** Offsets 10..40 past the suite's own are reserved for these copies (one per spec that needs one). */
export async function startSecondSite(
  offsetWithinSuite: number,
  options: { remotes?: Record<string, string>; sectionRoots?: Record<string, string> } = {},
): Promise<SecondSite> {
  return serveSite({ portOffset: portOffset + offsetWithinSuite, backendPort: ports.backend, ...options });
}

/** A URL where no server listens (Chromium accepts the port). */
export function deadManifestUrl(offsetWithinSuite: number): string {
  return `http://localhost:${3099 + portOffset + offsetWithinSuite}/mf-manifest.json`;
}
