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
  /** The shell's server renderer (default shell/dist-server/renderer.cjs). */
  rendererFile?: string;
  /** A static host's live remotes.json to serve and follow, instead of the one made for these ports. */
  remotesFile?: string;
  /** Signs preview links (default: SITE_PREVIEW_SECRET; none: no previews). */
  previewSecret?: string;
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
