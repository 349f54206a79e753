// What the apps in a page share (Module Federation's share scope, `window.__FEDERATION__`): one scope, filled by the
// shell, which hands its federation runtime to the sections. Read once the code of the sections concerned has run.
import { expect, type Page } from '@playwright/test';

export interface SharedVersion {
  from: string;
  loaded?: boolean;
  useIn?: string[];
}

type ShareScopes = Record<string, Record<string, Record<string, Record<string, SharedVersion>>>>;

/** The modules of the shell's share scope (module -> version -> where from), and the page's federation instances. */
export async function shareScope(
  page: Page,
): Promise<{ scope: Record<string, Record<string, SharedVersion>>; scopes: string[]; instances: string[] }> {
  const { share, instances } = await page.evaluate(() => {
    const { __SHARE__, __INSTANCES__ } = (
      window as unknown as { __FEDERATION__: { __SHARE__: ShareScopes; __INSTANCES__: { name: string }[] } }
    ).__FEDERATION__;
    return { share: __SHARE__, instances: __INSTANCES__.map((instance) => instance.name) };
  });
  return { scope: share['shell:1.0.0']?.default ?? {}, scopes: Object.keys(share), instances };
}

/** What holds state is one instance in the page, the shell's: the router through the kit's facade. */
export const statefulSingletons = [
  'react',
  'react-dom',
  '@site/shared-ui/router',
  'zustand',
  '@site/shared-ui/eventBus',
];

/** Each stateful singleton comes in one version only, the shell's, loaded. */
export function expectOneOfEachSingleton(scope: Record<string, Record<string, SharedVersion>>): void {
  for (const singleton of statefulSingletons) {
    const versions = Object.values(scope[singleton] ?? {});
    expect(
      versions.map((version) => [version.from, version.loaded]),
      singleton,
    ).toEqual([['shell', true]]);
  }
}
