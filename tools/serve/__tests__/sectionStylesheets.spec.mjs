import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { sectionStylesheets } from '../sectionStylesheets.mjs';

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

const files = {
  '/486.a7e9faee11.css':
    '.card{background:url(img/card.webp)}.logo{background:url("data:image/png;base64,AA")}',
  '/__federation_expose_HomeAbout.955e29ce40.css': '.about{color:red}',
  // The kit's stylesheet as a second section built it: the same file.
  '/other-section/486.a7e9faee11.css':
    '.card{background:url(img/card.webp)}.logo{background:url("data:image/png;base64,AA")}',
};

describe("the sections' stylesheets linked by a server-rendered page", () => {
  let section;
  let sectionUrl;
  // A section whose file server accepts connections and never answers.
  let hung;
  let hungUrl;
  const held = [];
  let asked = 0;
  before(async () => {
    section = createServer((request, response) => {
      asked += 1;
      const text = files[request.url ?? ''];
      if (text === undefined) return response.writeHead(404).end();
      response.writeHead(200, { 'Content-Type': 'text/css' });
      response.end(text);
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

  it("are served by the site's own server as one file, each once, relative references still pointing at the section", async () => {
    const styles = sectionStylesheets();
    const urls = [
      `${sectionUrl}/486.a7e9faee11.css`,
      `${sectionUrl}/__federation_expose_HomeAbout.955e29ce40.css`,
      `${sectionUrl}/other-section/486.a7e9faee11.css`,
    ];
    const local = await styles.localUrls(urls);
    assert.equal(local.length, 1);
    assert.match(local[0], /^\/section-styles\/[0-9a-f]{12}\.css$/);
    const answer = await styles.routes[local[0]]();
    assert.equal(answer.headers['Content-Type'], 'text/css; charset=utf-8');
    assert.match(answer.headers['Cache-Control'], /immutable/);
    // The second section's copy of the kit's file points at its own folder, so it is not the same text.
    assert.equal(
      answer.body,
      [
        `.card{background:url(${sectionUrl}/img/card.webp)}.logo{background:url("data:image/png;base64,AA")}`,
        '.about{color:red}',
        `.card{background:url(${sectionUrl}/other-section/img/card.webp)}.logo{background:url("data:image/png;base64,AA")}`,
      ].join('\n'),
    );
    // The same file twice is in it once; a page with the same stylesheets links the same file.
    const [again] = await styles.localUrls([urls[0], urls[1], urls[0]]);
    assert.equal((await styles.routes[again]()).body.split('\n').length, 2);
    assert.deepEqual(await styles.localUrls(urls), local);
    // Kept: the section was asked once for each file.
    assert.equal(asked, 3);
  });

  it('links one the server cannot fetch within the deadline from the section, after the file of those it has', async () => {
    const styles = sectionStylesheets({ deadlineMs: 100 });
    const [kept] = await styles.localUrls([`${sectionUrl}/486.a7e9faee11.css`]);
    assert.match(kept, /^\/section-styles\//);
    const url = `${hungUrl}/9031.b5db407a7a.css`;
    const logged = console.error;
    console.error = () => undefined;
    try {
      assert.deepEqual(await styles.localUrls([`${sectionUrl}/486.a7e9faee11.css`, url]), [kept, url]);
    } finally {
      console.error = logged;
    }
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
