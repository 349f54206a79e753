// The shell's server render (built by webpack.server.mjs into dist-server/renderer.cjs, which the site's server
// requires). For each request: the page's slots are loaded from the sections' current server builds with their data
// (loadPageSections, within a deadline), then React renders the page as a stream; the site's server puts it into the
// prerendered page's document (composePage): its head (title, description, share tags) gains the rendered sections'
// stylesheets, its root the rendered page, and after the root comes the page's data as a JSON data block, from which
// the browser hydrates. Every slot
// renders synchronously (its module is loaded already), so no Suspense boundary completes late and every boundary is
// written in place: React needs no inline script, which the Content-Security-Policy would block.
import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from '@site/shared-ui/staticRouter';
import { pageDataHtml, SectionDataContext, type PageData } from '@site/shared-ui/sectionData';
import { configureSupabase, type SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import { deadlines } from '@site/shared-ui/deadlines';
import { escapeHtml } from '../../server/markup.cjs';
import { socketWithDeadline } from '@site/shared-ui/tableChanges';
import { ServerRenderContext } from '../federation/ServerRenderContext.ts';
import { SiteApp } from '../site/SiteApp.tsx';
import { findSitePage, sitePages } from '../site/sitePages.ts';
import { loadPageSections } from './loadPageSections.ts';
import { withKeptFrame } from './keptFrame.ts';
import { composePage, type RenderedParts } from './pageDocument.ts';
import { SectionServers, type SectionPins } from './sectionServers.ts';

// The site's server follows the tables its pages were read from with the same deadlines as a browser does.
export { deadlines, socketWithDeadline };

export interface RendererOptions {
  siteConfig: { supabase: SupabaseRuntimeConfig };
  /** remotes.json as it is now. */
  remotes: () => Promise<Record<string, string>>;
  /** section-pins.json as it is now: only a section build whose every file matches runs here. */
  pins: () => Promise<SectionPins>;
  /**
   * The stylesheets (URLs) of these modules, from their sections' browser manifests, and the modules whose manifest
   * could not be read (their stylesheets are unknown). `carriesShell`: the first holds the shell's own stylesheets
   * too, and takes the place of the document's links to them.
   */
  stylesheets: (
    moduleIds: string[],
  ) => Promise<{ hrefs: string[]; unknown: string[]; carriesShell?: boolean }>;
  /** How long a page waits for its sections and their data; those not ready render in the browser. */
  deadlineMs?: number;
  /** A section's server build changed (the page cache forgets what it rendered). */
  onRedeploy?: (section: string) => void;
  log?: (line: string) => void;
}

export interface RenderedPage extends RenderedParts {
  /** The page inside its root, as React streams it. */
  root: Readable;
  /** The slots rendered here; the others are left to the browser (with why). */
  rendered: string[];
  skipped: Record<string, string>;
  /** The tables the page's data came from (a change to one of them makes the page stale). */
  tables: string[];
}

export function createRenderer({
  siteConfig,
  remotes,
  pins,
  stylesheets,
  deadlineMs = deadlines.serverSlotMs,
  onRedeploy,
  log = (line) => console.log(line),
}: RendererOptions) {
  // The kit's backend: the same for every request (rows' picture addresses, loaders' default).
  configureSupabase(siteConfig.supabase);
  const servers = new SectionServers({ remotes, pins, onRedeploy, log });

  /**
   * @param pathname the page asked for
   * @param options.search the page's query as the sections read it: its search, in its canonical spelling (see
   *   @site/shared-ui/searchAddress), or '' for none
   * @param options.background nobody waits for this render (it refreshes the cache): its slots get the longer deadline
   * @param options.frame false: the slots alone, in their places, the frame's parts left empty (for a page whose frame
   *   is kept: keptFrame.ts)
   * @returns undefined for a path that is not one of the site's pages (its file is served as it is)
   */
  async function render(
    pathname: string,
    {
      search = '',
      background = false,
      frame = true,
    }: { search?: string; background?: boolean; frame?: boolean } = {},
  ): Promise<RenderedPage | undefined> {
    const page = findSitePage(pathname);
    if (!page) return undefined;
    const modules = page.slots.map((slot) => slot.module);
    const loaded = await loadPageSections({
      modules,
      address: { path: page.path, search },
      load: (moduleId) => servers.load(moduleId),
      backend: siteConfig.supabase,
      deadlineMs: background ? Math.max(deadlineMs, deadlines.serverBackgroundSlotMs) : deadlineMs,
    });
    // A slot is rendered here only with its stylesheets in the head: painted without them, it would move when its
    // section's code brings them (a section's manifest not read in time, or at all, leaves its slots to the browser).
    const styles = await stylesheets([...loaded.components.keys()]).catch((error: unknown) => ({
      hrefs: [],
      unknown: [...loaded.components.keys()],
      why: error instanceof Error ? error.message : String(error),
    }));
    for (const moduleId of styles.unknown) {
      loaded.components.delete(moduleId);
      loaded.skipped.set(moduleId, `its stylesheets are unknown${'why' in styles ? `: ${styles.why}` : ''}`);
    }
    for (const [moduleId, reason] of loaded.skipped) {
      log(`[server render] ${pathname}: ${moduleId} left to the browser (${reason})`);
    }
    const rendered = [...loaded.components.keys()];
    const pageData: PageData = { rendered, data: loaded.data };
    const headHtml = styles.hrefs
      .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`)
      .join('');

    const root = new PassThrough();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((resolve, reject) => {
      // A render that never completes (a component that suspends forever) is aborted: the root fails, and with it
      // this render, whoever reads it or not.
      timer = setTimeout(() => {
        const late = new Error(`${pathname}: not rendered within ${deadlines.serverRenderMs} ms`);
        react.abort(late);
        root.destroy(late);
        reject(late);
      }, deadlines.serverRenderMs);
      root.on('close', () => clearTimeout(timer));
      const react = renderToPipeableStream(
        <StaticRouter location={`${pathname}${search}`}>
          <ServerRenderContext value={{ rendered: new Set(rendered), components: loaded.components, frame }}>
            <SectionDataContext value={loaded.data}>
              <SiteApp />
            </SectionDataContext>
          </ServerRenderContext>
        </StaticRouter>,
        {
          // Every boundary inline, however large: React would otherwise move big ones after the page and reveal them
          // with an inline script, which the Content-Security-Policy blocks.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onShellReady() {
            react.pipe(root);
            resolve();
          },
          onShellError(error) {
            clearTimeout(timer);
            reject(error);
          },
          onError(error) {
            log(
              `[server render] ${pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
            );
          },
        },
      );
    });
    return {
      headHtml,
      replacesDocumentStylesheets: 'carriesShell' in styles && styles.carriesShell === true,
      root,
      dataHtml: pageDataHtml(pageData),
      rendered,
      skipped: Object.fromEntries(loaded.skipped),
      tables: [...loaded.tables],
    };
  }

  /**
   * Loads every section module the site's pages show, so the first visitors after a start find them ready (a cold
   * load can take longer than a page's deadline). Failures are left for the pages to report.
   */
  async function warm(): Promise<void> {
    const modules = new Set(sitePages.flatMap((page) => page.slots.map((slot) => slot.module)));
    await Promise.allSettled([...modules].map((moduleId) => servers.load(moduleId)));
  }

  return {
    render,
    composePage,
    withKeptFrame,
    warm,
    /** Follows the sections' builds in the background (see SectionServers.watch); returns what stops it. */
    watch: () => servers.watch(),
    versions: () => servers.versions(),
  };
}
