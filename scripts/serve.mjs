// Serves the built site, its backend and the mail catcher the backend sends to, as `npm start` does after building.
// Used by `npm start` and by the end-to-end tests (with --fresh-backend: a throwaway copy of the seeded database).
//   node scripts/serve.mjs [--fresh-backend] [--backend-data DIR] [--quiet]      SITE_PORT_OFFSET=N moves every port by N
//   --backend-data: the folder of the backend's persisted data (default supabase/.local)
import { parseArgs } from 'node:util';
import { serveSite, sitePortsFor } from '../shell/server/serveSite.mjs';
import { backendDataDir, startBackend } from './backend.mjs';
import { localMailAddresses, localMailEnv, startMailCatcher } from './mailCatcher.mjs';
import { oneLife } from './oneLife.mjs';

const { values } = parseArgs({
  options: {
    'fresh-backend': { type: 'boolean', default: false },
    'backend-data': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});
const portOffset = Number(process.env.SITE_PORT_OFFSET ?? 0);
const ports = sitePortsFor(portOffset);

const mail = await startMailCatcher({ smtpPort: ports.mailSmtp, webPort: ports.mailInbox });
const backend = await startBackend({
  port: ports.backend,
  fresh: values['fresh-backend'],
  dataDir: backendDataDir('start', values['backend-data']),
  quiet: values.quiet,
  env: localMailEnv(mail, `http://localhost:${ports.shell}`),
}).catch(async (error) => {
  await mail.stop();
  throw error;
});
const site = await serveSite({ portOffset, fediverse: true, quiet: values.quiet });

// One life from here on, before the banner: whoever reads the banner may stop the launcher at once (SIGTERM).
oneLife([
  { name: 'the site servers', stop: () => site.close() },
  { name: 'the mail catcher', stop: () => mail.stop() },
  { name: `the backend (pid ${backend.pid})`, stop: () => backend.stop(), exited: backend.exited },
]);

console.log(`
  The site:      ${site.url}
  Sections:      portfolio :${ports.portfolio}  tutorials :${ports.tutorials}  courses :${ports.courses}  help :${ports.help}
  Backend:       ${backend.url}  (local Supabase stand-in, pid ${backend.pid})
  Mail:          ${mail.inboxUrl}  (every mail the site sends; the owner's are to ${localMailAddresses.owner})
  Stop with Ctrl+C.
`);
