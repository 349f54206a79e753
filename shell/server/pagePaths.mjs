// The one spelling of each page of the site. Every other spelling of a page (a trailing or doubled slash, capitals,
// percent-escapes, dot segments, its index.html) is answered with a permanent redirect to it, so a page has one
// address in the server's page cache, a CDN's and a search engine's, and costs one render whatever way it is asked.
import path from 'node:path';

/**
 * The request target's path as sent (no query), never read as a URL of its own: `//tutorials` is a path here, not
 * the host `tutorials`. An absolute-form target (`http://host/path`) gives its path.
 * @param {string} target
 */
export function requestPath(target) {
  const withoutQuery = target.split(/[?#]/, 1)[0] ?? '';
  if (withoutQuery.startsWith('/')) return withoutQuery;
  try {
    return new URL(withoutQuery).pathname;
  } catch {
    return undefined;
  }
}

/** A path with its percent-escapes decoded, or undefined when it cannot be (a bad escape, a NUL byte). */
export function decodedPath(rawPath) {
  try {
    const decoded = decodeURIComponent(rawPath);
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/**
 * The page a path spells, in its one spelling, or undefined when it spells none of them.
 * @param {string} rawPath the path as sent
 * @param {ReadonlySet<string>} pages the site's pages ('/', '/about', ...)
 */
export function canonicalPage(rawPath, pages) {
  const decoded = decodedPath(rawPath);
  if (decoded === undefined || decoded.includes('\\')) return undefined;
  const page =
    path.posix
      .normalize(`/${decoded}`)
      .toLowerCase()
      .replace(/\/+$/, '')
      .replace(/\/index\.html$/, '') || '/';
  return pages.has(page) ? page : undefined;
}
