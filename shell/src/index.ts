// Module Federation's async startup loads the shared modules before this runs; see module-federation.config.mjs.
// The boot script (src/boot.js) starts this file once the page has loaded. Its start is three short tasks, not one
// long one: React's code is evaluated, then the site's modules, then the page hydrates, with a yield to the browser
// between them (each is in this file's chunk: "eager" only defers evaluating it, no request is added).
import { yieldToBrowser } from '@site/shared-ui/yieldToBrowser';

async function start(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToBrowser();
  const { startSite } = await import(/* webpackMode: "eager" */ './bootstrap.tsx');
  await yieldToBrowser();
  startSite();
}

void start();
