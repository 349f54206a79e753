import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { sectionStylesheets } from '../sectionStylesheets.mjs';

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

describe("a section's stylesheet linked by a server-rendered page", () => {
  let section;
  let sectionUrl;
  // A section whose file server accepts connections and never answers.
  let hung;
  let hungUrl;
  const held = [];
  before(async () => {
    section = createServer((request, response) => {
      if (request.url !== '/486.a7e9faee11.css') return response.writeHead(404).end();
      response.writeHead(200, { 'Content-Type': 'text/css' });
      response.end('.card{background:url(img/card.webp)}.logo{background:url("data:image/png;base64,AA")}');
    });
    sectionUrl = `http://127.0.0.1:${await listen(section)}`;
    hung = createTcpServer((socket) => held.push(socket));
    hungUrl = `http://127.0.0.1:${await listen(hung)}`;
  });
  after(() => {
    for (const socket of held) socket.destroy();
    section.close();
    hung.close();
  });

  it("is served by the site's own server, its relative references still pointing at the section", async () => {
    const styles = sectionStylesheets();
    const [local] = await styles.localUrls([`${sectionUrl}/486.a7e9faee11.css`]);
    assert.match(local, /^\/section-styles\/[0-9a-f]{12}-486\.a7e9faee11\.css$/);
    const answer = await styles.routes[local]();
    assert.equal(answer.headers['Content-Type'], 'text/css; charset=utf-8');
    assert.match(answer.headers['Cache-Control'], /immutable/);
    assert.equal(
      answer.body,
      `.card{background:url(${sectionUrl}/img/card.webp)}.logo{background:url("data:image/png;base64,AA")}`,
    );
    // Kept: the section is not asked again.
    section.close();
    assert.deepEqual(await styles.localUrls([`${sectionUrl}/486.a7e9faee11.css`]), [local]);
  });

  it('is linked from the section as before when it cannot be fetched within the deadline', async () => {
    const styles = sectionStylesheets({ deadlineMs: 100 });
    const startedAt = Date.now();
    const url = `${hungUrl}/9031.b5db407a7a.css`;
    const logged = console.error;
    console.error = () => undefined;
    try {
      assert.deepEqual(await styles.localUrls([url]), [url]);
    } finally {
      console.error = logged;
    }
    assert.ok(Date.now() - startedAt < 2_000);
    assert.deepEqual(Object.keys(styles.routes), []);
  });
});
