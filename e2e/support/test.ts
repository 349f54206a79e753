// The suite's `test`: Playwright's, except how a visitor's stored values reach the page. A storage state with local
// storage (the visitor who saw the pop-up, support/visitor.ts) is written by Playwright through a page it opens in
// every new context to visit each origin first: 0.2 s of CPU and a renderer process per test on this machine. Here the
// context gets the state's cookies as before, and its local storage is written by an init script as each page of that
// origin starts, before the site's own scripts, for every key not already set (what the test itself stored stays).
import { test as base, type BrowserContextOptions } from '@playwright/test';

export * from '@playwright/test';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
type Origins = StorageState['origins'];

/** The local storage taken out of a context's options, by those options. */
const localStorageOf = new WeakMap<BrowserContextOptions, Origins>();

/** In the page: the stored values of its origin that are not there yet. */
function seedLocalStorage(origins: Origins) {
  const mine = origins.find((origin) => origin.origin === window.location.origin);
  for (const { name, value } of mine?.localStorage ?? [])
    if (window.localStorage.getItem(name) === null) window.localStorage.setItem(name, value);
}

// `_combinedContextOptions` is the fixture Playwright makes every context of a test from (the config's `use`, the
// spec's `test.use`, in the version package.json pins); its local storage is taken out here and written by `context`.
export const test = base.extend<{ _combinedContextOptions: BrowserContextOptions }>({
  _combinedContextOptions: async ({ _combinedContextOptions: options }, run) => {
    const state = options.storageState;
    if (typeof state !== 'object' || state.origins.length === 0) return run(options);
    const withCookiesOnly = { ...options, storageState: { ...state, origins: [] } };
    localStorageOf.set(withCookiesOnly, state.origins);
    await run(withCookiesOnly);
  },
  context: async ({ context, _combinedContextOptions }, run) => {
    const origins = localStorageOf.get(_combinedContextOptions);
    if (origins) await context.addInitScript(seedLocalStorage, origins);
    await run(context);
  },
});
