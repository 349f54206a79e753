// Types for the TypeScript callers of serveSite.mjs (the end-to-end tests).
export interface ServeSiteOptions {
  portOffset?: number;
  backendPort?: number;
  remotes?: Record<string, string>;
  sectionRoots?: Record<string, string>;
  /** Runtime configuration to change, for a moved copy of the site. */
  siteConfig?: { recaptchaSiteKey?: string };
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
