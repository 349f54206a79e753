import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { canonicalPage, requestPath } from '../pagePaths.mjs';
import { startPagesServer } from './pagesServer.mjs';

const pages = new Set(['/', '/tutorials', '/help/privacy-policy']);

/** Twenty ways to ask for /tutorials that are not its one spelling. */
export const tutorialsSpellings = [
  '/tutorials/',
  '/tutorials//',
  '/tutorials///',
  '//tutorials',
  '///tutorials/',
  '/TUTORIALS',
  '/Tutorials/',
  '/tutorials/index.html',
  '/tutorials/INDEX.HTML',
  '/tutorials/.',
  '/./tutorials',
  '/x/../tutorials',
  '/tutorial%73',
  '/%74utorials/',
  '/tutorials%2F',
  '/tutorials/?page=2',
  '//tutorials?utm_source=mail',
  '/TUTORIALS/index.html',
  '/tuTORials//.',
  '/a/b/../../tutorials/',
];

function get(port, urlPath) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe("a page's one spelling", () => {
  it('is found for every other spelling of the page, and for nothing else', () => {
    for (const spelling of tutorialsSpellings) {
      assert.equal(canonicalPage(requestPath(spelling), pages), '/tutorials', spelling);
    }
    assert.equal(canonicalPage('/', pages), '/');
    assert.equal(canonicalPage('//', pages), '/');
    assert.equal(canonicalPage('/index.html', pages), '/');
    assert.equal(canonicalPage('/HELP/Privacy-Policy/', pages), '/help/privacy-policy');
    for (const other of [
      '/tutorial',
      '/tutorials/x',
      '/tutorials%',
      '/tutorials%00',
      '/..\\tutorials',
      '/main.js',
    ]) {
      assert.equal(canonicalPage(other, pages), undefined, other);
    }
  });

  it('reads the request target as a path, never a host', () => {
    assert.equal(requestPath('//evil.example/x?y'), '//evil.example/x');
    assert.equal(requestPath('http://host/tutorials/?q'), '/tutorials/');
    assert.equal(requestPath('*'), undefined);
  });

  describe('on the server', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'page-paths-'));
    writeFileSync(
      path.join(root, 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(root, '404.html'), '<html><head></head><body>Not found</body></html>');
    mkdirSync(path.join(root, 'tutorials'));
    writeFileSync(path.join(root, 'tutorials', 'index.html'), '<html><head></head><body>T</body></html>');
    const rendered = [];
    let server;
    before(async () => {
      server = await startPagesServer({
        root,
        pagePaths: [...pages],
        render: async (pathname) => {
          rendered.push(pathname);
          return { status: 200, headers: {}, body: `<html><body>${pathname}</body></html>` };
        },
      });
    });
    after(() => server.close());

    it('redirects every other spelling (301, the query kept), renders only the page, and never an unknown path', async () => {
      for (const spelling of tutorialsSpellings) {
        const answer = await get(server.port, spelling);
        assert.equal(answer.status, 301, spelling);
        const query = spelling.indexOf('?');
        assert.equal(
          answer.headers.location,
          `/tutorials${query < 0 ? '' : spelling.slice(query)}`,
          spelling,
        );
      }
      assert.deepEqual(rendered, []);
      assert.equal((await get(server.port, '/tutorials')).status, 200);
      // A query the page reads (its search) is rendered; see plugins.spec for the spellings of a search.
      assert.equal((await get(server.port, '/tutorials?q=vue')).status, 200);
      assert.deepEqual(rendered, ['/tutorials', '/tutorials']);
      for (const unknown of ['/tutorialz', '/tutorials/x', '//evil.example/', '/404.html']) {
        assert.notEqual((await get(server.port, unknown)).status, 301, unknown);
      }
      assert.equal((await get(server.port, '/tutorialz')).status, 404);
      assert.deepEqual(rendered, ['/tutorials', '/tutorials']);
    });
  });
});
