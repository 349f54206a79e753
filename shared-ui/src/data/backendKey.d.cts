// Types of backendKey.cjs.
export interface SiteBackend {
  url: string;
  publishableKey: string;
}
export declare function siteBackend(supabase: {
  url: string;
  publishableKey?: string;
  anonKey?: string;
}): SiteBackend;
export declare function backendKeyHeaders(key: string): Record<string, string>;
