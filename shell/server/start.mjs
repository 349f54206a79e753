// The site's server alone, as a Node host runs it in production (docs/hosting.md): the shell's build, its renderer
// and the live runtime configuration; the sections stay on their static hosts and the backend is the hosted Supabase
// project that site-config.json names. Never the local stand-in.
//   node shell/server/start.mjs       PORT (3000), HOST (0.0.0.0), SITE_REMOTES_FILE (shell/dist/remotes.json, with
//                                     promote's section-pins.json beside it), SITE_PREVIEW_SECRET (none: no previews),
//                                     SUPABASE_SECRET_KEY (the fediverse account's; none: the account is off),
//                                     SITE_FEDIVERSE_ORIGIN (the site's own address, default the owner's site URL),
//                                     SITE_CLIENT_IP_HEADER and SITE_CLIENT_IP_TRUSTED_HOPS (behind a proxy: where it
//                                     writes the visitor's address; unset: the socket's, see clientAddress.mjs)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pinsFile } from '@site/tools/deploy/releases';
import { listen } from './app.mjs';
import { clientAddressFromEnv } from './clientAddress.mjs';
import { currentJson } from './sectionManifests.mjs';
import { createSiteServer } from './siteServer.mjs';

const shell = path.resolve(import.meta.dirname, '..');
const shellDist = path.join(shell, 'dist');
const remotesFile = path.resolve(process.env.SITE_REMOTES_FILE ?? path.join(shellDist, 'remotes.json'));
const app = await createSiteServer({
  shellDist,
  siteConfig: JSON.parse(readFileSync(path.join(shellDist, 'site-config.json'), 'utf8')),
  remotesFile,
  // Only what promote pinned runs on the server: no pins file, no section code (its slots render in the browser).
  pins: currentJson(path.join(path.dirname(remotesFile), pinsFile), { missing: {} }),
  rendererFile: path.join(shell, 'dist-server/renderer.cjs'),
  seoFile: path.join(shell, 'dist-prerender/seo.cjs'),
  previewSecret: process.env.SITE_PREVIEW_SECRET,
  clientAddress: clientAddressFromEnv(),
  fediverse: {
    secretKey: process.env.SUPABASE_SECRET_KEY,
    origin: process.env.SITE_FEDIVERSE_ORIGIN,
  },
  quiet: false,
});
const server = await listen(app, {
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '0.0.0.0',
});
console.log(`The site's server: ${server.url} (Node.js ${process.version})`);
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => server.close().then(() => process.exit(0)));
