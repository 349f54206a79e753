import { incompatibleSingleton, recordRefusal, refusalOf } from '../incompatibleSingleton.ts';

describe('a section refused for the version of a shared module', () => {
  it('names the module and the version it needs, from Module Federation’s refusal', () => {
    const refusal = new Error(
      '[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @site/shared-ui/eventBus does not satisfy the requirement of help which needs ^2.0.0)',
    );
    expect(incompatibleSingleton(refusal)).toBe('@site/shared-ui/eventBus ^2.0.0');
  });

  it('is nothing for any other failure', () => {
    expect(incompatibleSingleton(new Error('Failed to fetch'))).toBeUndefined();
  });

  it('is remembered for the section module, whatever error the section then fails with', () => {
    recordRefusal(
      'help/HelpRoutes',
      new Error(
        'Version 1.0.0 from shell of shared singleton module @site/shared-ui/router does not satisfy the requirement of help which needs ^2.0.0)',
      ),
    );
    recordRefusal('courses/CoursesPage', new Error('Failed to fetch'));
    expect(
      refusalOf('help/HelpRoutes', new TypeError("Cannot read properties of undefined (reading 'Routes')")),
    ).toBe('@site/shared-ui/router ^2.0.0');
    expect(refusalOf('courses/CoursesPage', new Error('Failed to fetch'))).toBeUndefined();
  });
});
