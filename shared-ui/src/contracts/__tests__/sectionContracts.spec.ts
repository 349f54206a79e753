import { contractBreaches, nameBreaches } from '@site/shared-ui/sectionContracts';

const Component = () => null;

describe("the sections' contract with the shell", () => {
  it('names each module a build lacks or adds', () => {
    expect(nameBreaches('courses', ['CoursesTeaser', 'CoursesPage'])).toEqual([]);
    expect(nameBreaches('courses', ['CoursesTeaser', 'CoursePage'])).toEqual([
      'courses does not expose CoursesPage',
      'courses exposes CoursePage, which is not in its contract',
    ]);
    expect(nameBreaches('blog', ['Posts'])).toEqual(['blog is not a section of the contract']);
    expect(nameBreaches('toString', [])).toEqual(['toString is not a section of the contract']);
  });

  it('refuses a module without a component, or with a loader that is not a function', () => {
    expect(contractBreaches('help', { HelpRoutes: { default: Component } })).toEqual([]);
    expect(contractBreaches('help', { HelpRoutes: { default: 'HelpRoutes' } })).toEqual([
      'help/HelpRoutes has no component as its default export',
    ]);
    expect(contractBreaches('help', { HelpRoutes: { default: Component, loader: {} } })).toEqual([
      'help/HelpRoutes: its loader is not a function',
    ]);
  });
});
