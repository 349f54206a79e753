// Reads the page's event bus from the outside, as a test: the bus is the shared-ui module that Module Federation
// shares as a singleton, so the instance in the global share scope is the one every section publishes on.
import type { Page } from '@playwright/test';

export interface RecordedEvent {
  name: string;
  [value: string]: string;
}

declare global {
  interface Window {
    __recordedBusEvents?: RecordedEvent[];
  }
}

/** Starts recording every event published on the page's bus from now on. */
export async function recordBusEvents(page: Page): Promise<() => Promise<RecordedEvent[]>> {
  // The app starts once the page has loaded (shell/src/boot.js): its shared modules are all in only once the frame
  // has hydrated (#root data-hydrated); before that the bus may be registered while what it needs (zustand) is not.
  await page.waitForFunction(() => {
    const share = (window as unknown as { __FEDERATION__?: { __SHARE__?: object } }).__FEDERATION__
      ?.__SHARE__;
    return (
      document.getElementById('root')?.hasAttribute('data-hydrated') === true &&
      JSON.stringify(Object.keys(share ?? {})).length > 2
    );
  });
  await page.evaluate(async () => {
    type Shared = { loaded?: boolean; lib?: () => unknown; get?: () => Promise<() => unknown> };
    const share = (
      window as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const versions = Object.values(share)
      .map((scopes) => scopes.default?.['@site/shared-ui/eventBus'])
      .find((entry) => entry !== undefined);
    const shared = versions && Object.values(versions)[0];
    if (!shared) throw new Error('The page has no shared event bus');
    const bus = (shared.lib ? shared.lib() : (await shared.get!())()) as {
      subscribeToEvents: (listener: (event: RecordedEvent) => void) => () => void;
    };
    window.__recordedBusEvents = [];
    bus.subscribeToEvents((event) => window.__recordedBusEvents!.push(event));
  });
  return () => page.evaluate(() => window.__recordedBusEvents ?? []);
}
