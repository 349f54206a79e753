// The runtime configuration the browser reads: /remotes.json as it is now (a promote or a rollback shows at once; a
// browser with a preview gets its own, never kept by a cache) and /site-config.json.
/**
 * @type {import('fastify').FastifyPluginAsync<{
 *   remotes: () => Promise<Record<string, string>>,
 *   siteConfig: object,
 *   previewRemotes: (request: import('fastify').FastifyRequest) => Promise<Record<string, string> | undefined>,
 * }>}
 */
export async function runtimeConfig(app, { remotes, siteConfig, previewRemotes }) {
  const siteConfigText = JSON.stringify(siteConfig);
  app.get('/remotes.json', async (request, reply) => {
    const previewed = await previewRemotes(request);
    if (previewed) return reply.header('Cache-Control', 'private, no-store').send(previewed);
    return reply.header('Cache-Control', 'no-cache').send(await remotes());
  });
  app.get('/site-config.json', (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(siteConfigText),
  );
}
