// Serves the built site as it is deployed: the shell and each section from its own folder and port.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { createPageRenderer } from './pageRenderer.mjs';
import { startStaticServer } from './staticServer.mjs';
import { sectionSecurityHeaders, shellSecurityHeaders } from './securityHeaders.mjs';
import { earlyHintsFor, sectionManifests as fetchSectionManifests } from './earlyHints.mjs';
import { shellSeo } from './shellSeo.mjs';
import { sectionFolders } from './sectionFolders.mjs';
import { sectionStylesheets } from './sectionStylesheets.mjs';
import { newsletterLinks } from './newsletterLinks.mjs';
import { pinsFile, serverBuildPins } from '../deploy/releases.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export const sitePorts = { shell: 3000, portfolio: 3001, tutorials: 3002, courses: 3003, help: 3004 };

export const backendPort = 54321;

/** The local mail catcher's web inbox and API, and its SMTP server (the ports `supabase start` gives Inbucket). */
export const mailPorts = { mailInbox: 54324, mailSmtp: 54325 };

/** The ports of a whole site moved by an offset, so several copies can run side by side (tests, helpers). */
export function sitePortsFor(offset = 0) {
  return {
    ...Object.fromEntries(Object.entries(sitePorts).map(([name, port]) => [name, port + offset])),
    backend: backendPort + offset,
    mailInbox: mailPorts.mailInbox + offset,
    mailSmtp: mailPorts.mailSmtp + offset,
  };
}

export { sectionFolders };

/**
 * A JSON file as it is now (remotes.json, section-pins.json): read again when older than a couple of seconds, so
 * pointing a section at another version (a rollback) reaches server rendering without a restart.
 */
function currentJson(file, { freshForMs = 2000, missing } = {}) {
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
 * The stylesheets of exposed modules, from their sections' browser manifests (kept a few seconds), as copies on the
 * site's own server, one file for a page (see sectionStylesheets.mjs).
 */
export function stylesheetsOf(manifestsNow, styles) {
  return async (moduleIds) => {
    const { remotes, manifests } = await manifestsNow([...new Set(moduleIds.map((id) => id.split('/')[0]))]);
    // A section whose manifest was never read (not in time, or not at all): its modules' stylesheets are unknown.
    const unknown = moduleIds.filter((id) => !manifests[id.split('/')[0]]);
    const urls = moduleIds
      .filter((id) => !unknown.includes(id))
      .flatMap((id) => {
        const [section, exposed] = id.split('/');
        return moduleStylesheets(manifests[section], exposed).map(
          (file) => new URL(file, remotes[section]).href,
        );
      });
    return { hrefs: await styles.localUrls([...new Set(urls)]), unknown };
  };
}

/** The pins of the sections served here, from their folders now (as promote would record them), by manifest URL. */
async function pinsAtStart(remotes, sectionRoots) {
  const entries = await Promise.all(
    Object.entries(sectionFolders)
      .filter(([name]) => typeof remotes[name] === 'string')
      .map(async ([name, folder]) => [
        remotes[name],
        await serverBuildPins(sectionRoots[name] ?? path.join(repoRoot, folder, 'dist')),
      ]),
  );
  const pins = Object.fromEntries(entries);
  return async () => pins;
}

/**
 * The sections' browser manifests as remotes.json says now (kept a few seconds, see earlyHints.mjs): what the hints and
 * the stylesheets read, so that they follow a promote or a rollback without a restart.
 */
function liveManifests(remotesNow) {
  const caches = new Map();
  /** @param {string[]} sections */
  return async (sections) => {
    const remotes = await remotesNow();
    const key = JSON.stringify(remotes);
    if (!caches.has(key)) {
      caches.clear();
      caches.set(key, fetchSectionManifests(remotes));
    }
    return { remotes, manifests: await caches.get(key)(sections) };
  };
}

/** The runtime configuration a site on these ports uses: where each section and the backend are. */
export function runtimeConfigFor(ports) {
  const shellDist = path.join(repoRoot, 'shell/dist');
  const siteConfig = JSON.parse(readFileSync(path.join(shellDist, 'site-config.json'), 'utf8'));
  siteConfig.supabase.url = `http://127.0.0.1:${ports.backend}`;
  const remotes = Object.fromEntries(
    Object.keys(sectionFolders).map((name) => [name, `http://localhost:${ports[name]}/mf-manifest.json`]),
  );
  return { remotes, siteConfig };
}

/** The shell's own stylesheets (the kit's tokens among them), as its pages link them. */
function shellStylesheets(shellDist) {
  const page = path.join(shellDist, 'index.html');
  if (!existsSync(page)) return [];
  return [...readFileSync(page, 'utf8').matchAll(/<link\b[^>]*>/g)]
    .filter(([tag]) => /\brel="stylesheet"/.test(tag))
    .map(([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1])
    .filter(Boolean);
}

function writeJson(dir, name, value) {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

/**
 * @param {object} [options]
 * @param {number} [options.portOffset] move every port (and the backend URL the site uses) by this much
 * @param {number} [options.backendPort] the backend the site talks to (default: the standard port plus the offset)
 * @param {Partial<Record<keyof typeof sectionFolders, string>>} [options.remotes] section -> manifest URL overrides
 * @param {Partial<Record<keyof typeof sectionFolders, string>>} [options.sectionRoots] serve a section from another folder
 * @param {{ recaptchaSiteKey?: string }} [options.siteConfig] runtime configuration to change (a moved copy only)
 * @param {boolean} [options.serverRender] render pages on the server (default: when the shell's server build exists)
 * @param {boolean} [options.pageCache] keep server-rendered pages briefly (default true)
 * @param {number} [options.slotDeadlineMs] how long a page waits for its sections (default deadlines.serverSlotMs)
 * @param {string} [options.rendererFile] the shell's server renderer (default shell/dist-server/renderer.cjs)
 * @param {string} [options.remotesFile] the live remotes.json to serve and follow (a static host's pointer,
 *   tools/deploy/releases.mjs), instead of the one made for these ports
 * @param {string} [options.previewSecret] signs preview links (default: SITE_PREVIEW_SECRET; none: no previews)
 * @param {boolean} [options.quiet]
 */
export async function serveSite({
  portOffset = 0,
  backendPort,
  remotes = {},
  sectionRoots = {},
  siteConfig: siteConfigChanges = {},
  serverRender = true,
  pageCache = true,
  slotDeadlineMs,
  rendererFile = path.join(repoRoot, 'shell/dist-server/renderer.cjs'),
  remotesFile: liveRemotesFile,
  previewSecret = process.env.SITE_PREVIEW_SECRET,
  quiet = true,
} = {}) {
  const port = sitePortsFor(portOffset);
  const shellDist = path.join(repoRoot, 'shell/dist');
  const standard = portOffset === 0 && backendPort === undefined && Object.keys(remotes).length === 0;
  // The standard site serves its built runtime configuration as deployed; a moved copy gets its own.
  const config = standard
    ? {
        remotes: JSON.parse(readFileSync(path.join(shellDist, 'remotes.json'), 'utf8')),
        siteConfig: JSON.parse(readFileSync(path.join(shellDist, 'site-config.json'), 'utf8')),
      }
    : runtimeConfigFor({ ...port, backend: backendPort ?? port.backend });
  Object.assign(config.remotes, remotes);
  Object.assign(config.siteConfig, siteConfigChanges);
  const overrides = {};
  if (!standard) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'site-config-'));
    overrides['/remotes.json'] = writeJson(dir, 'remotes.json', config.remotes);
    overrides['/site-config.json'] = writeJson(dir, 'site-config.json', config.siteConfig);
  }
  if (liveRemotesFile) overrides['/remotes.json'] = liveRemotesFile;
  const { remotes: sectionManifests, siteConfig } = config;
  const firstScreenModulesFile = path.join(shellDist, 'first-screen-modules.json');
  const firstScreenModules = existsSync(firstScreenModulesFile)
    ? JSON.parse(readFileSync(firstScreenModulesFile, 'utf8'))
    : {};
  const pageHints = async (pathname) => {
    // Pages arrive in their one spelling (pagePaths.mjs).
    const sections = (firstScreenModules[pathname] ?? []).map((module) => module.split('/')[0]);
    const { remotes, manifests } = await manifestsNow(sections);
    return earlyHintsFor(pathname, { firstScreenModules, remotes, siteConfig, manifests });
  };

  // The sitemap and the structured data made from the tables, from the shell's SEO build (absent in development).
  const seoModule = path.join(repoRoot, 'shell/dist-prerender/seo.cjs');
  const seo = existsSync(seoModule)
    ? shellSeo({ seo: createRequire(import.meta.url)(seoModule), siteConfig })
    : { routes: {}, htmlHead: undefined };

  // Server rendering (the shell's production build has it; a development build has not: pages render in the browser).
  const remotesFile = overrides['/remotes.json'] ?? path.join(shellDist, 'remotes.json');
  const liveRemotes = currentJson(remotesFile);
  const manifestsNow = liveManifests(liveRemotes);
  // What the server may run of each section: on a static host, what promote pinned beside remotes.json; for the
  // folders served here, their server builds as they are at start (a later change of a folder is not run: it is
  // promoted).
  const pins = liveRemotesFile
    ? currentJson(path.join(path.dirname(liveRemotesFile), pinsFile), { missing: {} })
    : await pinsAtStart(config.remotes, sectionRoots);
  const styles = sectionStylesheets({
    listed: async () => {
      const { remotes, manifests } = await manifestsNow(Object.keys(sectionFolders));
      return new Set(
        Object.entries(manifests).flatMap(([section, manifest]) =>
          manifestStylesheets(manifest).map((file) => new URL(file, remotes[section]).href),
        ),
      );
    },
  });
  const renderer =
    serverRender && existsSync(rendererFile)
      ? await createPageRenderer({
          rendererFile,
          siteConfig,
          remotes: liveRemotes,
          pins,
          stylesheets: stylesheetsOf(manifestsNow, styles),
          cache: pageCache,
          deadlineMs: slotDeadlineMs,
        })
      : undefined;

  const servers = [
    await startStaticServer({
      root: shellDist,
      port: port.shell,
      pages: true,
      // The site's pages, as the prerender lists them.
      pagePaths: Object.keys(firstScreenModules),
      headers: shellSecurityHeaders({ remotes: sectionManifests, siteConfig }),
      overrides,
      linkHeader: pageHints,
      htmlHead: seo.htmlHead,
      routes: seo.routes,
      generated: styles.answer,
      renderPage: renderer?.render,
      previews: { secret: previewSecret, liveRemotes },
      plugins: [newsletterLinks({ backend: siteConfig.supabase, stylesheets: shellStylesheets(shellDist) })],
      quiet,
    }),
  ];
  for (const [name, folder] of Object.entries(sectionFolders)) {
    servers.push(
      await startStaticServer({
        root: sectionRoots[name] ?? path.join(repoRoot, folder, 'dist'),
        port: port[name],
        crossOrigin: true,
        headers: sectionSecurityHeaders,
        quiet,
      }),
    );
  }
  return {
    url: `http://localhost:${port.shell}`,
    close: () => Promise.all([...servers.map((server) => server.close()), renderer?.close()]),
  };
}
