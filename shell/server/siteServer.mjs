// The site's server: what a Node host runs in production (docs/hosting.md). One Fastify app made of plugins, one job
// each: security headers, the runtime configuration, previews, the newsletter links' pages, the fediverse account
// (./fediverse/), the newsletter's archive, generated routes (the sitemap, the feeds, the sections' stylesheets), the
// pages (rendered and kept), and the shell's static files. The sections stay
// on their own (static) hosts; what the server knows of them comes from one view (./sectionManifests.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { siteBackend } from '@site/shared-ui/backendKey';
import { jsonScriptHtml, runtimeConfigElementId } from '@site/shared-ui/jsonScript';
import { createServerApp } from './app.mjs';
import { clientAddressOf } from './clientAddress.mjs';
import { earlyHintsFor } from './earlyHints.mjs';
import { checkNodeRuntime } from './nodeRuntime.mjs';
import { createPageRenderer } from './pageRenderer.mjs';
import { pageViewImageHtml } from './pageViewImage.mjs';
import { currentJson, sectionManifests } from './sectionManifests.mjs';
import { sectionStylesheets, sectionStylesPrefix } from './sectionStylesheets.mjs';
import { shellSeo } from './shellSeo.mjs';
import { generatedRoutes } from './plugins/generatedRoutes.mjs';
import { newsletterArchive } from './plugins/newsletterArchive.mjs';
import { newsletterLinks } from './plugins/newsletterLinks.mjs';
import { pages } from './plugins/pages.mjs';
import { previews } from './plugins/previews.mjs';
import { runtimeConfig } from './plugins/runtimeConfig.mjs';
import { inlineScriptHashes, liveShellSecurityHeaders, securityHeaders } from './plugins/securityHeaders.mjs';
import { staticFiles } from './plugins/staticFiles.mjs';

const readJson = (file, fallback) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : fallback);

/** The shell's home page as built: every page has its head (stylesheets, boot script). */
function shellPage(shellDist) {
  const page = path.join(shellDist, 'index.html');
  return existsSync(page) ? readFileSync(page, 'utf8') : '';
}

/** The shell's own stylesheets (the kit's tokens among them), as its pages link them. */
function shellStylesheets(shellDist) {
  return [...shellPage(shellDist).matchAll(/<link\b[^>]*>/g)]
    .filter(([tag]) => /\brel="stylesheet"/.test(tag))
    .map(([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1])
    .filter(Boolean);
}

/** A page's early hints, made again at most once a second (they follow remotes.json). */
function pageHints({ firstScreenModules, sections, siteConfig }) {
  const made = new Map();
  return async (page) => {
    const kept = made.get(page);
    if (kept && Date.now() - kept.at < 1000) return kept.hints;
    const remotes = await sections.remotes();
    const hints = earlyHintsFor(page, { firstScreenModules, remotes, siteConfig });
    if (firstScreenModules[page]) made.set(page, { at: Date.now(), hints });
    return hints;
  };
}

/**
 * The runtime configuration a page carries, so that no request stands between the page's code and its sections: the
 * remotes (a preview's, for a browser with one), the site configuration and the manifests of the sections on the
 * page's first screen, by URL (the federation runtime takes them from there: federation/carriedManifests.ts).
 * Made again at most once a second per page, and at once when remotes.json changed; `id` changes with it.
 */
function pageRuntimeConfig({ firstScreenModules, sections, siteConfig }) {
  const made = new Map();
  let lastId = 0;
  async function make(page, previewRemotes) {
    const { remotes, manifests } = await sections.current(
      (firstScreenModules[page] ?? []).map((module) => module.split('/')[0]),
    );
    const used = previewRemotes ?? remotes;
    const byUrl = Object.fromEntries(
      Object.entries(manifests)
        .filter(([section, manifest]) => manifest && used[section] === remotes[section])
        .map(([section, manifest]) => [remotes[section], manifest]),
    );
    lastId += 1;
    return {
      id: lastId,
      html: jsonScriptHtml(runtimeConfigElementId, { remotes: used, siteConfig, manifests: byUrl }),
    };
  }
  return async (page, previewRemotes) => {
    if (previewRemotes) return make(page, previewRemotes);
    // Paths that are no page (the not-found page) share one.
    const key = firstScreenModules[page] ? page : '';
    // Never older than remotes.json as the renderer reads it: the page's HTML and its configuration name one version.
    const remotes = await sections.remotes();
    const kept = made.get(key);
    if (kept && kept.remotes === remotes && Date.now() - kept.at < 1000) return kept.config;
    const config = await make(key);
    made.set(key, { at: Date.now(), remotes, config });
    return config;
  };
}

/**
 * The site's server, not yet listening (`app.listen`); `close` stops it and its renderer.
 * @param {object} options
 * @param {string} options.shellDist the shell's build (static files, prerendered pages, first-screen-modules.json)
 * @param {{ supabase: { url: string, publishableKey?: string, anonKey?: string }, recaptchaSiteKey?: string }}
 *   options.siteConfig site-config.json (its backend read by siteBackend: a key written as "anonKey" counts too)
 * @param {string} options.remotesFile the live remotes.json (read again every 2 s)
 * @param {() => Promise<Record<string, Record<string, string>>>} options.pins section-pins.json as it is now
 * @param {string} [options.rendererFile] the shell's server build (none: pages are their prerendered files)
 * @param {string} [options.seoFile] the shell's SEO build (none: no sitemap, feeds, newsletter archive or structured
 *   data from the tables)
 * @param {boolean} [options.pageCache] keep rendered pages (default true)
 * @param {number} [options.slotDeadlineMs] how long a page waits for its sections (default deadlines.serverSlotMs)
 * @param {number} [options.pageFreshMs] how long a kept page is fresh (default pageCacheTimes.freshMs)
 * @param {string} [options.previewSecret] signs preview links (none: no previews)
 * @param {string[]} [options.connectSources] more sources the pages may connect to (contentSecurityPolicy)
 * @param {{ header?: string, trustedHops?: number }} [options.clientAddress] where a request's client is read
 *   (clientAddress.mjs; none: the socket's address)
 * @param {typeof import('./renderLimits.mjs').renderLimits} [options.renderLimits] the renders in flight and per client
 * @param {import('./fediverse/siteAccount.mjs').FediverseOptions} [options.fediverse] the fediverse account (needs the
 *   SEO build and the backend's secret key: without either, it is off)
 * @param {boolean} [options.quiet]
 */
export async function createSiteServer({
  shellDist,
  siteConfig: writtenSiteConfig,
  remotesFile,
  pins,
  rendererFile,
  seoFile,
  pageCache = true,
  slotDeadlineMs,
  pageFreshMs,
  previewSecret,
  connectSources,
  clientAddress,
  renderLimits,
  fediverse,
  quiet = true,
}) {
  // A Node.js past its end of life, or one the site is not tested on, is said as the server starts.
  checkNodeRuntime();
  // What the server reads with, embeds in pages and serves as /site-config.json: the backend's publishable key.
  const siteConfig = { ...writtenSiteConfig, supabase: siteBackend(writtenSiteConfig.supabase) };
  const firstScreenModules = readJson(path.join(shellDist, 'first-screen-modules.json'), {});
  const remotes = currentJson(remotesFile);
  const sections = sectionManifests({ remotes });
  const styles = sectionStylesheets({
    listed: () => sections.listedStylesheets(),
    shell: { hrefs: shellStylesheets(shellDist), root: shellDist },
  });
  const seoModules = seoFile && existsSync(seoFile) ? createRequire(import.meta.url)(seoFile) : undefined;
  const seo = seoModules ? shellSeo({ seo: seoModules, siteConfig }) : { routes: {}, htmlHead: undefined };
  const renderer =
    rendererFile && existsSync(rendererFile)
      ? await createPageRenderer({
          rendererFile,
          siteConfig,
          remotes,
          pins,
          stylesheets: async (moduleIds) => {
            const { urls, unknown } = await sections.moduleStylesheets(moduleIds);
            return { ...(await styles.pageUrls(urls)), unknown };
          },
          cache: pageCache,
          deadlineMs: slotDeadlineMs,
          freshMs: pageFreshMs,
          limits: renderLimits,
        })
      : undefined;
  const preview = previews({ secret: previewSecret, remotes });
  // Who is asking, as the platform in front vouches (clientAddress.mjs): the renders' and the inbox's limits.
  const clientOf = clientAddressOf(clientAddress);
  const sitePages = pages({
    root: shellDist,
    // The site's pages, as the prerender lists them.
    pagePaths: Object.keys(firstScreenModules),
    renderer,
    headTags: seo.htmlHead,
    hints: pageHints({ firstScreenModules, sections, siteConfig }),
    runtimeConfig: pageRuntimeConfig({ firstScreenModules, sections, siteConfig }),
    previewRemotes: preview.remotesFor,
    clientOf,
    pageViewImage: (page) => pageViewImageHtml(siteConfig.supabase, page),
  });

  const app = await createServerApp({ name: 'shell', quiet, notFound: sitePages.notFound });
  await app.register(securityHeaders, {
    headers: liveShellSecurityHeaders({
      remotes,
      siteConfig,
      scriptHashes: inlineScriptHashes(shellPage(shellDist)),
      connectSources,
    }),
  });
  await app.register(runtimeConfig, { remotes, siteConfig, previewRemotes: preview.remotesFor });
  await app.register(preview.plugin);
  await app.register(
    newsletterLinks({ backend: siteConfig.supabase, stylesheets: shellStylesheets(shellDist) }),
  );
  // Loaded only when it is on: Fedify needs Node 22 or newer.
  const account =
    seoModules && fediverse?.secretKey
      ? (await import('./fediverse/siteAccount.mjs')).startSiteAccount({
          ...fediverse,
          clientOf,
          defaultOrigin: seoModules.siteUrl,
          backendUrl: siteConfig.supabase.url,
          content: seoModules,
        })
      : undefined;
  if (account) {
    await app.register(account.plugin);
    app.addHook('onClose', async () => account.close());
  } else if (fediverse && !fediverse.secretKey) {
    console.log(
      '[fediverse] off: the site server has no secret key of the backend (SUPABASE_SECRET_KEY, docs/hosting.md)',
    );
  }
  if (seoModules) {
    await app.register(
      newsletterArchive({
        seo: seoModules,
        content: seo.content,
        backend: siteConfig.supabase,
        stylesheets: shellStylesheets(shellDist),
      }),
    );
  }
  await app.register(generatedRoutes, {
    made: seo.routes,
    styles: { prefix: sectionStylesPrefix, answer: styles.answer },
  });
  await app.register(sitePages.plugin);
  await app.register(staticFiles, { root: shellDist, htmlFiles: false });
  app.addHook('onClose', async () => renderer?.close());
  return app;
}
