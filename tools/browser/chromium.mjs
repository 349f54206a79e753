// Chromium as our machines have it (Debian's package; Playwright's own browser download is not available), for the
// end-to-end tests and the benchmark alike.
export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, reproducible Chromium in a container: no sandbox (root), no GPU, nothing fetched in the background. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
