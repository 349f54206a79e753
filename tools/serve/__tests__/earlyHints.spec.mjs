import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { earlyHintsFor, sectionManifests } from '../earlyHints.mjs';

const portfolioManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'HomeAbout',
      assets: { js: { sync: ['__federation_expose_HomeAbout.1a.js'] }, css: { sync: ['about.2b.css'] } },
    },
  ],
};

const config = {
  firstScreenModules: {
    '/': ['portfolio/HomeAbout'],
    '/courses': ['courses/CoursesPage'],
    '/help/privacy-policy': ['help/HelpRoutes'],
    '/about': [],
  },
  remotes: {
    portfolio: 'https://portfolio.example.com/v2/mf-manifest.json',
    courses: 'https://courses.example.com/mf-manifest.json',
  },
  siteConfig: { supabase: { url: 'https://abc.supabase.co/' } },
  manifests: { portfolio: portfolioManifest },
};

describe('early hints for a page', () => {
  it("preloads the runtime configuration, preconnects the backend, and preloads the first screen's section manifest and module stylesheet from where remotes.json says they are, but no script", () => {
    assert.deepEqual(earlyHintsFor('/', config).split(', '), [
      '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
      '</site-config.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
      '<https://abc.supabase.co>; rel=preconnect; crossorigin=anonymous',
      '<https://portfolio.example.com/v2/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
      '<https://portfolio.example.com/v2/about.2b.css>; rel=preload; as=style; fetchpriority=low',
    ]);
  });

  it("without the section's manifest, hints its manifest only", () => {
    assert.deepEqual(earlyHintsFor('/courses', config).split(', ').slice(3), [
      '<https://courses.example.com/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
    ]);
  });

  it('skips a section remotes.json does not list, and has nothing for unknown pages (nor other spellings)', () => {
    assert.equal(earlyHintsFor('/help/privacy-policy', config).split(', ').length, 3);
    assert.equal(earlyHintsFor('/help/privacy-policy/', config), undefined);
    assert.equal(earlyHintsFor('/about', config).split(', ').length, 3);
    assert.equal(earlyHintsFor('/nowhere', config), undefined);
  });
});

describe("the sections' manifests for the hints", () => {
  let server;
  let requests = 0;
  let url;
  // Answers its manifest until told to hang (as a frozen section's file server does).
  let hanging = false;
  const held = [];
  before(async () => {
    server = createServer((request, response) => {
      requests += 1;
      if (hanging) held.push(response);
      else if (request.url === '/mf-manifest.json') response.end(JSON.stringify(portfolioManifest));
      else response.writeHead(404).end();
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => {
    for (const response of held) response.destroy();
    server.close();
  });

  it('are fetched from where remotes.json says, kept for a few seconds, and missing when a section does not answer', async () => {
    const manifestsOf = sectionManifests({
      portfolio: `${url}/mf-manifest.json`,
      courses: `${url}/gone/mf-manifest.json`,
    });
    assert.deepEqual(await manifestsOf(['portfolio', 'courses', 'unknown']), {
      portfolio: portfolioManifest,
      courses: undefined,
    });
    await manifestsOf(['portfolio']);
    assert.equal(requests, 2);
  });

  it('keep the last one a section gave while it does not answer in time', async () => {
    const manifestsOf = sectionManifests({ portfolio: `${url}/mf-manifest.json` }, 0, 100);
    assert.deepEqual(await manifestsOf(['portfolio']), { portfolio: portfolioManifest });
    hanging = true;
    try {
      const startedAt = Date.now();
      assert.deepEqual(await manifestsOf(['portfolio']), { portfolio: portfolioManifest });
      assert.ok(Date.now() - startedAt < 1_000);
    } finally {
      hanging = false;
    }
  });
});
