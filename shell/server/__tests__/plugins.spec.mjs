import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createServerApp, listen } from '../app.mjs';
import { createSiteServer } from '../siteServer.mjs';
import { generatedRoutes } from '../plugins/generatedRoutes.mjs';
import { newsletterLinks } from '../plugins/newsletterLinks.mjs';
import { pages } from '../plugins/pages.mjs';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  liveShellSecurityHeaders,
  sectionSecurityHeaders,
  securityHeaders,
  shellSecurityHeaders,
} from '../plugins/securityHeaders.mjs';
import { staticFiles } from '../plugins/staticFiles.mjs';
import { startPagesServer } from './pagesServer.mjs';
import { pageViewImageHtml } from '../pageViewImage.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'site-server-'));
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(path.join(root, 'index.html'), '<html><head></head><body><h1>Home</h1></body></html>');
writeFileSync(
  path.join(root, '404.html'),
  '<html><head></head><body><h1>Oops, Page Not Found</h1></body></html>',
);
writeFileSync(path.join(root, 'main.0123abcdef.js'), bigScript);
writeFileSync(path.join(root, 'remoteEntry.js'), bigScript);
writeFileSync(path.join(root, 'mf-manifest.json'), '{}');
writeFileSync(path.join(root, '.env'), 'SECRET=1');
mkdirSync(path.join(root, 'about'));
writeFileSync(
  path.join(root, 'about', 'index.html'),
  '<html><head></head><body><h1>About</h1></body></html>',
);
const coursesPage = `<html><head><title>Courses</title></head><body>${'<p>course</p>'.repeat(100)}</body></html>`;
mkdirSync(path.join(root, 'courses'));
writeFileSync(path.join(root, 'courses', 'index.html'), coursesPage);
writeFileSync(
  path.join(root, 'first-screen-modules.json'),
  JSON.stringify({ '/': [], '/about': ['help/HelpRoutes'], '/courses': [] }),
);
const remotesFile = path.join(root, '..', `${path.basename(root)}-remotes.json`);
writeFileSync(remotesFile, '{"help":"http://localhost:9/mf-manifest.json"}');
const siteConfig = { supabase: { url: 'http://127.0.0.1:9', publishableKey: 'sb_publishable_test' } };

/** A raw request, so the path reaches the server exactly as written. */
function get(port, urlPath, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, headers, method }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe("the site's server", () => {
  let shell;
  let section;
  before(async () => {
    shell = await listen(
      await createSiteServer({ shellDist: root, siteConfig, remotesFile, pins: async () => ({}) }),
      { port: 0 },
    );
    const sectionApp = await createServerApp({ name: 'section' });
    await sectionApp.register(securityHeaders, { headers: sectionSecurityHeaders });
    await sectionApp.register(staticFiles, { root, crossOrigin: true });
    section = await listen(sectionApp, { port: 0 });
  });
  after(async () => {
    await shell.close();
    await section.close();
  });

  it('caches hashed files for a year and revalidates everything else', async () => {
    assert.equal(
      (await get(shell.port, '/main.0123abcdef.js')).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
    for (const file of ['/', '/about', '/remoteEntry.js', '/mf-manifest.json']) {
      assert.equal((await get(shell.port, file)).headers['cache-control'], 'no-cache', file);
    }
  });

  it('serves its pages by path, other spellings 301, and the not-found page with status 404', async () => {
    assert.match((await get(shell.port, '/about')).body.toString(), /<h1>About<\/h1>/);
    for (const spelling of ['/about/', '/About', '/about/index.html', '//about']) {
      const moved = await get(shell.port, `${spelling}?x=1`);
      assert.equal(moved.status, 301, spelling);
      assert.equal(moved.headers.location, '/about?x=1', spelling);
    }
    const missing = await get(shell.port, '/no/such/page');
    assert.equal(missing.status, 404);
    assert.match(missing.body.toString(), /Oops, Page Not Found/);
    assert.equal((await get(shell.port, '/missing.js')).status, 404);
    assert.equal((await get(shell.port, '/404.html')).status, 404);
    assert.equal((await get(shell.port, '/about', {}, 'POST')).status, 405);
  });

  it('never serves a file outside its folder, nor a dotfile', async () => {
    for (const attempt of [
      '/../../etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/.env',
    ]) {
      for (const port of [section.port, shell.port]) {
        const response = await get(port, attempt);
        assert.ok([400, 403, 404].includes(response.status), `${attempt}: ${response.status}`);
        assert.doesNotMatch(response.body.toString(), /root:|SECRET/);
      }
    }
  });

  it('compresses with brotli or gzip as the browser accepts', async () => {
    const brotli = await get(shell.port, '/remoteEntry.js', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(brotli.body).toString(), bigScript);
    const gzip = await get(shell.port, '/remoteEntry.js', { 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.body).toString(), bigScript);
    const plain = await get(shell.port, '/remoteEntry.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), bigScript);
  });

  it('answers a repeated request with 304 when nothing changed', async () => {
    for (const target of ['/mf-manifest.json', '/courses']) {
      const first = await get(shell.port, target);
      const second = await get(shell.port, target, { 'if-none-match': first.headers.etag });
      assert.equal(second.status, 304, target);
    }
  });

  it('answers a page 304 for a list of tags that holds its tag, a weak tag of it, or *; 200 for other tags', async () => {
    const { etag } = (await get(shell.port, '/courses')).headers;
    const asked = {
      list: `"other", ${etag}`,
      weak: `W/${etag}`,
      any: '*',
      another: '"other", W/"older"',
    };
    const statuses = {};
    for (const [name, ifNoneMatch] of Object.entries(asked))
      statuses[name] = (await get(shell.port, '/courses', { 'if-none-match': ifNoneMatch })).status;
    assert.deepEqual(statuses, { list: 304, weak: 304, any: 304, another: 200 });
  });

  it('sends a page in the encoding the browser prefers, never one it refuses (q=0)', async () => {
    const encodings = {};
    for (const accept of [
      'gzip, deflate, br',
      'br;q=0, gzip',
      'gzip;q=1, br;q=0.5',
      'br;q=0, gzip;q=0',
      'identity',
      '*',
    ])
      encodings[accept] = (await get(shell.port, '/courses', { 'accept-encoding': accept })).headers[
        'content-encoding'
      ];
    assert.deepEqual(encodings, {
      'gzip, deflate, br': 'br',
      'br;q=0, gzip': 'gzip',
      'gzip;q=1, br;q=0.5': 'gzip',
      'br;q=0, gzip;q=0': undefined,
      identity: undefined,
      '*': 'br',
    });
    const plain = await get(shell.port, '/courses', { 'accept-encoding': 'identity' });
    assert.equal(plain.headers.vary, 'Accept-Encoding', 'a cache keeps the plain answer apart too');
  });

  it('lets the shell load a section from another origin', async () => {
    const response = await get(section.port, '/remoteEntry.js');
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal((await get(section.port, '/remoteEntry.js', {}, 'OPTIONS')).status, 204);
    assert.equal(
      (await get(shell.port, '/remoteEntry.js')).headers['access-control-allow-origin'],
      undefined,
    );
  });

  it("lets only the site's own origins read a development section's files, and refuses another website", async () => {
    const devSection = await createServerApp({ name: 'dev section' });
    await devSection.register(staticFiles, {
      root,
      crossOrigin: true,
      origins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    });
    const dev = await listen(devSection, { port: 0 });
    try {
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
        const read = await get(dev.port, '/remoteEntry.js', { origin, 'sec-fetch-site': 'cross-site' });
        assert.equal(read.status, 200, origin);
        assert.equal(read.headers['access-control-allow-origin'], origin);
        assert.match(read.headers.vary, /\bOrigin\b/);
        const preflight = await get(dev.port, '/remoteEntry.js', { origin }, 'OPTIONS');
        assert.equal(preflight.headers['access-control-allow-origin'], origin);
      }
      // The site's page loading a script without CORS: its Referer names it.
      const embedded = await get(dev.port, '/main.0123abcdef.js', {
        referer: 'http://127.0.0.1:3000/courses',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'no-cors',
      });
      assert.equal(embedded.status, 200);
      // Another website: no CORS header for a read, and its page cannot embed the file either.
      for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
        const read = await get(dev.port, '/remoteEntry.js', { origin });
        assert.equal(read.headers['access-control-allow-origin'], undefined, origin);
        const fromPage = await get(dev.port, '/remoteEntry.js', { origin, 'sec-fetch-site': 'cross-site' });
        assert.equal(fromPage.status, 403, origin);
      }
      const preflight = await get(dev.port, '/remoteEntry.js', { origin: 'https://evil.example' }, 'OPTIONS');
      assert.equal(preflight.headers['access-control-allow-origin'], undefined);
      for (const referer of ['https://evil.example/page', undefined]) {
        const script = await get(dev.port, '/main.0123abcdef.js', {
          ...(referer && { referer }),
          'sec-fetch-site': 'cross-site',
          'sec-fetch-mode': 'no-cors',
        });
        assert.equal(script.status, 403, String(referer));
      }
      // Tools (the site's server reading manifests, curl) send neither header.
      assert.equal((await get(dev.port, '/mf-manifest.json')).status, 200);
    } finally {
      await dev.close();
    }
  });

  it('serves remotes.json as it is now, and a Content-Security-Policy made from it, on every answer', async () => {
    const response = await get(shell.port, '/remotes.json');
    assert.deepEqual(JSON.parse(response.body.toString()), { help: 'http://localhost:9/mf-manifest.json' });
    for (const target of ['/', '/missing.js', '/remotes.json']) {
      const answer = await get(shell.port, target);
      assert.equal(answer.headers['x-frame-options'], 'DENY', target);
      assert.match(
        answer.headers['content-security-policy'],
        /script-src 'self' http:\/\/localhost:9\/;/,
        target,
      );
    }
    assert.deepEqual(JSON.parse((await get(shell.port, '/site-config.json')).body.toString()), siteConfig);
  });

  it('serves a configuration written before publishable keys with its key as the publishable key', async () => {
    const legacy = await listen(
      await createSiteServer({
        shellDist: root,
        siteConfig: { supabase: { url: 'http://127.0.0.1:9', anonKey: 'eyJ.legacy.anon' } },
        remotesFile,
        pins: async () => ({}),
      }),
      { port: 0 },
    );
    try {
      assert.deepEqual(JSON.parse((await get(legacy.port, '/site-config.json')).body.toString()), {
        supabase: { url: 'http://127.0.0.1:9', publishableKey: 'eyJ.legacy.anon' },
      });
    } finally {
      await legacy.close();
    }
  });

  it('sends early hints with the pages that have them, and only with pages', async () => {
    assert.equal(
      (await get(shell.port, '/about')).headers.link,
      '<http://127.0.0.1:9>; rel=preconnect; crossorigin=anonymous, <http://localhost:9>; rel=preconnect',
    );
    assert.equal((await get(shell.port, '/main.0123abcdef.js')).headers.link, undefined);
  });

  it('puts the runtime configuration in every page, read by the page as it is now', async () => {
    for (const target of ['/', '/about', '/no/such/page']) {
      const html = (await get(shell.port, target)).body.toString();
      const block = /<script type="application\/json" id="runtime-config">(.*?)<\/script><\/head>/.exec(html);
      assert.ok(block, target);
      const config = JSON.parse(block[1]);
      assert.deepEqual(config.remotes, { help: 'http://localhost:9/mf-manifest.json' }, target);
      assert.deepEqual(config.siteConfig, siteConfig, target);
      // The help section never answered here: no manifest to carry.
      assert.deepEqual(config.manifests, {}, target);
    }
  });
});

describe('a page whose head needs rows', () => {
  it(
    'is rendered while the rows are read, not after (each has its deadline; they never add up)',
    { timeout: 5000 },
    async () => {
      let renderStarted;
      const rendering = new Promise((resolve) => (renderStarted = resolve));
      const server = await startPagesServer({
        root,
        pagePaths: ['/courses'],
        // The rows come only once the render has begun: a server that waited for them first would never answer.
        headTags: async () => {
          await rendering;
          return '<meta name="rows" content="read" />';
        },
        render: async (_page, document) => {
          renderStarted();
          return { status: 200, headers: {}, body: document };
        },
      });
      try {
        // A render that waited for the rows would never answer (the run's --test-timeout ends it).
        const answer = await get(server.port, '/courses');
        assert.equal(answer.status, 200);
        assert.match(answer.body.toString(), /<meta name="rows" content="read" \/><\/head>/);
      } finally {
        await server.close();
      }
    },
  );
});

describe('the CSP as remotes.json changes', () => {
  it('is made again when remotes.json points a section elsewhere, and only then', async () => {
    let remotes = { help: 'https://a.example.com/help/mf-manifest.json' };
    const headers = liveShellSecurityHeaders({ remotes: async () => remotes, siteConfig });
    const first = await headers();
    assert.equal(await headers(), first);
    remotes = { help: 'https://a.example.com/help/mf-manifest.json' };
    assert.equal(await headers(), first);
    remotes = { help: 'https://b.example.com/help/mf-manifest.json' };
    assert.match(
      (await headers())['Content-Security-Policy'],
      /script-src 'self' https:\/\/b\.example\.com\/help\/;/,
    );
  });
});

describe('a search is an address', () => {
  let site;
  const asked = [];
  before(async () => {
    site = await startPagesServer({
      root,
      pagePaths: ['/', '/about', '/courses'],
      render: async (page, document, search) => {
        asked.push(`${page} ${search}`);
        return { status: 200, headers: {}, body: document.replace('</body>', `<p>for ${search}</p></body>`) };
      },
      quiet: true,
    });
  });
  after(() => site.close());

  it('renders a page with a search for its query, in its one spelling', async () => {
    const answer = await get(site.port, '/courses?chip=CSS&page=2');
    assert.equal(answer.status, 200);
    assert.match(answer.body.toString(), /<p>for \?chip=CSS&page=2<\/p>/);
    assert.ok(asked.includes('/courses ?chip=CSS&page=2'));
  });

  it('answers every other spelling of a search 301 to that one, and renders nothing for it', async () => {
    const before = asked.length;
    for (const [spelling, canonical] of [
      ['/courses?page=2&chip=css', '/courses?chip=CSS&page=2'],
      ['/courses?q=+Angular+&utm_source=mail', '/courses?q=Angular&utm_source=mail'],
      ['/courses?utm_campaign=december&chip=css', '/courses?chip=CSS&utm_campaign=december'],
      ['/courses?q=map&chip=', '/courses'],
      ['/courses?', '/courses'],
      ['/Courses/?q=Angular', '/courses?q=Angular'],
    ]) {
      let answer = await get(site.port, spelling);
      // A path spelled otherwise is first answered with its page's path, the query kept as sent.
      if (answer.headers.location?.startsWith('/courses') && answer.headers.location !== canonical)
        answer = await get(site.port, answer.headers.location);
      assert.equal(answer.status, 301, spelling);
      assert.equal(answer.headers.location, canonical, spelling);
    }
    assert.equal(asked.length, before);
  });

  it("renders a search whose address names a campaign as the search, the campaign kept for the page's count", async () => {
    const answer = await get(site.port, '/courses?q=Angular&utm_source=mail&utm_campaign=december');
    assert.equal(answer.status, 200);
    assert.match(answer.body.toString(), /<p>for \?q=Angular<\/p>/);
  });

  it('leaves the query of a page without a search alone', async () => {
    const answer = await get(site.port, '/about?q=Angular&page=2');
    assert.equal(answer.status, 200);
    assert.ok(asked.includes('/about '));
  });
});

describe('pages and generated answers', () => {
  let shell;
  let coursesHead = '<script type="application/ld+json">{"name":"A"}</script>';
  let renders = 0;
  const renderedPage = { id: 'a render' };
  before(async () => {
    const sitePages = pages({
      root,
      pagePaths: ['/', '/about', '/courses'],
      headTags: async (page) => (page === '/courses' ? coursesHead : undefined),
      renderer: {
        render: async (page, _search, document) => {
          if (page !== '/') return undefined;
          renders += 1;
          return {
            status: 200,
            headers: { 'Cache-Control': 'public, max-age=0', 'X-Page-Render': 'cache-fresh' },
            body: document.replace('<h1>Home</h1>', '<h1>Home, rendered</h1>'),
            source: renderedPage,
          };
        },
      },
      previewRemotes: async () => undefined,
    });
    const app = await createServerApp({ name: 'shell', notFound: sitePages.notFound });
    await app.register(generatedRoutes, {
      made: {
        '/sitemap.xml': async () => ({
          headers: {
            'Content-Type': 'application/xml; charset=utf-8',
            'Cache-Control': 'public, max-age=60',
          },
          body: `<urlset>${'<url/>'.repeat(200)}</urlset>`,
        }),
      },
      styles: {
        prefix: '/made/',
        answer: async (pathname) => {
          if (pathname === '/made/away.css') throw new Error('the section is away');
          if (pathname === '/made/unknown.css') return undefined;
          return { headers: { 'Content-Type': 'text/css; charset=utf-8' }, body: `/* ${pathname} */` };
        },
      },
    });
    await app.register(sitePages.plugin);
    await app.register(staticFiles, { root, htmlFiles: false });
    shell = await listen(app, { port: 0 });
  });
  after(() => shell.close());

  it('answers the sitemap with its headers, compressed as accepted', async () => {
    const plain = await get(shell.port, '/sitemap.xml');
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-type'], 'application/xml; charset=utf-8');
    assert.equal(plain.headers['cache-control'], 'public, max-age=60');
    assert.match(plain.body.toString(), /^<urlset>(<url\/>){200}<\/urlset>$/);
    const gzip = await get(shell.port, '/sitemap.xml', { 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.body).toString(), plain.body.toString());
  });

  it('answers a stylesheet it makes, 503 when making it fails, 404 for a name it does not make or one with a query', async () => {
    const made = await get(shell.port, '/made/page.css');
    assert.equal(made.status, 200);
    assert.equal(made.headers['content-type'], 'text/css; charset=utf-8');
    assert.equal(made.body.toString(), '/* /made/page.css */');
    assert.equal((await get(shell.port, '/made/away.css')).status, 503);
    assert.equal((await get(shell.port, '/made/unknown.css')).status, 404);
    assert.equal((await get(shell.port, '/made/page.css?v=2')).status, 404);
    assert.equal((await get(shell.port, '/about')).status, 200);
  });

  it('adds generated tags at the end of a page’s head, with an ETag of what it sends', async () => {
    const first = await get(shell.port, '/courses', { 'accept-encoding': 'br' });
    const html = brotliDecompressSync(first.body).toString();
    assert.equal(html, coursesPage.replace('</head>', `${coursesHead}</head>`));
    const again = await get(shell.port, '/courses', { 'if-none-match': first.headers.etag });
    assert.equal(again.status, 304);
    // New rows, new tags: the page is no longer the one the browser has.
    coursesHead = '<script type="application/ld+json">{"name":"B"}</script>';
    const changed = await get(shell.port, '/courses', { 'if-none-match': first.headers.etag });
    assert.equal(changed.status, 200);
    assert.match(changed.body.toString(), /\{"name":"B"\}<\/script><\/head>/);
    const gzip = await get(shell.port, '/courses', { 'accept-encoding': 'gzip' });
    assert.match(gunzipSync(gzip.body).toString(), /\{"name":"B"\}/);
  });

  it('sends a rendered page with its headers, in the chosen theme, the same bytes for every visitor of one render', async () => {
    const first = await get(shell.port, '/', { 'accept-encoding': 'br' });
    assert.equal(first.headers['x-page-render'], 'cache-fresh');
    assert.match(brotliDecompressSync(first.body).toString(), /<h1>Home, rendered<\/h1>/);
    const second = await get(shell.port, '/', { 'accept-encoding': 'br' });
    assert.equal(second.headers.etag, first.headers.etag);
    assert.deepEqual(second.body, first.body);
    const dark = await get(shell.port, '/', { cookie: 'theme=dark' });
    assert.match(dark.body.toString(), /^<html data-theme="dark">/);
    assert.notEqual(dark.headers.etag, first.headers.etag);
    assert.ok(renders >= 3);
  });
});

describe('the content security policy', () => {
  const remotes = {
    portfolio: 'http://localhost:3001/mf-manifest.json',
    help: 'https://help.example.com/mf-manifest.json',
  };
  const policyFor = (siteConfig) => contentSecurityPolicy({ remotes, siteConfig });
  const directive = (policy, name) => policy.split('; ').find((part) => part.startsWith(`${name} `));
  const withoutKey = policyFor({ supabase: { url: 'https://abc.supabase.co' }, recaptchaSiteKey: '' });
  const withKey = policyFor({
    supabase: { url: 'https://abc.supabase.co' },
    recaptchaSiteKey: '6Lc-site-key',
  });

  it('allows scripts from the site and its sections only, and nothing of Google without a reCAPTCHA site key', () => {
    assert.equal(
      directive(withoutKey, 'script-src'),
      "script-src 'self' http://localhost:3001/ https://help.example.com/",
    );
    assert.doesNotMatch(withoutKey, /google|gstatic/);
    assert.doesNotMatch(withKey, /unsafe-inline|unsafe-eval/);
  });

  it("with a site key, allows reCAPTCHA's own paths only, never all of google.com or gstatic.com", () => {
    assert.equal(
      directive(withKey, 'script-src'),
      "script-src 'self' http://localhost:3001/ https://help.example.com/ https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    assert.match(directive(withKey, 'frame-src'), / https:\/\/www\.google\.com\/recaptcha\/ /);
    for (const part of withKey.split('; ')) {
      assert.doesNotMatch(part, /https:\/\/www\.(google|gstatic)\.com(?!\/recaptcha\/)( |$)/, part);
    }
  });

  it("scopes each section to its path: its versions' folder on a static host, never the host's whole origin", () => {
    const policy = contentSecurityPolicy({
      remotes: {
        help: 'https://static.example.com/site/help/0123456789abcdef/mf-manifest.json',
        courses: 'https://static.example.com/site/courses/fedcba9876543210/mf-manifest.json',
        portfolio: 'https://cdn.example.com/portfolio/mf-manifest.json',
      },
      siteConfig: { supabase: { url: 'https://abc.supabase.co' } },
    });
    const sections =
      'https://static.example.com/site/help/ https://static.example.com/site/courses/ https://cdn.example.com/portfolio/';
    assert.equal(directive(policy, 'script-src'), `script-src 'self' ${sections}`);
    assert.equal(directive(policy, 'style-src'), `style-src 'self' ${sections}`);
    assert.match(directive(policy, 'connect-src'), new RegExp(`^connect-src 'self' ${sections} `));
    assert.doesNotMatch(policy, /https:\/\/static\.example\.com( |;|$)/);
  });

  it('lets the page reach the backend over HTTP and WebSocket, and frame only the video player', () => {
    assert.match(
      directive(withoutKey, 'connect-src'),
      / https:\/\/abc\.supabase\.co wss:\/\/abc\.supabase\.co$/,
    );
    assert.equal(directive(withoutKey, 'frame-src'), 'frame-src https://www.youtube-nocookie.com');
    assert.equal(directive(withoutKey, 'frame-ancestors'), "frame-ancestors 'none'");
  });

  it("lets a development site's pages reach its dev servers' sockets, and nothing else changes", () => {
    const siteConfig = { supabase: { url: 'https://abc.supabase.co' } };
    const sockets = ['ws://127.0.0.1:3005', 'ws://127.0.0.1:3008'];
    const development = contentSecurityPolicy({ remotes, siteConfig, connectSources: sockets });
    const production = contentSecurityPolicy({ remotes, siteConfig });
    assert.equal(
      directive(development, 'connect-src'),
      `${directive(production, 'connect-src')} ${sockets.join(' ')}`,
    );
    const others = (policy) => policy.split('; ').filter((part) => !part.startsWith('connect-src '));
    assert.deepEqual(others(development), others(production));
  });

  it('allows the inline scripts a page runs by their hashes, and no data block or script file among them', () => {
    const boot = "(function(){document.title='x'})();";
    const page =
      `<head><script data-app="/main.0123456789.js">${boot}</script><link href="/main.css" rel="stylesheet" />` +
      '<script type="application/ld+json">{"@type":"Person"}</script></head><body><div id="root"></div>' +
      '<script type="application/json" id="page-data">{}</script><script src="/x.js"></script></body>';
    const hashes = inlineScriptHashes(page);
    // The hash a browser computes: sha256 of the script element's text, base64.
    assert.deepEqual(hashes, [`'sha256-${createHash('sha256').update(boot).digest('base64')}'`]);
    assert.equal(
      directive(
        contentSecurityPolicy({
          remotes,
          siteConfig: { supabase: { url: 'https://abc.supabase.co' } },
          scriptHashes: hashes,
        }),
        'script-src',
      ),
      `script-src 'self' ${hashes[0]} http://localhost:3001/ https://help.example.com/`,
    );
  });

  it('asks browsers to keep to HTTPS (HSTS), on the shell and on the sections', () => {
    const shell = shellSecurityHeaders({
      remotes,
      siteConfig: { supabase: { url: 'https://abc.supabase.co' } },
    });
    assert.equal(shell['Strict-Transport-Security'], 'max-age=63072000; includeSubDomains');
    assert.equal(sectionSecurityHeaders['Strict-Transport-Security'], 'max-age=63072000; includeSubDomains');
  });
});

describe("a page's count of itself without JavaScript", () => {
  let site;
  before(async () => {
    site = await startPagesServer({
      root,
      pagePaths: ['/', '/about'],
      pageViewImage: (route) =>
        pageViewImageHtml({ url: 'https://backend.example', publishableKey: 'sb_publishable_k' }, route),
      quiet: true,
    });
  });
  after(() => site.close());

  const image = (html) => /<noscript><img src="([^"]+)"[^>]*><\/noscript><\/body>/.exec(html);

  it("ends every page's body with an image that names its route, for a browser without JavaScript", async () => {
    const found = image((await get(site.port, '/about')).body.toString());
    assert.ok(found, 'the page has the image');
    const src = new URL(found[1].replace(/&amp;/g, '&'));
    assert.equal(src.origin + src.pathname, 'https://backend.example/functions/v1/page-views');
    assert.equal(src.searchParams.get('path'), '/about');
    assert.equal(src.searchParams.get('apikey'), 'sb_publishable_k');
    assert.match(found[0], /referrerpolicy="no-referrer-when-downgrade"/);
  });

  it('names one path that is no page on the not-found page, whatever was asked', async () => {
    const answer = await get(site.port, '/see-evil-example');
    assert.equal(answer.status, 404);
    const found = image(answer.body.toString());
    assert.ok(found, 'the not-found page has the image');
    assert.equal(new URL(found[1].replace(/&amp;/g, '&')).searchParams.get('path'), '/not-found');
  });
});

describe('the newsletter link pages', () => {
  it("say the test copy's unsubscribe link (no token) names no subscriber, and a changed token does not work", async () => {
    // No backend answers here: a page that asked it would say 'Something went wrong on our side'.
    const app = await createServerApp({ name: 'shell' });
    await app.register(
      newsletterLinks({ backend: { url: 'http://127.0.0.1:9', publishableKey: 'sb_publishable_x' } }),
    );
    const site = await listen(app, { port: 0 });
    try {
      for (const method of ['GET', 'POST']) {
        const page = await get(site.port, '/newsletter/unsubscribe', {}, method);
        assert.equal(page.status, 400, method);
        assert.match(page.body.toString(), /<h1>This link names no subscriber<\/h1>/, method);
        assert.match(page.body.toString(), /sent to the site’s owner, who is not a subscriber/, method);
        assert.doesNotMatch(page.body.toString(), /changed on the way/, method);
      }
      const confirm = await get(site.port, '/newsletter/confirm');
      assert.equal(confirm.status, 400);
      assert.match(confirm.body.toString(), /<h1>This link does not work<\/h1>/);
    } finally {
      await app.close();
    }
  });
});
