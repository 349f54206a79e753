// The stylesheets that a server-rendered page links in its head, served by the site's own server as one file per page:
// the frame's own (the shell's build, read from its folder) and its sections'. A page whose sections are rendered
// links that one file in place of the frame's, so its first paint waits for one stylesheet, not two (the prerendered
// page, with no section rendered, links the frame's as it is). A stylesheet in the head blocks the page's first paint
// until it arrives: linked from a section's
// origin, a section whose file server hangs would leave the whole page blank (Chromium waited about 20 s, then painted
// the page unstyled and shifted it when the file came). One file for all of them: the home page's sections have 15
// stylesheets, most under 1 KB and the kit's repeated by each section, and 15 requests queue on the six connections a
// browser opens to a server, ahead of the page's scripts.
// The files are content-hashed, so each is fetched once (with a deadline) and kept. The combined file's name lists
// the files it holds (compressed), so that any instance of the site's server can answer it, not only the one that
// rendered the page (behind a load balancer, or after a restart). Only files the live sections' manifests list are
// ever fetched (no query, fragment or credentials in a name), without following redirects, a few at a time and each
// capped in size; a file that could not be fetched is not asked for again for a few seconds.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { deadlines } from '@site/shared-ui/deadlineTimes';

/** At most this many files are kept (old deployments' files go first). */
const keptFiles = 500;
/** At most this many stylesheets in one combined file, and this long a name. */
const filesPerPage = 64;
const longestPath = 4096;
/** The largest stylesheet fetched, how many fetches at once, and how long a failure is remembered. */
const maxFileBytes = 512 * 1024;
const maxFetches = 4;
const failureMs = 10_000;

/** A section's stylesheets are content-hashed (webpack's `[name].[contenthash:10].css`), and only those are asked for. */
const hashedStylesheet = /\/[\w.-]+\.[0-9a-f]{10}\.css$/;

export const sectionStylesPrefix = '/section-styles/';

const cssHeaders = {
  'Content-Type': 'text/css; charset=utf-8',
  'Cache-Control': 'public, max-age=31536000, immutable',
};

/** The path of the combined file of these stylesheets (their URLs, in order). */
function combinedPath(urls) {
  return `${sectionStylesPrefix}${deflateRawSync(JSON.stringify(urls)).toString('base64url')}.css`;
}

/** The shell's own stylesheets are named by their path on the site (`/main.<hash>.css`), the sections' by URL. */
const isShellPath = (name) => name.startsWith('/') && !name.startsWith('//');

/**
 * A stylesheet served from another address than its own: its relative references (fonts, images) still point where
 * they did, resolved by `resolve`.
 */
function withReferencesResolved(css, resolve) {
  return css.replace(
    /url\((['"]?)(?!data:|[a-z]+:|\/\/|#)([^'")]+)\1\)/gi,
    (_, quote, reference) => `url(${quote}${resolve(reference)}${quote})`,
  );
}

/** A reference of the shell's stylesheet at `sitePath`, as a path on the site. */
function sitePathOf(reference, sitePath) {
  const url = new URL(reference, new URL(sitePath, 'http://site.invalid'));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The stylesheets a combined file's path names (the shell's as paths, the sections' as URLs), or undefined. */
function namedUrls(pathname) {
  if (
    !pathname.startsWith(sectionStylesPrefix) ||
    !pathname.endsWith('.css') ||
    pathname.length > longestPath
  )
    return undefined;
  try {
    const name = Buffer.from(pathname.slice(sectionStylesPrefix.length, -'.css'.length), 'base64url');
    const urls = JSON.parse(inflateRawSync(name, { maxOutputLength: longestPath * 16 }).toString('utf8'));
    if (!Array.isArray(urls) || urls.length === 0 || urls.length > filesPerPage) return undefined;
    if (!urls.every((url) => typeof url === 'string')) return undefined;
    const sectionUrls = urls.filter((url) => !isShellPath(url));
    const parsed = sectionUrls.map((url) => new URL(url));
    // Exactly as a manifest gives it: no query, fragment or credentials, nothing a parser would rewrite.
    if (
      parsed.some(
        (url, index) =>
          url.href !== sectionUrls[index] || url.search || url.hash || url.username || url.password,
      )
    )
      return undefined;
    return urls;
  } catch {
    return undefined;
  }
}

/** The body of an answer, or a rejection past `maxBytes`. */
async function cappedText(response, url, maxBytes) {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw new Error(`${url} is too large`);
  const chunks = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) throw new Error(`${url} is too large`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * @param {{ deadlineMs?: number, listed?: () => Promise<Set<string>>, shell?: { hrefs: string[], root: string } }}
 *   [options] how long a first fetch may take before the page links the original; the stylesheets (URLs) the live
 *   sections' manifests list now, the only ones ever fetched; the shell's own stylesheets as its pages link them
 *   (paths on the site) and the folder they are in, the only files ever read
 */
export function sectionStylesheets({
  deadlineMs = deadlines.serverStylesheetMs,
  listed = async () => new Set(),
  shell = { hrefs: [], root: '' },
} = {}) {
  /** section URL -> its text, once kept (a rejected promise while it cannot be fetched, for failureMs) */
  const kept = new Map();
  let fetching = 0;
  const waiting = [];
  async function limited(task) {
    while (fetching >= maxFetches) await new Promise((resolve) => waiting.push(resolve));
    fetching += 1;
    try {
      return await task();
    } finally {
      fetching -= 1;
      waiting.shift()?.();
    }
  }

  function keep(url) {
    let text = kept.get(url);
    if (!text && isShellPath(url)) {
      // One of the shell's own, from its build's folder (answer() reads only those the shell's pages link).
      text = readFile(path.join(shell.root, url), 'utf8').then((css) =>
        withReferencesResolved(css, (reference) => sitePathOf(reference, url)),
      );
      text.catch(() => kept.get(url) === text && kept.delete(url));
      kept.set(url, text);
    } else if (!text) {
      text = limited(() =>
        fetch(url, { redirect: 'error', signal: AbortSignal.timeout(deadlineMs) }).then(async (response) => {
          if (response.status < 200 || response.status > 299)
            throw new Error(`${url} answered ${response.status}`);
          return cappedText(response, url, maxFileBytes);
        }),
      ).then((css) => withReferencesResolved(css, (reference) => new URL(reference, url).href));
      text.catch((error) => {
        console.error('[section styles] not kept, linked from the section:', error.message);
        // Remembered briefly: a missing file is not fetched again on every request.
        setTimeout(() => kept.get(url) === text && kept.delete(url), failureMs).unref();
      });
      kept.set(url, text);
      if (kept.size > keptFiles) kept.delete(kept.keys().next().value);
    }
    return text;
  }

  return {
    /**
     * A page's stylesheets for these sections' (URLs): one combined file here holding the shell's own and those that
     * could be fetched, then the section's URL of each other one. `carriesShell` says the combined file holds the
     * shell's own, so the page links it in their place.
     */
    async pageUrls(urls) {
      const fetched = await Promise.all(
        urls.map((url) =>
          keep(url).then(
            () => true,
            () => false,
          ),
        ),
      );
      const here = urls.filter((_, index) => fetched[index]);
      const elsewhere = urls.filter((_, index) => !fetched[index]);
      if (here.length === 0) return { hrefs: elsewhere, carriesShell: false };
      return {
        hrefs: [combinedPath([...shell.hrefs, ...here]), ...elsewhere],
        carriesShell: shell.hrefs.length > 0,
      };
    },

    /**
     * The answer to a request for a combined file: undefined for a path that names none (or a file the live sections'
     * manifests do not list); a rejection when a file it names cannot be fetched now.
     */
    async answer(pathname) {
      const urls = namedUrls(pathname);
      if (!urls) return undefined;
      const allowed = await listed();
      const known = (url) =>
        isShellPath(url)
          ? shell.hrefs.includes(url)
          : allowed.has(url) && hashedStylesheet.test(new URL(url).pathname);
      if (!urls.every(known)) return undefined;
      const texts = await Promise.all(urls.map((url) => keep(url)));
      return { headers: cssHeaders, body: [...new Set(texts)].join('\n') };
    },
  };
}
