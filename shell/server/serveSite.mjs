// Serves the built site as it is deployed, on this machine: the site's server (siteServer.mjs) and each section's
// files from its own folder and port, as its static host would. Used by `npm start`, `npm run dev`, the tests and the
// benchmarks.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { pinsFile, serverBuildPins } from '@site/tools/deploy/releases';
import { sectionFolders } from '@site/tools/deploy/sectionFolders';
import { createServerApp, listen } from './app.mjs';
import { clientAddressFromEnv } from './clientAddress.mjs';
import { currentJson } from './sectionManifests.mjs';
import { createSiteServer } from './siteServer.mjs';
import { sectionSecurityHeaders, securityHeaders } from './plugins/securityHeaders.mjs';
import { staticFiles } from './plugins/staticFiles.mjs';

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

/** The origins of the site on this machine's port: a browser may open it by either name of the loopback. */
export function siteOrigins(shellPort) {
  return [`http://localhost:${shellPort}`, `http://127.0.0.1:${shellPort}`];
}

/** The pins of the sections served here, from their folders now (as promote would record them), by manifest URL. */
async function pinsAtStart(remotes, sectionRoots, buildFolder) {
  const entries = await Promise.all(
    Object.entries(sectionFolders)
      .filter(([name]) => typeof remotes[name] === 'string')
      .map(async ([name, folder]) => [
        remotes[name],
        await serverBuildPins(sectionRoots[name] ?? path.join(repoRoot, folder, buildFolder)),
      ]),
  );
  const pins = Object.fromEntries(entries);
  return async () => pins;
}

/**
 * The fediverse account of a site on this machine: at the site's local address, with the local backend's secret key,
 * and allowed to reach servers on this machine (the tests' followers), which production never is.
 * @param {string} origin
 * @param {true | object} settings
 */
async function localFediverse(origin, settings) {
  const { LOCAL_SECRET_KEY } = await tsImport('@site/supabase-local/keys', import.meta.url);
  return {
    secretKey: LOCAL_SECRET_KEY,
    origin,
    allowPrivateAddress: true,
    ...(settings === true ? {} : settings),
  };
}

/** The runtime configuration a site on these ports uses: where each section and the backend are. */
export function runtimeConfigFor(ports, shellDist = path.join(repoRoot, 'shell/dist')) {
  const siteConfig = JSON.parse(readFileSync(path.join(shellDist, 'site-config.json'), 'utf8'));
  siteConfig.supabase.url = `http://127.0.0.1:${ports.backend}`;
  const remotes = Object.fromEntries(
    Object.keys(sectionFolders).map((name) => [name, `http://localhost:${ports[name]}/mf-manifest.json`]),
  );
  return { remotes, siteConfig };
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
 * @param {number} [options.pageFreshMs] how long a kept page is fresh (default 10 s: a test whose kept page must not
 *   expire while it waits for the server to render it again by itself)
 * @param {string} [options.remotesFile] the live remotes.json to serve and follow (a static host's pointer,
 *   tools/deploy/releases.mjs), instead of the one made for these ports
 * @param {string} [options.rendererFile] the shell's server build (default shell/dist-server/renderer.cjs)
 * @param {string} [options.buildFolder] the apps' build folders to serve (default dist; `npm run dev`: dist-dev)
 * @param {string} [options.previewSecret] signs preview links (default: SITE_PREVIEW_SECRET; none: no previews)
 * @param {string[]} [options.connectSources] more sources the pages may connect to (`npm run dev`: its dev servers)
 * @param {{ header?: string, trustedHops?: number }} [options.clientAddress] where a request's client is read
 *   (default: SITE_CLIENT_IP_HEADER and SITE_CLIENT_IP_TRUSTED_HOPS; unset: the socket's address)
 * @param {typeof import('./renderLimits.mjs').renderLimits} [options.renderLimits] the renders in flight and per client
 * @param {boolean} [options.privateSections] the sections' files answer the site's own origins only, not any website
 *   (`npm run dev`: its builds carry full source maps of unpublished code)
 * @param {boolean | Partial<import('./fediverse/siteAccount.mjs').FediverseOptions>} [options.fediverse] the site's
 *   fediverse account, on this machine's address, with the local backend's secret key (default off; `npm start` turns
 *   it on); an object changes its settings (tests)
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
  pageFreshMs,
  remotesFile: liveRemotesFile,
  rendererFile = path.join(repoRoot, 'shell/dist-server/renderer.cjs'),
  buildFolder = 'dist',
  previewSecret = process.env.SITE_PREVIEW_SECRET,
  connectSources,
  privateSections = false,
  clientAddress = clientAddressFromEnv(),
  renderLimits,
  fediverse = false,
  quiet = true,
} = {}) {
  const port = sitePortsFor(portOffset);
  const shellDist = path.join(repoRoot, 'shell', buildFolder);
  const standard = portOffset === 0 && backendPort === undefined && Object.keys(remotes).length === 0;
  // The standard site serves its built runtime configuration as deployed; a moved copy gets its own.
  const config = standard
    ? {
        remotes: JSON.parse(readFileSync(path.join(shellDist, 'remotes.json'), 'utf8')),
        siteConfig: JSON.parse(readFileSync(path.join(shellDist, 'site-config.json'), 'utf8')),
      }
    : runtimeConfigFor({ ...port, backend: backendPort ?? port.backend }, shellDist);
  Object.assign(config.remotes, remotes);
  Object.assign(config.siteConfig, siteConfigChanges);
  // The standard site follows its built remotes.json; a moved copy, one made for its ports.
  const remotesFile =
    liveRemotesFile ??
    (standard
      ? path.join(shellDist, 'remotes.json')
      : writeJson(mkdtempSync(path.join(os.tmpdir(), 'site-config-')), 'remotes.json', config.remotes));
  // What the server may run of each section: on a static host, what promote pinned beside remotes.json; for the
  // folders served here, their server builds as they are at start (a later change of a folder is not run: it is
  // promoted).
  const pins = liveRemotesFile
    ? currentJson(path.join(path.dirname(liveRemotesFile), pinsFile), { missing: {} })
    : await pinsAtStart(config.remotes, sectionRoots, buildFolder);
  const site = await createSiteServer({
    shellDist,
    siteConfig: config.siteConfig,
    remotesFile,
    pins,
    rendererFile: serverRender ? rendererFile : undefined,
    seoFile: path.join(repoRoot, 'shell/dist-prerender/seo.cjs'),
    pageCache,
    slotDeadlineMs,
    pageFreshMs,
    previewSecret,
    connectSources,
    clientAddress,
    renderLimits,
    fediverse: fediverse ? await localFediverse(`http://localhost:${port.shell}`, fediverse) : undefined,
    quiet,
  });
  const servers = [await listen(site, { port: port.shell })];
  for (const [name, folder] of Object.entries(sectionFolders)) {
    const section = await createServerApp({ name, quiet });
    await section.register(securityHeaders, { headers: sectionSecurityHeaders });
    await section.register(staticFiles, {
      root: sectionRoots[name] ?? path.join(repoRoot, folder, buildFolder),
      crossOrigin: true,
      origins: privateSections ? siteOrigins(port.shell) : undefined,
    });
    servers.push(await listen(section, { port: port[name] }));
  }
  return {
    url: `http://localhost:${port.shell}`,
    close: () => Promise.all(servers.map((server) => server.close())),
  };
}
