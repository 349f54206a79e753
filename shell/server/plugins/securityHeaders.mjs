// Security headers on every answer of a server. The shell's Content-Security-Policy is derived from the runtime
// configuration (where the sections and the backend live), computed again only when remotes.json changes, so it stays
// exact for every deployment and follows a promote without a restart.
import { createHash } from 'node:crypto';
import fastifyPlugin from 'fastify-plugin';
import { executableScript } from '../markup.cjs';

/**
 * reCAPTCHA's own paths, never all of www.google.com or www.gstatic.com (whose other endpoints, JSONP among them, are
 * known ways around a policy); and only where a site key is configured (without one, the form sends the development
 * token and no Google script ever loads). As Google documents for a CSP with reCAPTCHA.
 */
const recaptcha = {
  scripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** Browsers keep to HTTPS for two years, subdomains included (ignored over plain HTTP, as on localhost). */
const strictTransportSecurity = 'max-age=63072000; includeSubDomains';

function origin(url) {
  return new URL(url).origin;
}

/**
 * Where a section's files are, as a CSP source scoped to its path, never its whole origin: the folder of its versions
 * when its manifest sits in a version folder (a preview's version is beside the live one), else its manifest's folder.
 */
export function sectionSource(manifestUrl) {
  const folder = new URL('./', manifestUrl);
  const source = /\/[0-9a-f]{16}\/$/.test(folder.pathname) ? new URL('../', folder) : folder;
  // A source is a token of the policy: what would end it (`;`, `,`, spaces) stays escaped.
  return source.href.replace(/;/g, '%3B').replace(/,/g, '%2C');
}

/**
 * The hash sources (`'sha256-…'`) of the scripts a page's HTML runs inline: the boot script, the one the shell's
 * template has. The policy allows those and no other inline script.
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const hashes = [...html.matchAll(executableScript)]
    .filter(([, attributes]) => !/\bsrc=/i.test(attributes))
    .map(([, , text]) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/**
 * @param {object} options
 * @param {Record<string, string>} options.remotes section name -> mf-manifest.json URL (remotes.json)
 * @param {{ supabase: { url: string }, recaptchaSiteKey?: string }} options.siteConfig the site's runtime configuration
 *   (site-config.json)
 * @param {string[]} [options.scriptHashes] the hash sources of the pages' inline scripts (inlineScriptHashes)
 * @param {string[]} [options.connectSources] more sources the pages may connect to (`npm run dev`: the dev servers'
 *   sockets, which tell the page of each update)
 */
export function contentSecurityPolicy({ remotes, siteConfig, scriptHashes = [], connectSources = [] }) {
  const withRecaptcha = Boolean(siteConfig.recaptchaSiteKey);
  const sections = [...new Set(Object.values(remotes).map(sectionSource))];
  const backend = origin(siteConfig.supabase.url);
  const backendSocket = backend.replace(/^http/, 'ws');
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...sections, ...(withRecaptcha ? recaptcha.scripts : [])],
    'style-src': ["'self'", ...sections],
    'img-src': ["'self'", 'data:', backend, 'https://i.ytimg.com', ...sections],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...sections, backend, backendSocket, ...connectSources],
    'frame-src': ['https://www.youtube-nocookie.com', ...(withRecaptcha ? recaptcha.frames : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Headers for every answer of the shell. */
export function shellSecurityHeaders(config) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Strict-Transport-Security': strictTransportSecurity,
  };
}

/**
 * The shell's headers as remotes.json is now: computed once per change of it.
 * @param {{ remotes: () => Promise<Record<string, string>>, siteConfig: object, scriptHashes?: string[],
 *   connectSources?: string[] }} options
 */
export function liveShellSecurityHeaders({ remotes: remotesNow, siteConfig, scriptHashes, connectSources }) {
  let remotesSeen;
  let key;
  let headers;
  return async () => {
    const remotes = await remotesNow();
    if (remotes !== remotesSeen) {
      remotesSeen = remotes;
      const nextKey = JSON.stringify(remotes);
      if (nextKey !== key) {
        key = nextKey;
        headers = shellSecurityHeaders({ remotes, siteConfig, scriptHashes, connectSources });
      }
    }
    return headers;
  };
}

/**
 * The plugin: these headers on every answer of the server it is registered on (errors and 404s included).
 * @type {import('fastify').FastifyPluginAsync<{ headers: Record<string, string> | (() => Promise<Record<string, string>>) }>}
 */
export const securityHeaders = fastifyPlugin(
  async (app, { headers }) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(typeof headers === 'function' ? await headers() : headers);
    });
  },
  { name: 'security-headers' },
);

/** Headers for every answer of a section's static server. */
export const sectionSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': strictTransportSecurity,
};
