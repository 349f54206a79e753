// Types for the TypeScript callers of serveSite.mjs (the end-to-end tests).
export interface ServeSiteOptions {
  portOffset?: number;
  backendPort?: number;
  remotes?: Record<string, string>;
  sectionRoots?: Record<string, string>;
  /** Runtime configuration to change, for a moved copy of the site. */
  siteConfig?: { recaptchaSiteKey?: string };
  /** Render pages on the server (default: when the shell's server build exists). */
  serverRender?: boolean;
  /** Keep server-rendered pages briefly (default true). */
  pageCache?: boolean;
  slotDeadlineMs?: number;
  /** How long a kept page is fresh (default 10 s). */
  pageFreshMs?: number;
  /** The shell's server renderer (default shell/dist-server/renderer.cjs). */
  rendererFile?: string;
  /** A static host's live remotes.json to serve and follow, instead of the one made for these ports. */
  remotesFile?: string;
  /** Signs preview links (default: SITE_PREVIEW_SECRET; none: no previews). */
  previewSecret?: string;
  /** Where a request's client is read (default SITE_CLIENT_IP_HEADER and SITE_CLIENT_IP_TRUSTED_HOPS; none: the socket). */
  clientAddress?: { header?: string; trustedHops?: number };
  /** The renders in flight and per client (shell/server/renderLimits.mjs). */
  renderLimits?: {
    inFlight: number;
    waiting: number;
    perClient?: { burst: number; perSecond: number };
    clients: number;
  };
  /** The sections' files answer the site's own origins only (npm run dev). */
  privateSections?: boolean;
  /** The site's fediverse account with the local backend's secret key (default off; `npm start` turns it on). */
  fediverse?: boolean | Record<string, unknown>;
  quiet?: boolean;
}

export function serveSite(
  options?: ServeSiteOptions,
): Promise<{ url: string; close: () => Promise<unknown> }>;
export function sitePortsFor(
  offset?: number,
): Record<'shell' | 'portfolio' | 'tutorials' | 'courses' | 'help' | 'backend', number>;
export const repoRoot: string;
export const sectionFolders: Record<'portfolio' | 'tutorials' | 'courses' | 'help', string>;
export function runtimeConfigFor(ports: ReturnType<typeof sitePortsFor>): {
  remotes: Record<string, string>;
  siteConfig: Record<string, unknown>;
};
