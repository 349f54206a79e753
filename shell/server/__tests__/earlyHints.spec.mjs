import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { earlyHintsFor } from '../earlyHints.mjs';

const config = {
  firstScreenModules: {
    '/': ['portfolio/HomeAbout'],
    '/courses': ['courses/CoursesPage'],
    '/help/privacy-policy': ['help/HelpRoutes'],
    '/about': [],
  },
  remotes: {
    portfolio: 'https://portfolio.example.com/v2/mf-manifest.json',
    courses: 'https://abc.supabase.co/storage/courses/mf-manifest.json',
  },
  siteConfig: { supabase: { url: 'https://abc.supabase.co/' } },
};

describe('early hints for a page', () => {
  it("preconnect to the backend and to the first screen's section, and fetch nothing", () => {
    assert.equal(
      earlyHintsFor('/', config),
      '<https://abc.supabase.co>; rel=preconnect; crossorigin=anonymous, <https://portfolio.example.com>; rel=preconnect',
    );
    assert.doesNotMatch(earlyHintsFor('/', config), /preload|prefetch/);
  });

  it('name each origin once', () => {
    assert.equal(
      earlyHintsFor('/courses', config),
      '<https://abc.supabase.co>; rel=preconnect; crossorigin=anonymous',
    );
  });

  it('skip a section remotes.json does not list, and have nothing for unknown pages (nor other spellings)', () => {
    assert.equal(earlyHintsFor('/help/privacy-policy', config).split(', ').length, 1);
    assert.equal(earlyHintsFor('/help/privacy-policy/', config), undefined);
    assert.equal(earlyHintsFor('/about', config).split(', ').length, 1);
    assert.equal(earlyHintsFor('/nowhere', config), undefined);
  });
});
