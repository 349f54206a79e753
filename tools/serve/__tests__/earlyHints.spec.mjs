import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { earlyHintsFor } from '../earlyHints.mjs';

const config = {
  firstScreenSections: { '/': ['portfolio', 'courses'], '/help/privacy-policy': ['help'], '/about': [] },
  remotes: {
    portfolio: 'https://portfolio.example.com/v2/mf-manifest.json',
    courses: 'https://courses.example.com/mf-manifest.json',
  },
  siteConfig: { supabase: { url: 'https://abc.supabase.co/' } },
};

describe('early hints for a page', () => {
  it("preloads the runtime configuration, preconnects the backend, and preloads the page's sections from where remotes.json says they are", () => {
    const links = earlyHintsFor('/', config).split(', ');
    assert.deepEqual(links, [
      '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
      '</site-config.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
      '<https://abc.supabase.co>; rel=preconnect; crossorigin=anonymous',
      '<https://portfolio.example.com/v2/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
      '<https://portfolio.example.com/v2/remoteEntry.js>; rel=preload; as=script; fetchpriority=low',
      '<https://courses.example.com/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
      '<https://courses.example.com/remoteEntry.js>; rel=preload; as=script; fetchpriority=low',
    ]);
  });

  it('ignores a trailing slash, skips a section remotes.json does not list, and has nothing for unknown pages', () => {
    assert.equal(earlyHintsFor('/help/privacy-policy/', config).split(', ').length, 3);
    assert.equal(earlyHintsFor('/about', config).split(', ').length, 3);
    assert.equal(earlyHintsFor('/nowhere', config), undefined);
  });
});
