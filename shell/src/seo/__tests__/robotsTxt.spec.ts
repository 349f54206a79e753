import { robotsTxt } from '../robotsTxt.ts';

describe('robotsTxt', () => {
  it('lets every crawler read every page and points to the sitemap by its full address', () => {
    expect(robotsTxt('https://alexmorgan.dev')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://alexmorgan.dev/sitemap.xml\n',
    );
  });
});
