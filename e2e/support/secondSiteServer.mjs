// A second site's servers in a process of their own (support/secondSite.ts starts it): a section's server code loads
// through Module Federation's runtime, which is one per process, so two sites in one process would share the sections
// they registered (one site could render another's build, or never load its own). Options arrive as the first message;
// the site's URL is the answer; "close" closes it and ends the process, as does the test's process going away.
import { serveSite } from '../../shell/server/serveSite.mjs';

process.once('message', async (options) => {
  try {
    const site = await serveSite(options);
    process.on('message', async (message) => {
      if (message !== 'close') return;
      await site.close();
      process.disconnect();
    });
    process.send({ url: site.url });
  } catch (error) {
    process.send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.disconnect();
  }
});
// The test's process ended (or closed the site): nothing is left listening.
process.on('disconnect', () => process.exit(0));
