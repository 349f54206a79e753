// Section manifests the page carries (federation/runtimeConfig.ts), by URL, for the federation runtime to take
// instead of fetching them (plugins/retryPlugin.ts). No imports: the runtime's plugins are evaluated before the
// modules the apps share are ready, so they may import nothing shared; the app's code fills this in before it loads
// any section.
const carried = new Map<string, unknown>();

export function carryManifests(manifests: Record<string, unknown>): void {
  for (const [url, manifest] of Object.entries(manifests)) carried.set(url, manifest);
}

/** The manifest the page carries for this URL, or undefined. */
export function carriedManifest(url: string): unknown {
  return carried.get(url);
}
