'use strict';
// The site's key to its backend, as the runtime configuration (site-config.json's "supabase") carries it and as each
// request sends it. CommonJS, so the browser's code (webpack), jest, the site's server (Node) and the bench share it.

/**
 * The backend of a runtime configuration: its URL and publishable key. A configuration written before publishable
 * keys names its key "anonKey" (the legacy anon JWT); it is read the same, so such a site keeps working unchanged.
 * @param {{ url: string, publishableKey?: string, anonKey?: string }} supabase site-config.json's "supabase"
 * @returns {{ url: string, publishableKey: string }}
 */
function siteBackend(supabase) {
  return { url: supabase.url, publishableKey: supabase.publishableKey ?? supabase.anonKey ?? '' };
}

/**
 * The headers that carry a key to Supabase. A publishable key (sb_publishable_...) is no JWT: it goes in `apikey`
 * alone, and the gateway runs the request as its role. A legacy anon key is a JWT and goes as the bearer token too.
 * @param {string} key
 * @returns {Record<string, string>}
 */
function backendKeyHeaders(key) {
  const legacyJwt = !key.startsWith('sb_') && key.split('.').length === 3;
  return legacyJwt ? { apikey: key, Authorization: `Bearer ${key}` } : { apikey: key };
}

module.exports = { siteBackend, backendKeyHeaders };
