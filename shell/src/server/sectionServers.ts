// The sections' server builds, as the shell's server loads them through Module Federation for Node. Where each
// section lives is runtime configuration (remotes.json: its browser build's mf-manifest.json); its server build sits
// beside it (server/mf-manifest.json). A section team redeploys by replacing its folder: the server checks each
// section's server manifest (no-cache, at most every few seconds) and, when it changed, registers the section again
// under a new entry URL, which is what makes the federation runtime load the new build without a restart
// (notes/mf-ssr.md). The old build's modules stay in memory until the process restarts.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteComponentModule } from '../federation/remoteModuleTypes.ts';
import { deadlines } from '@site/shared-ui/deadlines';
import { textHash } from '@site/tools/serve/markup';

/** Where a section's server build is, from where its browser build is. */
export function serverManifestUrl(browserManifestUrl: string): string {
  return new URL('server/mf-manifest.json', browserManifestUrl).href;
}

/** A short fingerprint of a manifest: any change of the build (a chunk's content hash) changes it. */
export function manifestVersion(manifestText: string): string {
  return textHash(manifestText);
}

/** Whether a section's manifest should be read again before this render. */
export function isDueForCheck(checkedAt: number | undefined, now: number, intervalMs: number): boolean {
  return checkedAt === undefined || now - checkedAt >= intervalMs;
}

interface SectionState {
  manifestUrl: string;
  /** It replaced another build of the section (remotes.json moved), so pages that showed the section are stale. */
  moved?: boolean;
  version?: string;
  checkedAt?: number;
  checking?: Promise<void>;
}

export interface SectionServersOptions {
  /** remotes.json as it is now (section name -> browser mf-manifest.json URL). */
  remotes: () => Promise<Record<string, string>>;
  /** How often a section's server manifest is read again (a redeploy shows within this). */
  checkIntervalMs?: number;
  /** Called when a section's server build changed (the lead's page cache forgets the pages it rendered). */
  onRedeploy?: (section: string) => void;
  log?: (line: string) => void;
}

export class SectionServers {
  private readonly sections = new Map<string, SectionState>();

  constructor(private readonly options: SectionServersOptions) {}

  /** Makes sure the section's newest server build is registered; rejects when it cannot be found. */
  private async current(section: string): Promise<void> {
    const remotes = await this.options.remotes();
    const browserManifest = remotes[section];
    if (!browserManifest) throw new Error(`remotes.json lists no section "${section}"`);
    const manifestUrl = serverManifestUrl(browserManifest);
    let state = this.sections.get(section);
    if (!state || state.manifestUrl !== manifestUrl) {
      // remotes.json points the section elsewhere (a promotion, a rollback): like a redeploy once registered.
      state = { manifestUrl, moved: state !== undefined };
      this.sections.set(section, state);
    }
    const registered = state.version !== undefined;
    const due =
      !registered || isDueForCheck(state.checkedAt, Date.now(), this.options.checkIntervalMs ?? 2000);
    if (!state.checking && due) {
      const checking = this.check(section, state).finally(() => {
        if (state.checking === checking) state.checking = undefined;
      });
      state.checking = checking;
      if (registered) {
        checking.catch((error: unknown) =>
          this.options.log?.(
            `[server render] ${section}: manifest check failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      }
    }
    // A registered build serves while its manifest is read again (a slow section host never holds up a page); only
    // the first registration is waited for.
    if (registered) return;
    return state.checking;
  }

  private async check(section: string, state: SectionState): Promise<void> {
    const response = await fetch(state.manifestUrl, {
      headers: { 'Cache-Control': 'no-cache' },
      signal: AbortSignal.timeout(deadlines.serverManifestMs),
    });
    if (!response.ok) throw new Error(`${state.manifestUrl} answered ${response.status}`);
    const text = await response.text();
    const manifest = JSON.parse(text) as { metaData?: { remoteEntry?: { name?: string; path?: string } } };
    const version = manifestVersion(text);
    state.checkedAt = Date.now();
    if (version === state.version) return;
    const entry = manifest.metaData?.remoteEntry;
    const entryUrl = new URL(`${entry?.path ?? ''}${entry?.name ?? 'remoteEntry.js'}`, state.manifestUrl);
    entryUrl.searchParams.set('v', version);
    const first = state.version === undefined;
    // Always forced: the federation runtime is one per process, and whatever registered this section before (an
    // older build, or another site served from the same process in the tests) must give way to this build.
    registerRemotes([{ name: section, entry: entryUrl.href }], { force: true });
    state.version = version;
    if (!first || state.moved) {
      this.options.log?.(`[server render] ${section}: a new server build (${version}), registered again`);
      this.options.onRedeploy?.(section);
    }
  }

  /** The exposed module ('portfolio/PortfolioPage') from the section's current server build. */
  async load(moduleId: string): Promise<RemoteComponentModule> {
    const section = moduleId.split('/')[0] ?? '';
    await this.current(section);
    const module = await loadRemote<RemoteComponentModule>(moduleId);
    if (!module || (typeof module.default !== 'function' && typeof module.default !== 'object')) {
      throw new Error(`${moduleId} has no component to render`);
    }
    return module;
  }

  /** The version of each section's server build registered now (for logs and tests). */
  versions(): Record<string, string | undefined> {
    return Object.fromEntries([...this.sections].map(([name, state]) => [name, state.version]));
  }
}
