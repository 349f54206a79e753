// Serves the built site and its backend, as `npm start` does after building. Used by `npm start` and by the
// end-to-end tests (with --fresh-backend: a throwaway copy of the seeded database).
//   node scripts/serve.mjs [--fresh-backend] [--quiet]      SITE_PORT_OFFSET=N moves every port by N
import { parseArgs } from 'node:util';
import { serveSite, sitePortsFor } from '../tools/serve/serveSite.mjs';
import { startBackend } from './backend.mjs';
import { oneLife } from './oneLife.mjs';

const { values } = parseArgs({
  options: {
    'fresh-backend': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});
const portOffset = Number(process.env.SITE_PORT_OFFSET ?? 0);
const ports = sitePortsFor(portOffset);

const backend = await startBackend({
  port: ports.backend,
  fresh: values['fresh-backend'],
  quiet: values.quiet,
});
const site = await serveSite({ portOffset, quiet: values.quiet });

console.log(`
  The site:      ${site.url}
  Sections:      portfolio :${ports.portfolio}  tutorials :${ports.tutorials}  courses :${ports.courses}  help :${ports.help}
  Backend:       ${backend.url}  (local Supabase stand-in, pid ${backend.pid})
  Stop with Ctrl+C.
`);

oneLife([
  { name: 'the site servers', stop: () => site.close() },
  { name: `the backend (pid ${backend.pid})`, stop: () => backend.stop(), exited: backend.exited },
]);
