// The site's fediverse account in a process of its own, as the site's server runs it (its routes, its queue's worker
// and its publisher), so a test can stop it however it likes (SIGTERM: it closes; SIGKILL: it is gone mid-work) and
// start it again. The account says what the real one says (src/seo/fediverse.ts, read from source: the tests run
// before the build). Options arrive as JSON in argv[2]; "listening <url>" on standard output says it is ready.
import { tsImport } from 'tsx/esm/api';
import { createServerApp, listen } from '../../../app.mjs';
import { clientAddressOf } from '../../../clientAddress.mjs';
import { startSiteAccount } from '../../siteAccount.mjs';

const options = JSON.parse(process.argv[2]);
const content = await tsImport('../../../../src/seo/fediverse.ts', import.meta.url);
const account = startSiteAccount({
  secretKey: options.secretKey,
  origin: options.origin,
  defaultOrigin: options.origin,
  backendUrl: options.backendUrl,
  content,
  allowPrivateAddress: options.allowPrivateAddress,
  policy: options.policy,
  queue: options.queue,
  pollIntervalMs: options.pollIntervalMs,
  limits: options.limits,
  // Behind a proxy, as the site's server reads its clients (SITE_CLIENT_IP_HEADER): options.clientAddress.
  clientOf: options.clientAddress && clientAddressOf(options.clientAddress),
});
const app = await createServerApp({ name: 'account', quiet: true });
await app.register(account.plugin);
const server = await listen(app, { port: options.port });
console.log(`listening ${server.url}`);
// The test's process is gone: so is this one.
process.on('disconnect', () => process.exit(0));
process.once('SIGTERM', async () => {
  await server.close();
  await account.close();
  process.exit(0);
});
