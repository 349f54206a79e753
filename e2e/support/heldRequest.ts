// Holds one of the page's requests on its way to the backend until the test lets it go, so a test sees what the page
// shows while the answer is pending (a thanks must wait for the stored row, never run ahead of it).
import type { Page, Request, Route } from '@playwright/test';

export interface HeldRequest {
  /** Resolves once the page has sent the request; it waits, unanswered, from then on. */
  sent: Promise<Request>;
  /** Lets the request go on to the backend; resolves with the page's clock (performance.now()) at that moment. */
  release(): Promise<number>;
}

/** Holds the first request that `matches`; every other request goes on as usual. */
export async function holdRequest(page: Page, matches: (request: Request) => boolean): Promise<HeldRequest> {
  let arrived: (route: Route) => void = () => undefined;
  const held = new Promise<Route>((resolve) => (arrived = resolve));
  const handler = async (route: Route) => {
    if (!matches(route.request())) return route.fallback();
    arrived(route);
  };
  await page.route('**/*', handler);
  return {
    sent: held.then((route) => route.request()),
    async release() {
      const route = await held;
      const releasedAt = await page.evaluate(() => performance.now());
      await route.continue();
      // (Unrouting first would let Playwright pass the held request on by itself.)
      await page.unroute('**/*', handler);
      return releasedAt;
    },
  };
}
