// What the site's server knows of the sections, in one place: where each one lives now (the live remotes.json, read
// again every couple of seconds, so a promote or a rollback reaches the server without a restart) and its browser
// manifest (fetched from there, kept a few seconds, the last one given standing in while a section does not answer).
// The early hints, the Content-Security-Policy, the sections' stylesheets and the renderer all read this one view.
// (The sections' server builds are read by the renderer alone, pinned: shell/src/server/sectionServers.ts.)
import { readFile } from 'node:fs/promises';
import { deadlines } from '@site/shared-ui/deadlineTimes';

/**
 * @typedef {{
 *   exposes?: { name: string, assets: { css: { sync: string[], async: string[] } } }[],
 *   shared?: { assets?: { css?: { sync?: string[], async?: string[] } } }[],
 * }} SectionManifest
 */

/**
 * A JSON file as it is now (remotes.json, section-pins.json): read again when older than a couple of seconds.
 * @param {string} file
 * @param {{ freshForMs?: number, missing?: unknown }} [options] `missing`: the value of a file that does not exist
 */
export function currentJson(file, { freshForMs = 2000, missing } = {}) {
  let read;
  let readAt = 0;
  return async () => {
    if (!read || Date.now() - readAt >= freshForMs) {
      readAt = Date.now();
      read = readFile(file, 'utf8').then(
        (text) => JSON.parse(text),
        (error) => {
          if (missing !== undefined && error.code === 'ENOENT') return missing;
          throw error;
        },
      );
      read.catch(() => (readAt = 0));
    }
    return read;
  };
}

/**
 * The stylesheets a server-rendered module needs before its HTML is painted, from its section's browser manifest: the
 * module's own, and those of the kit's shared modules it may load (the kit's components a section uses are styled by
 * CSS that otherwise arrives only with the section's code, after the first paint, and the page would shift).
 * @param {SectionManifest | undefined} manifest
 * @param {string} exposedName
 */
export function moduleStylesheets(manifest, exposedName) {
  const expose = manifest?.exposes?.find((candidate) => candidate.name === exposedName);
  if (!expose) return [];
  const sharedCss = new Set((manifest.shared ?? []).flatMap((shared) => shared.assets?.css?.sync ?? []));
  return [
    ...new Set([...expose.assets.css.sync, ...expose.assets.css.async.filter((file) => sharedCss.has(file))]),
  ];
}

/** Every stylesheet a section's browser manifest lists (its exposed modules' and its shared modules'). */
export function manifestStylesheets(manifest) {
  const assets = [...(manifest?.exposes ?? []), ...(manifest?.shared ?? [])].map(
    (entry) => entry.assets?.css,
  );
  return [...new Set(assets.flatMap((css) => [...(css?.sync ?? []), ...(css?.async ?? [])]))];
}

/**
 * The manifests of these remotes, each fetched when asked for and kept `freshForMs`; when a section does not answer
 * in time, the last manifest it gave stands in (a page rendered meanwhile keeps its stylesheets); one that never
 * answered is missing.
 * @param {Record<string, string>} remotes
 */
function manifestsOf(remotes, freshForMs, deadlineMs) {
  /** @type {Map<string, { at: number, manifest: Promise<SectionManifest | undefined> }>} */
  const kept = new Map();
  const manifestOf = (section) => {
    const cached = kept.get(section);
    if (cached && Date.now() - cached.at < freshForMs) return cached.manifest;
    const lastKnown = cached?.manifest;
    const manifest = fetch(remotes[section], { redirect: 'error', signal: AbortSignal.timeout(deadlineMs) })
      .then((response) => {
        if (response.status < 200 || response.status > 299)
          throw new Error(`${remotes[section]} answered ${response.status}`);
        return response.json();
      })
      .catch(() => lastKnown);
    kept.set(section, { at: Date.now(), manifest });
    return manifest;
  };
  /** @param {string[]} sections */
  return async (sections) =>
    Object.fromEntries(
      await Promise.all(
        sections
          .filter((section) => Object.hasOwn(remotes, section))
          .map(async (s) => [s, await manifestOf(s)]),
      ),
    );
}

/**
 * @param {{ remotes: () => Promise<Record<string, string>>, freshForMs?: number, deadlineMs?: number }} options
 *   `remotes`: remotes.json as it is now (currentJson)
 */
export function sectionManifests({
  remotes: remotesNow,
  freshForMs = 5000,
  deadlineMs = deadlines.serverBrowserManifestMs,
}) {
  let remotesKey;
  let manifestsNow;
  /**
   * The sections' remotes and manifests now (the manifests of `sections`, default all).
   * @param {string[]} [sections]
   * @returns {Promise<{ remotes: Record<string, string>, manifests: Record<string, SectionManifest | undefined> }>}
   */
  async function current(sections) {
    const remotes = await remotesNow();
    const key = JSON.stringify(remotes);
    if (key !== remotesKey) {
      remotesKey = key;
      manifestsNow = manifestsOf(remotes, freshForMs, deadlineMs);
    }
    return { remotes, manifests: await manifestsNow(sections ?? Object.keys(remotes)) };
  }

  return {
    remotes: remotesNow,
    current,

    /** The stylesheets (URLs) the live sections' manifests list: the only ones the server fetches for a page. */
    async listedStylesheets() {
      const { remotes, manifests } = await current();
      return new Set(
        Object.entries(manifests).flatMap(([section, manifest]) =>
          manifestStylesheets(manifest).map((file) => new URL(file, remotes[section]).href),
        ),
      );
    },

    /**
     * The stylesheets of server-rendered modules ('section/Module'), as URLs on the sections' hosts, and the modules
     * whose section's manifest was never read (in time, or at all): their stylesheets are unknown, and their slots are
     * left to the browser.
     * @param {string[]} moduleIds
     */
    async moduleStylesheets(moduleIds) {
      const { remotes, manifests } = await current([...new Set(moduleIds.map((id) => id.split('/')[0]))]);
      const unknown = moduleIds.filter((id) => !manifests[id.split('/')[0]]);
      const urls = moduleIds
        .filter((id) => !unknown.includes(id))
        .flatMap((id) => {
          const [section, exposed] = id.split('/');
          return moduleStylesheets(manifests[section], exposed).map(
            (file) => new URL(file, remotes[section]).href,
          );
        });
      return { urls: [...new Set(urls)], unknown };
    },
  };
}
