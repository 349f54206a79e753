// The runtime configuration a page carries (the site's server puts it in the head: shell/server/siteServer.mjs), so
// that no request stands between the page's code and its sections: remotes.json, site-config.json and the manifests
// of the sections on its first screen. A page without it (a static host, a development build) fetches them.
import { runtimeConfigElementId } from '@site/shared-ui/jsonScript';

export interface EmbeddedRuntimeConfig {
  remotes?: Record<string, string>;
  siteConfig?: Record<string, unknown>;
  /** Section manifests by their URL (as remotes.json names them). */
  manifests?: Record<string, unknown>;
}

let embedded: EmbeddedRuntimeConfig | undefined;

export function embeddedRuntimeConfig(): EmbeddedRuntimeConfig {
  if (embedded) return embedded;
  embedded = {};
  const element = typeof document === 'undefined' ? null : document.getElementById(runtimeConfigElementId);
  if (!element?.textContent) return embedded;
  try {
    embedded = JSON.parse(element.textContent) as EmbeddedRuntimeConfig;
  } catch (error) {
    console.error(
      '[runtime config] the page’s copy is unreadable, fetching it:',
      error instanceof Error ? error.message : error,
    );
  }
  return embedded;
}
