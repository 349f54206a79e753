// The sections' stylesheets that a server-rendered page links in its head, served by the site's own server from
// memory, as one file per page. A stylesheet in the head blocks the page's first paint until it arrives: linked from a
// section's origin, a section whose file server hangs would leave the whole page blank (Chromium waited about 20 s,
// then painted the page unstyled and shifted it when the file came). The files are content-hashed, so each is
// fetched once (with a deadline) and kept; a page links one file here holding all of them (the home page's sections
// have 15 stylesheets, most under 1 KB and the kit's repeated by each section: one request for them all instead of
// 15 on the six connections a browser opens to a server, queued ahead of the page's scripts), and its first paint
// depends only on the site's own server.
import { createHash } from 'node:crypto';

/** At most this many files are kept, and as many pages' combined files (old deployments' files go first). */
const keptFiles = 500;

const cssHeaders = {
  'Content-Type': 'text/css; charset=utf-8',
  'Cache-Control': 'public, max-age=31536000, immutable',
};

const shortHash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** Adds to a map that forgets its oldest entries past `keptFiles` (calling `forget` for each). */
function remember(map, key, value, forget) {
  map.set(key, value);
  if (map.size <= keptFiles) return;
  const [oldest] = map.keys();
  forget(map.get(oldest));
  map.delete(oldest);
}

/**
 * @param {{ deadlineMs?: number }} [options] how long a first fetch may take before the page links the original
 * @returns {{ routes: Record<string, () => Promise<{ headers: Record<string, string>, body: string }>>,
 *   localUrls: (urls: string[]) => Promise<string[]> }} routes for the site's server (they grow as files are kept)
 */
export function sectionStylesheets({ deadlineMs = 2000 } = {}) {
  /** @type {Record<string, () => Promise<{ headers: Record<string, string>, body: string }>>} */
  const routes = {};
  /** section URL -> its text, once kept (a rejected promise while it cannot be fetched) */
  const kept = new Map();
  /** the paths of the combined files served */
  const combined = new Map();

  function keep(url) {
    let text = kept.get(url);
    if (!text) {
      text = fetch(url, { signal: AbortSignal.timeout(deadlineMs) }).then(async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        // Relative references (fonts, images) still point at the section's files.
        return (await response.text()).replace(
          /url\((['"]?)(?!data:|[a-z]+:|\/\/|#)([^'")]+)\1\)/gi,
          (_, quote, reference) => `url(${quote}${new URL(reference, url).href}${quote})`,
        );
      });
      text.catch((error) => {
        console.error('[section styles] not kept, linked from the section:', error.message);
        kept.delete(url);
      });
      remember(kept, url, text, () => undefined);
    }
    return text;
  }

  /** The path of one file holding these texts in order, each once (a section's copy of the kit's is the same). */
  function combine(texts) {
    const body = [...new Set(texts)].join('\n');
    const localPath = `/section-styles/${shortHash(body)}.css`;
    if (!combined.has(localPath)) {
      routes[localPath] = async () => ({ headers: cssHeaders, body });
      remember(combined, localPath, localPath, (oldPath) => delete routes[oldPath]);
    }
    return localPath;
  }

  return {
    routes,
    /** One local file for the stylesheets kept here, then the section's own URL of each that could not be fetched. */
    async localUrls(urls) {
      const texts = await Promise.all(urls.map((url) => keep(url).catch(() => undefined)));
      const here = texts.filter((text) => text !== undefined);
      const elsewhere = urls.filter((_, index) => texts[index] === undefined);
      return here.length > 0 ? [combine(here), ...elsewhere] : elsewhere;
    },
  };
}
