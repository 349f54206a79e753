import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPagesServer } from './pagesServer.mjs';
import { chosenTheme, withTheme } from '../pageTheme.mjs';

describe('the chosen theme', () => {
  it('is read from the theme cookie among others', () => {
    assert.equal(chosenTheme('theme=dark'), 'dark');
    assert.equal(chosenTheme('site_preview=abc; theme=light; other=1'), 'light');
    assert.equal(chosenTheme(' other=1 ;  theme = dark '), 'dark');
  });

  it('is none without the cookie, or with a value that is not a theme', () => {
    assert.equal(chosenTheme(undefined), undefined);
    assert.equal(chosenTheme(''), undefined);
    assert.equal(chosenTheme('mytheme=dark; themes=dark'), undefined);
    assert.equal(chosenTheme('theme=system'), undefined);
    assert.equal(chosenTheme('theme=DARK'), undefined);
    assert.equal(chosenTheme('theme="><script>alert(1)</script>'), undefined);
  });

  it('goes on the <html> element, and nowhere without one', () => {
    assert.equal(
      withTheme('<!doctype html><html lang="en"><head>', 'dark'),
      '<!doctype html><html data-theme="dark" lang="en"><head>',
    );
    assert.equal(withTheme('<html><head>', 'light'), '<html data-theme="light"><head>');
    assert.equal(withTheme('<html lang="en">', undefined), '<html lang="en">');
  });
});

const root = mkdtempSync(path.join(os.tmpdir(), 'page-theme-'));
const page = (text) =>
  `<!doctype html><html lang="en"><head><title>${text}</title></head><body><div id="root">${text}</div></body></html>`;
writeFileSync(path.join(root, 'index.html'), page('Home'));
writeFileSync(path.join(root, '404.html'), page('Oops, Page Not Found'));
mkdirSync(path.join(root, 'about'));
writeFileSync(path.join(root, 'about', 'index.html'), page('About'));

const get = (server, urlPath, headers = {}) =>
  fetch(`${server.url}${urlPath}`, { headers }).then(async (response) => ({
    status: response.status,
    etag: response.headers.get('etag'),
    body: await response.text(),
  }));

describe('a page served in the chosen theme', () => {
  let server;
  /** The documents the server render was given (one per rendered request). */
  const documents = [];
  before(async () => {
    server = await startPagesServer({
      root,
      pagePaths: ['/', '/about'],
      // Stands in for pageRenderer.mjs: one theme-independent root put into the request's document, as composePage does.
      render: async (pathname, document) => {
        if (pathname !== '/') return undefined;
        documents.push(document);
        return {
          status: 200,
          headers: { 'Cache-Control': 'public, max-age=0, s-maxage=10' },
          body: document.replace('>Home</div>', '>Home, rendered</div>'),
        };
      },
    });
  });
  after(() => server.close());

  it('carries the chosen theme, and only it, on a render made without it', async () => {
    const dark = await get(server, '/', { cookie: 'theme=dark' });
    assert.match(dark.body, /^<!doctype html><html data-theme="dark" lang="en">/);
    assert.match(dark.body, /Home, rendered/);
    // One theme-independent render: the theme goes on the page around it.
    assert.doesNotMatch(documents.at(-1), /data-theme/);
    const light = await get(server, '/', { cookie: 'theme=light' });
    assert.match(light.body, /^<!doctype html><html data-theme="light" lang="en">/);
    const system = await get(server, '/', { cookie: 'theme=nonsense' });
    assert.match(system.body, /^<!doctype html><html lang="en">/);
    // Three pages, three validators: a browser never revalidates one theme's copy into another theme.
    assert.equal(new Set([dark.etag, light.etag, system.etag]).size, 3);
    const again = await fetch(`${server.url}/`, {
      headers: { cookie: 'theme=light', 'if-none-match': dark.etag },
    });
    assert.equal(again.status, 200);
  });

  it('applies to prerendered pages and to the not-found page', async () => {
    const about = await get(server, '/about', { cookie: 'theme=dark' });
    assert.equal(about.status, 200);
    assert.equal(about.body, page('About').replace('<html lang="en">', '<html data-theme="dark" lang="en">'));
    const plain = await get(server, '/about');
    assert.equal(plain.body, page('About'));
    assert.notEqual(plain.etag, about.etag);
    const missing = await get(server, '/no-such-page', { cookie: 'theme=dark' });
    assert.equal(missing.status, 404);
    assert.match(missing.body, /<html data-theme="dark" lang="en">.*Oops/);
  });
});
