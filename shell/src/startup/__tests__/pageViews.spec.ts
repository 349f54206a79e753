import { readFileSync } from 'node:fs';
import path from 'node:path';

// The page's count of itself as the page runs it: inlined in the head of every page by the shell's build. It sends
// nothing before the first contentful paint, one beacon for the page after it (with the referring host and the
// campaign), one for each page moved to, none for a search on the same page, and one at most when the page is left
// before its paint.
const source = readFileSync(path.join(__dirname, '../../pageViews.js'), 'utf8');

type PaintCallback = (
  entries: { getEntriesByName: (name: string) => unknown[] },
  observer: { disconnect(): void },
) => void;

let beacons: { url: string; body: Record<string, string> }[];
let paint: PaintCallback | undefined;

function runPageViews(address: string, referrer = ''): void {
  // The count before this one let go of (its listeners stay, but have counted their page already: see the order below).
  delete (window.history as unknown as Record<string, unknown>).pushState;
  window.history.replaceState(null, '', address);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  document.head.innerHTML = `<script type="application/json" id="runtime-config">${JSON.stringify({
    siteConfig: { supabase: { url: 'https://backend.example/', publishableKey: 'sb_publishable_k' } },
  })}</script>`;
  beacons = [];
  paint = undefined;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0,
  });
  class Observer {
    static supportedEntryTypes = ['paint'];
    constructor(callback: PaintCallback) {
      paint = callback;
    }
    observe() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'PerformanceObserver', { configurable: true, value: Observer });
  const script = document.createElement('script');
  script.setAttribute('data-config', 'runtime-config');
  Object.defineProperty(document, 'currentScript', { configurable: true, value: script });
  new Function(source)();
}

const painted = (names: string[]) => {
  paint?.({ getEntriesByName: (name) => (names.includes(name) ? [{}] : []) }, { disconnect() {} });
  return new Promise((resolve) => setTimeout(resolve, 0));
};

describe("the page's count of itself", () => {
  // The page moved through first: a count's popstate listener outlives its test.
  it('counts each page moved to, never a search on the same page, and the back button', async () => {
    runPageViews('/');
    await painted(['first-contentful-paint']);
    window.history.pushState(null, '', '/about');
    window.history.pushState(null, '', '/about?q=x');
    window.history.pushState(null, '', '/courses');
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    expect(beacons.map((beacon) => beacon.body)).toEqual([
      { path: '/' },
      { path: '/about' },
      { path: '/courses' },
      { path: '/about' },
    ]);
  });

  it('sends nothing before the first contentful paint, then the page with its source and campaign', async () => {
    runPageViews(
      '/courses?utm_source=Newsletter&utm_campaign=december&q=rust',
      'https://www.news.example/a/b?c=d',
    );
    await painted(['first-paint']);
    expect(beacons).toEqual([]);
    await painted(['first-paint', 'first-contentful-paint']);
    expect(beacons).toEqual([
      {
        url: 'https://backend.example/functions/v1/page-views?apikey=sb_publishable_k',
        body: {
          path: '/courses',
          referrer: 'www.news.example',
          utm_source: 'Newsletter',
          utm_campaign: 'december',
        },
      },
    ]);
  });

  it('counts a page left before its paint once', async () => {
    runPageViews('/help');
    window.dispatchEvent(new Event('pagehide'));
    await painted(['first-contentful-paint']);
    expect(beacons.map((beacon) => beacon.body)).toEqual([{ path: '/help' }]);
  });
});
