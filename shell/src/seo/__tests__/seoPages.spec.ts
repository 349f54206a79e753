import { sitePages } from '../../site/sitePages.ts';
import { findSeoPage, seoPages } from '../seoPages.ts';

describe('seoPages', () => {
  it('is every page of the route table, with its title, description and banner', () => {
    expect(seoPages.map((page) => page.path)).toEqual(sitePages.map((page) => page.path));
    for (const page of seoPages) {
      expect(page.title).toMatch(/^Alex Morgan \| /);
      expect(page.description.length).toBeGreaterThan(20);
      expect(page.heading).not.toBe('');
      expect(page.modules.length).toBeGreaterThan(0);
    }
    expect(findSeoPage('/courses/')).toMatchObject({ title: 'Alex Morgan | Courses', heading: 'Courses' });
    expect(findSeoPage('/nowhere')).toBeUndefined();
  });
});
