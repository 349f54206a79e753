// The sections' server builds, as the shell's server loads them through Module Federation for Node. Where each
// section lives is runtime configuration (remotes.json: its browser build's mf-manifest.json); its server build sits
// beside it (server/mf-manifest.json). A section team redeploys by replacing its folder: the server checks each
// section's server manifest (no-cache, at most every few seconds) and, when it changed, registers the section again
// under a new entry URL, which is what makes the federation runtime load the new build without a restart
// (notes/mf-ssr.md). The old build's modules stay in memory until the process restarts.
// Section code runs with the server's privileges, so only pinned code runs: the deploy's promote recorded the SHA-384
// of every file of the version's server build (section-pins.json, beside remotes.json). The server fetches each file
// itself (no redirect followed, 2xx only, the entry inside the manifest's folder, a size cap) and uses it only if
// every byte matches; the federation runtime loads those verified bytes from a loopback server of this process, never
// from the section's host. Anything else leaves the section's slots to the browser, and the log says why.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteComponentModule } from '../federation/remoteModuleTypes.ts';
import { deadlines } from '@site/shared-ui/deadlines';
import { textHash } from '../../server/markup.cjs';

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

/** Section -> pinned files of a version: browser manifest URL -> { "server/remoteEntry.js": "sha384-…" }. */
export type SectionPins = Record<string, Record<string, string>>;

/** The largest file of a server build fetched. */
const maxFileBytes = 8 * 1024 * 1024;

/** The Subresource Integrity value of bytes (sha384-…). */
export function integrityOf(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** A file of a server build, fetched and checked against its pinned hash; rejects with why it is refused. */
export async function fetchPinned(
  url: string,
  pinned: string | undefined,
  deadlineMs: number,
): Promise<Buffer> {
  if (!pinned) throw new Error(`${url} is not pinned (promote records its hash)`);
  const response = await fetch(url, {
    headers: { 'Cache-Control': 'no-cache' },
    redirect: 'error',
    signal: AbortSignal.timeout(deadlineMs),
  });
  if (response.status < 200 || response.status > 299) throw new Error(`${url} answered ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxFileBytes) throw new Error(`${url} is larger than ${maxFileBytes} bytes`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > maxFileBytes) throw new Error(`${url} is larger than ${maxFileBytes} bytes`);
  if (integrityOf(bytes) !== pinned)
    throw new Error(`${url} does not match the hash promote pinned: refused`);
  return bytes;
}

/**
 * The entry's path from the manifest's folder ("server/remoteEntry.js"), or a rejection when the manifest names one
 * outside that folder (another host, a parent folder, a query).
 */
export function entryWithinFolder(
  manifestUrl: string,
  entry: { name?: string; path?: string } | undefined,
  browserManifestUrl: string,
): string {
  const written = `${entry?.path ?? ''}${entry?.name ?? 'remoteEntry.js'}`;
  const folder = new URL('./', manifestUrl).href;
  const url = new URL(written, manifestUrl);
  if (/^[a-z][a-z0-9+.-]*:|^\/|^\\/i.test(written) || url.search || url.hash || !url.href.startsWith(folder))
    throw new Error(`${manifestUrl} names an entry outside its folder (${written}): refused`);
  return url.href.slice(new URL('./', browserManifestUrl).href.length);
}

interface VerifiedBuild {
  /** The folder of the version's browser manifest on the section's host. */
  base: string;
  pins: Record<string, string>;
  /** Files fetched and verified (or being), by path from the base. */
  files: Map<string, Promise<Buffer>>;
  refused: (reason: string) => void;
}

/**
 * The server builds as this process's federation runtime loads them: from a loopback server of its own, which
 * answers a file only once it is fetched from the section's host and matches its pinned hash (each file once, as the
 * runtime asks for it); anything else is a 404 or a 502, and the runtime's load fails.
 */
class VerifiedFiles {
  private readonly builds = new Map<string, VerifiedBuild>();
  private listening: Promise<number> | undefined;

  /** A build's folder here (/<key>/), for its entry URL; `files` are those verified already. */
  async keep(key: string, build: Omit<VerifiedBuild, 'files'>, files: Map<string, Buffer>): Promise<string> {
    const verified = new Map([...files].map(([file, bytes]) => [file, Promise.resolve(bytes)]));
    this.builds.set(key, { ...build, files: verified });
    return `http://127.0.0.1:${await this.port()}/${key}/`;
  }

  private async answer(urlPath: string): Promise<Buffer | undefined> {
    const [, section, version, ...rest] = urlPath.split('/');
    const build = this.builds.get(`${section}/${version}`);
    const file = rest.join('/');
    if (!build || !Object.hasOwn(build.pins, file) || !file.endsWith('.js')) return undefined;
    let bytes = build.files.get(file);
    if (!bytes) {
      bytes = fetchPinned(new URL(file, build.base).href, build.pins[file], deadlines.sectionFilesMs);
      build.files.set(file, bytes);
      bytes.catch((error: unknown) => {
        build.files.delete(file);
        build.refused(error instanceof Error ? error.message : String(error));
      });
    }
    return bytes;
  }

  private port(): Promise<number> {
    this.listening ??= new Promise((resolve, reject) => {
      const server = createServer((request, response) => {
        this.answer((request.url ?? '').split('?')[0] ?? '').then(
          (bytes) =>
            bytes
              ? response
                  .writeHead(200, { 'Content-Type': 'text/javascript', 'Content-Length': bytes.length })
                  .end(bytes)
              : response.writeHead(404).end(),
          () => response.writeHead(502).end(),
        );
      });
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        // Never what keeps the process alive.
        server.unref();
        resolve((server.address() as { port: number }).port);
      });
    });
    return this.listening;
  }
}

interface SectionState {
  manifestUrl: string;
  /** It replaced another build of the section (remotes.json moved), so pages that showed the section are stale. */
  moved?: boolean;
  version?: string;
  checkedAt?: number;
  checking?: Promise<void>;
  /** Why the last check refused the build (until the next check is due). */
  refused?: Error;
}

export interface SectionServersOptions {
  /** remotes.json as it is now (section name -> browser mf-manifest.json URL). */
  remotes: () => Promise<Record<string, string>>;
  /** section-pins.json as it is now (see SectionPins). */
  pins: () => Promise<SectionPins>;
  /** How often a section's server manifest is read again (a redeploy shows within this). */
  checkIntervalMs?: number;
  /** Called when a section's server build changed (the lead's page cache forgets the pages it rendered). */
  onRedeploy?: (section: string) => void;
  log?: (line: string) => void;
}

export class SectionServers {
  private readonly sections = new Map<string, SectionState>();
  private readonly verified = new VerifiedFiles();

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
    const interval = this.options.checkIntervalMs ?? 2000;
    // A refused build is not fetched again on every page: the refusal stands until the next check is due.
    if (!registered && state.refused && !isDueForCheck(state.checkedAt, Date.now(), interval))
      throw state.refused;
    const due = !registered || isDueForCheck(state.checkedAt, Date.now(), interval);
    if (!state.checking && due) {
      const checking = this.check(section, state, browserManifest).finally(() => {
        if (state.checking === checking) state.checking = undefined;
      });
      state.checking = checking;
      if (registered) {
        // Logged by check(); the build verified before keeps serving.
        checking.catch(() => undefined);
      }
    }
    // A registered build serves while its manifest is read again (a slow section host never holds up a page); only
    // the first registration is waited for.
    if (registered) return;
    return state.checking;
  }

  private async check(section: string, state: SectionState, browserManifest: string): Promise<void> {
    try {
      await this.register(section, state, browserManifest);
      state.refused = undefined;
    } catch (error) {
      state.checkedAt = Date.now();
      state.refused = error instanceof Error ? error : new Error(String(error));
      this.options.log?.(
        `[server render] ${section}: server build refused (${state.version === undefined ? 'its slots render in the browser' : 'the build verified before keeps serving'}): ${state.refused.message}`,
      );
      throw state.refused;
    }
  }

  private async register(section: string, state: SectionState, browserManifest: string): Promise<void> {
    const pins = (await this.options.pins())[browserManifest];
    if (!pins) throw new Error(`${browserManifest} has no pinned hashes (promote records them)`);
    const manifestBytes = await fetchPinned(
      state.manifestUrl,
      pins['server/mf-manifest.json'],
      deadlines.serverManifestMs,
    );
    const text = manifestBytes.toString('utf8');
    const version = manifestVersion(text);
    state.checkedAt = Date.now();
    if (version === state.version) return;
    const manifest = JSON.parse(text) as { metaData?: { remoteEntry?: { name?: string; path?: string } } };
    const entry = entryWithinFolder(state.manifestUrl, manifest.metaData?.remoteEntry, browserManifest);
    // The entry is verified before it is registered; the chunks as the runtime asks for them.
    const entryBytes = await fetchPinned(
      new URL(entry, browserManifest).href,
      pins[entry],
      deadlines.sectionFilesMs,
    );
    const folder = await this.verified.keep(
      `${section}/${version}`,
      {
        base: new URL('./', browserManifest).href,
        pins,
        refused: (reason) =>
          this.options.log?.(
            `[server render] ${section}: server build refused (a slot renders in the browser): ${reason}`,
          ),
      },
      new Map([[entry, entryBytes]]),
    );
    const entryUrl = new URL(entry, folder).href;
    const first = state.version === undefined;
    // Always forced: the federation runtime is one per process, and whatever registered this section before (an
    // older build) must give way to this build.
    registerRemotes([{ name: section, entry: entryUrl }], { force: true });
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

  /**
   * Checks every known section in the background at the check interval, so that a redeploy or a promotion reaches the
   * pages kept from it (onRedeploy) without waiting for one of them to be rendered again. Returns what stops it.
   */
  watch(): () => void {
    const timer = setInterval(() => {
      for (const section of this.sections.keys()) void this.current(section).catch(() => undefined);
    }, this.options.checkIntervalMs ?? 2000);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The version of each section's server build registered now (for logs and tests). */
  versions(): Record<string, string | undefined> {
    return Object.fromEntries([...this.sections].map(([name, state]) => [name, state.version]));
  }
}
