// Security headers for the site. The Content-Security-Policy is derived from the runtime configuration (where the
// sections and the backend live), so it stays exact for every deployment.

const google = ['https://www.google.com', 'https://www.gstatic.com'];

function origin(url) {
  return new URL(url).origin;
}

/**
 * @param {object} options
 * @param {Record<string, string>} options.remotes section name -> mf-manifest.json URL (remotes.json)
 * @param {{ supabase: { url: string } }} options.siteConfig the site's runtime configuration (site-config.json)
 */
export function contentSecurityPolicy({ remotes, siteConfig }) {
  const sections = [...new Set(Object.values(remotes).map(origin))];
  const backend = origin(siteConfig.supabase.url);
  const backendSocket = backend.replace(/^http/, 'ws');
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...sections, ...google],
    'style-src': ["'self'", ...sections],
    'img-src': ["'self'", 'data:', backend, 'https://i.ytimg.com', ...sections],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...sections, backend, backendSocket, ...google],
    'frame-src': ['https://www.youtube-nocookie.com', ...google],
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
  };
}

/** Headers for every answer of a section's static server. */
export const sectionSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};
