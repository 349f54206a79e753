import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startStaticServer } from '../staticServer.mjs';
import { contentSecurityPolicy, sectionSecurityHeaders, shellSecurityHeaders } from '../securityHeaders.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(path.join(root, 'index.html'), '<h1>Home</h1>');
writeFileSync(path.join(root, '404.html'), '<h1>Oops, Page Not Found</h1>');
writeFileSync(path.join(root, 'main.0123abcdef.js'), bigScript);
writeFileSync(path.join(root, 'remoteEntry.js'), bigScript);
writeFileSync(path.join(root, 'mf-manifest.json'), '{}');
mkdirSync(path.join(root, 'about'));
writeFileSync(path.join(root, 'about', 'index.html'), '<h1>About</h1>');
const coursesPage = `<html><head><title>Courses</title></head><body>${'<p>course</p>'.repeat(100)}</body></html>`;
mkdirSync(path.join(root, 'courses'));
writeFileSync(path.join(root, 'courses', 'index.html'), coursesPage);
let coursesHead = '<script type="application/ld+json">{"name":"A"}</script>';
const otherRemotes = path.join(root, '..', `${path.basename(root)}-remotes.json`);
writeFileSync(otherRemotes, '{"help":"http://localhost:9/mf-manifest.json"}');

/** A raw GET, so the path reaches the server exactly as written. */
function get(port, urlPath, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, headers }, (response) => {
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

/** The shell's server as serveSite starts it, on a free port. */
const shellOptions = { root, port: 0, pages: true, headers: { 'X-Frame-Options': 'DENY' } };

describe('the static server', () => {
  let shell;
  let section;
  before(async () => {
    shell = await startStaticServer({
      ...shellOptions,
      overrides: { '/remotes.json': otherRemotes },
      linkHeader: (pathname) =>
        pathname === '/about' ? '</remotes.json>; rel=preload; as=fetch' : undefined,
    });
    section = await startStaticServer({ root, port: 0, crossOrigin: true });
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

  it('serves prerendered pages by path, and the not-found page with status 404', async () => {
    assert.equal((await get(shell.port, '/about')).body.toString(), '<h1>About</h1>');
    const missing = await get(shell.port, '/no/such/page');
    assert.equal(missing.status, 404);
    assert.match(missing.body.toString(), /Oops, Page Not Found/);
    assert.equal((await get(shell.port, '/missing.js')).status, 404);
  });

  it('never serves a file outside its folder', async () => {
    for (const attempt of ['/../../etc/passwd', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const response = await get(section.port, attempt);
      assert.equal(response.status, 404, attempt);
      assert.doesNotMatch(response.body.toString(), /root:/);
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
    const first = await get(shell.port, '/mf-manifest.json');
    const second = await get(shell.port, '/mf-manifest.json', { 'if-none-match': first.headers.etag });
    assert.equal(second.status, 304);
  });

  it('lets the shell load a section from another origin', async () => {
    const response = await get(section.port, '/remoteEntry.js');
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(
      (await get(shell.port, '/remoteEntry.js')).headers['access-control-allow-origin'],
      undefined,
    );
  });

  it('serves a replacement runtime configuration and its own headers', async () => {
    const response = await get(shell.port, '/remotes.json');
    assert.deepEqual(JSON.parse(response.body.toString()), { help: 'http://localhost:9/mf-manifest.json' });
    assert.equal(response.headers['x-frame-options'], 'DENY');
  });

  it('sends early hints with the pages that have them, and only with pages', async () => {
    assert.equal((await get(shell.port, '/about')).headers.link, '</remotes.json>; rel=preload; as=fetch');
    assert.equal((await get(shell.port, '/')).headers.link, undefined);
    assert.equal((await get(shell.port, '/main.0123abcdef.js')).headers.link, undefined);
  });
});

describe('the static server with generated answers', () => {
  let shell;
  before(async () => {
    shell = await startStaticServer({
      ...shellOptions,
      htmlHead: async (pathname) => (pathname === '/courses' ? coursesHead : undefined),
      routes: {
        '/sitemap.xml': async () => ({
          headers: {
            'Content-Type': 'application/xml; charset=utf-8',
            'Cache-Control': 'public, max-age=60',
          },
          body: `<urlset>${'<url/>'.repeat(200)}</urlset>`,
        }),
        '/broken.xml': async () => {
          throw new Error('the backend is away');
        },
      },
      generated: async (pathname) => {
        if (pathname === '/made/away.css') throw new Error('the section is away');
        if (!pathname.startsWith('/made/')) return undefined;
        return { headers: { 'Content-Type': 'text/css; charset=utf-8' }, body: `/* ${pathname} */` };
      },
    });
  });
  after(() => shell.close());

  it('answers a generated route with its headers and the security headers, compressed as accepted', async () => {
    const plain = await get(shell.port, '/sitemap.xml');
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-type'], 'application/xml; charset=utf-8');
    assert.equal(plain.headers['cache-control'], 'public, max-age=60');
    assert.equal(plain.headers['x-frame-options'], 'DENY');
    assert.match(plain.body.toString(), /^<urlset>(<url\/>){200}<\/urlset>$/);
    const gzip = await get(shell.port, '/sitemap.xml', { 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.body).toString(), plain.body.toString());
  });

  it('answers 503 when a generated route fails, and keeps serving', async () => {
    assert.equal((await get(shell.port, '/broken.xml')).status, 503);
    assert.equal((await get(shell.port, '/sitemap.xml')).status, 200);
  });

  it('answers a path made on request, 503 when making it fails, and serves files and pages as before', async () => {
    const made = await get(shell.port, '/made/page.css');
    assert.equal(made.status, 200);
    assert.equal(made.headers['content-type'], 'text/css; charset=utf-8');
    assert.equal(made.body.toString(), '/* /made/page.css */');
    assert.equal((await get(shell.port, '/made/away.css')).status, 503);
    assert.equal((await get(shell.port, '/about')).status, 200);
    assert.equal((await get(shell.port, '/missing.css')).status, 404);
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
    // Pages without generated tags are served as they are.
    assert.equal((await get(shell.port, '/about')).body.toString(), '<h1>About</h1>');
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

  it('asks browsers to keep to HTTPS (HSTS), on the shell and on the sections', () => {
    const shell = shellSecurityHeaders({
      remotes,
      siteConfig: { supabase: { url: 'https://abc.supabase.co' } },
    });
    assert.equal(shell['Strict-Transport-Security'], 'max-age=63072000; includeSubDomains');
    assert.equal(sectionSecurityHeaders['Strict-Transport-Security'], 'max-age=63072000; includeSubDomains');
  });
});
