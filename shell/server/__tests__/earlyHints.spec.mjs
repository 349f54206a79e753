import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { earlyHintsFor } from '../earlyHints.mjs';

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
