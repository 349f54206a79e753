// Runtime configuration of the deployed site (/site-config.json): where the backend is and the public keys.
// Nothing secret lives here; it is read at start-up so one build serves every environment.
import { siteBackend } from '@site/shared-ui/backendKey';
import { localSupabaseConfig, type SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import { embeddedRuntimeConfig } from '../federation/runtimeConfig.ts';

export interface SiteConfig {
  supabase: SupabaseRuntimeConfig;
  /** The public reCAPTCHA v3 site key; empty where there is none (local development, offline). */
  recaptchaSiteKey: string;
}

const fallbackConfig: SiteConfig = { supabase: localSupabaseConfig, recaptchaSiteKey: '' };

let siteConfig: Promise<SiteConfig> | undefined;

/** The configuration as written, over the fallback; its backend's key read by siteBackend (publishableKey, or the
 *  anonKey a configuration written before publishable keys has). */
function readSiteConfig(written: Partial<SiteConfig>): SiteConfig {
  const config = { ...fallbackConfig, ...written };
  return { ...config, supabase: siteBackend(config.supabase) };
}

export function loadSiteConfig(url = '/site-config.json'): Promise<SiteConfig> {
  const inPage = embeddedRuntimeConfig().siteConfig;
  if (inPage) siteConfig ??= Promise.resolve(readSiteConfig(inPage as Partial<SiteConfig>));
  // Served with Cache-Control: no-cache, so it is always fresh.
  siteConfig ??= fetch(url)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return readSiteConfig((await response.json()) as Partial<SiteConfig>);
    })
    .catch((error: unknown) => {
      console.error(
        '[site config] load failed, using the local defaults:',
        error instanceof Error ? error.message : error,
      );
      return fallbackConfig;
    });
  return siteConfig;
}
