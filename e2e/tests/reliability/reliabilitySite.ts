// A copy of the site whose backend, and whose portfolio section's files, are reached through fault proxies
// (support/faultProxy.ts): the tests freeze or slow the real dependency and restore it, and watch what a visitor sees.
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { ports, portOffset } from '../../support/site.ts';

/** Where this copy runs, past the suite's own ports (see secondSiteOffsets). */
export const reliabilityOffset = 140;

export interface ReliabilitySite {
  site: SecondSite;
  /** Between the site (browser and server) and the backend, REST, functions, Storage and Realtime alike. */
  backend: FaultProxy;
  /** Between everyone and the portfolio section's files (its manifest, entry, chunks and server build). */
  portfolioFiles: FaultProxy;
  close: () => Promise<void>;
}

export async function startReliabilitySite(): Promise<ReliabilitySite> {
  const sitePorts = 3000 + portOffset + reliabilityOffset;
  const backend = await startFaultProxy(ports.backend + reliabilityOffset, ports.backend);
  // The copy's own portfolio server (its second port), behind the eighth port.
  const portfolioFiles = await startFaultProxy(sitePorts + 8, sitePorts + 1);
  const site = await startSecondSite(reliabilityOffset, {
    backendPort: backend.port,
    remotes: { portfolio: `http://localhost:${portfolioFiles.port}/mf-manifest.json` },
  });
  return {
    site,
    backend,
    portfolioFiles,
    close: async () => {
      await site.close();
      await Promise.all([backend.close(), portfolioFiles.close()]);
    },
  };
}
