// Answers the server makes rather than reads from a file: /sitemap.xml and the feeds (/feeds/*.xml) from the tables
// (../shellSeo.mjs) and the sections' stylesheets as one file per page, /section-styles/<name>.css
// (../sectionStylesheets.mjs). When what an answer is made from cannot be read now, the answer is 503 and the server
// goes on serving.
import { loggedTarget } from '../app.mjs';

const tryAgainLater = (reply) => reply.code(503).type('text/plain; charset=utf-8').send('Try again later');

/**
 * @type {import('fastify').FastifyPluginAsync<{
 *   made?: Record<string, () => Promise<{ headers: Record<string, string>, body: string }>>,
 *   styles: { prefix: string, answer: (pathname: string) => Promise<{ headers: Record<string, string>, body: string } | undefined> },
 * }>}
 */
export async function generatedRoutes(app, { made = {}, styles }) {
  const failed = (request, error) =>
    console.error(`[site] ${request.id} ${loggedTarget(request.url)}:`, error.message);
  for (const [path, make] of Object.entries(made)) {
    app.get(path, async (request, reply) => {
      const answer = await make().catch((error) => failed(request, error));
      return answer ? reply.headers(answer.headers).send(answer.body) : tryAgainLater(reply);
    });
  }
  app.get(`${styles.prefix}*`, async (request, reply) => {
    const pathname = request.url.split('?')[0];
    // A name with a query is none the server made: nothing is fetched for it.
    if (pathname !== request.url) return reply.callNotFound();
    let answer;
    try {
      answer = await styles.answer(pathname);
    } catch (error) {
      failed(request, error);
      return tryAgainLater(reply);
    }
    return answer ? reply.headers(answer.headers).send(answer.body) : reply.callNotFound();
  });
}
