// Previews (../previews.mjs says what they are): /__preview?token=… starts one for this browser (an HttpOnly cookie),
// /__preview/end ends it. The rest of the server asks `remotesFor(request)` whether a request comes from a browser
// with a valid preview, and which remotes it then gets.
import { previewCookie, previewLifetimeMs, previewRemotes, previewToken, readPreview } from '../previews.mjs';

/**
 * @param {{ secret?: string, remotes: () => Promise<Record<string, string>> }} options without a secret, no previews
 *   (fail closed); `remotes`: remotes.json as it is now
 */
export function previews({ secret, remotes }) {
  /** The remotes of this browser's preview, when it has a valid one. */
  async function remotesFor(request) {
    if (!secret) return undefined;
    const preview = readPreview(previewToken(request.headers.cookie), secret);
    return preview ? previewRemotes(await remotes(), preview) : undefined;
  }

  const cookie = (value, maxAgeSeconds) =>
    `${previewCookie}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;

  /** @type {import('fastify').FastifyPluginAsync} */
  async function plugin(app) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
    });
    app.get('/__preview', async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const preview = secret ? readPreview(token, secret) : undefined;
      if (!preview || !previewRemotes(await remotes(), preview)) {
        return reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send('This preview link is not valid, or it has expired. Ask for a new one.');
      }
      const maxAge = Math.max(
        0,
        Math.floor(Math.min(preview.expiresAt - Date.now(), previewLifetimeMs) / 1000),
      );
      return reply.code(303).header('Set-Cookie', cookie(token, maxAge)).header('Location', '/').send();
    });
    app.get('/__preview/end', async (_request, reply) =>
      reply.code(303).header('Set-Cookie', cookie('', 0)).header('Location', '/').send(),
    );
  }

  return { plugin, remotesFor };
}
