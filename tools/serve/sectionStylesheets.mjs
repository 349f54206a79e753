// The sections' stylesheets that a server-rendered page links in its head, served by the site's own server from
// memory. A stylesheet in the head blocks the page's first paint until it arrives: linked from a section's origin,
// a section whose file server hangs would leave the whole page blank (Chromium waited about 20 s, then painted the
// page unstyled and shifted it when the file came). The files are content-hashed, so each is fetched once (with a
// deadline) and kept; a page links the copy here, and its first paint depends only on the site's own server.
import { createHash } from 'node:crypto';

/** At most this many files are kept (old deployments' files go first). */
const keptFiles = 500;

/**
 * @param {{ deadlineMs?: number }} [options] how long a first fetch may take before the page links the original
 * @returns {{ routes: Record<string, () => Promise<{ headers: Record<string, string>, body: string }>>,
 *   localUrls: (urls: string[]) => Promise<string[]> }} routes for the site's server (they grow as files are kept)
 */
export function sectionStylesheets({ deadlineMs = 2000 } = {}) {
  /** @type {Record<string, () => Promise<{ headers: Record<string, string>, body: string }>>} */
  const routes = {};
  /** section URL -> the path here, once kept (undefined while it cannot be fetched) */
  const kept = new Map();

  function keep(url) {
    let local = kept.get(url);
    if (!local) {
      local = fetch(url, { signal: AbortSignal.timeout(deadlineMs) }).then(async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        // Relative references (fonts, images) still point at the section's files.
        const body = (await response.text()).replace(
          /url\((['"]?)(?!data:|[a-z]+:|\/\/|#)([^'")]+)\1\)/gi,
          (_, quote, reference) => `url(${quote}${new URL(reference, url).href}${quote})`,
        );
        const name = new URL(url).pathname.split('/').pop() ?? 'style.css';
        const localPath = `/section-styles/${createHash('sha256').update(url).digest('hex').slice(0, 12)}-${name}`;
        routes[localPath] = async () => ({
          headers: {
            'Content-Type': 'text/css; charset=utf-8',
            'Cache-Control': 'public, max-age=31536000, immutable',
          },
          body,
        });
        return localPath;
      });
      local.catch((error) => {
        console.error('[section styles] not kept, linked from the section:', error.message);
        kept.delete(url);
      });
      kept.set(url, local);
      if (kept.size > keptFiles) {
        const [oldest] = kept.keys();
        kept
          .get(oldest)
          ?.then((oldPath) => delete routes[oldPath])
          .catch(() => undefined);
        kept.delete(oldest);
      }
    }
    return local;
  }

  return {
    routes,
    localUrls: (urls) => Promise.all(urls.map((url) => keep(url).catch(() => url))),
  };
}
