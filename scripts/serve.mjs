// Serves the built site and its backend, as `npm start` does after building. Used by `npm start` and by the
// end-to-end tests (with --fresh-backend: a throwaway copy of the seeded database).
//   node scripts/serve.mjs [--fresh-backend] [--quiet]      SITE_PORT_OFFSET=N moves every port by N
import { parseArgs } from 'node:util';
import { serveSite, sitePortsFor } from '../tools/serve/serveSite.mjs';
import { startBackend } from './backend.mjs';

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
  Backend:       ${backend.url}  (local Supabase stand-in)
  Stop with Ctrl+C.
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await site.close();
  await backend.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
