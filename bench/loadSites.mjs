// The two sites bench:load drives, in a process of their own (so the load generator never shares their event loop
// and their memory is theirs): the site as npm start serves it, behind a proxy that it trusts to name each client
// (X-Forwarded-For, as a CDN in front would: the bench speaks for many clients from one machine), and a copy without
// the page cache that renders every request, with no limit per client (it measures the renderer). For each page measured, the page as the server sends it is also written as a static file of the shell's
// build (precompressed, as the build's own files are), the reference a cached page is compared with: the same bytes
// from the same server's file route. Prints one JSON line when ready; removes the files when stopped.
//   node bench/loadSites.mjs <port offset> <backend port> <page>...
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { renderLimits } from '../shell/server/renderLimits.mjs';
import { repoRoot, serveSite } from '../shell/server/serveSite.mjs';

const [offset, backendPort, ...pagePaths] = process.argv.slice(2);
const portOffset = Number(offset);
const site = await serveSite({
  portOffset,
  backendPort: Number(backendPort),
  clientAddress: { header: 'x-forwarded-for' },
});
const uncachedSite = await serveSite({
  portOffset: portOffset + 5,
  backendPort: Number(backendPort),
  pageCache: false,
  renderLimits: { ...renderLimits, perClient: undefined },
});

// One folder per port offset: bench:load may run sites on two Node.js releases side by side.
const referenceDir = path.join(repoRoot, `shell/dist/bench-reference-${portOffset}`);
mkdirSync(referenceDir, { recursive: true });
const references = {};
for (const page of pagePaths) {
  // Rendered whole (the server warms up in the background): asked until it is.
  let html = '';
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${site.url}${page}`);
    html = await response.text();
    if (response.headers.get('x-page-render')?.startsWith('cache-fresh')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const name = `${page === '/' ? 'home' : page.slice(1).replace(/\//g, '-')}.txt`;
  writeFileSync(path.join(referenceDir, name), html);
  writeFileSync(
    path.join(referenceDir, `${name}.br`),
    brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  references[page] = `/${path.basename(referenceDir)}/${name}`;
}

const stop = async () => {
  rmSync(referenceDir, { recursive: true, force: true });
  await Promise.all([site.close(), uncachedSite.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
console.log(JSON.stringify({ site: site.url, uncachedSite: uncachedSite.url, references }));
