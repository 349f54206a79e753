// The contract between the shell and the sections: the modules each section exposes, by name. A section's build
// exposes exactly these (tools/webpack/SectionContractPlugin.mjs fails the build otherwise); each is a component
// without props, with the loader of its data when it shows data (each section's contract test, type-checked); the
// shell's page slots can name only these (RemoteModuleId). Renaming or removing an exposed module starts here.
import type { ComponentType } from 'react';
import type { SectionLoader } from '@site/shared-ui/sectionData';

export const sectionContracts = {
  portfolio: ['HomeAbout', 'FeaturedProjects', 'AboutPage', 'PortfolioPage'],
  tutorials: ['TutorialsTeaser', 'TutorialsPage'],
  courses: ['CoursesTeaser', 'CoursesPage'],
  help: ['HelpRoutes'],
} as const;

export type SectionName = keyof typeof sectionContracts;

/** The modules a section exposes, by name. */
export type ExposedModuleName<Section extends SectionName> = (typeof sectionContracts)[Section][number];

/** A module a section exposes through Module Federation, as `<section>/<exposed name>`. */
export type RemoteModuleId = {
  [Section in SectionName]: `${Section}/${ExposedModuleName<Section>}`;
}[SectionName];

/** What an exposed module gives the shell: its component and, when it shows data, the loader of that data. */
export interface ExposedModule {
  default: ComponentType;
  /** Run on the server before rendering (see @site/shared-ui/sectionData). */
  loader?: SectionLoader;
}

/** A section's exposed modules as its contract test imports them: all of them, each of the right shape. */
export type SectionModules<Section extends SectionName> = Record<ExposedModuleName<Section>, ExposedModule>;

/** Which of the contract's module names a section's build does not expose, or exposes beyond it. */
export function nameBreaches(section: string, exposedNames: readonly string[]): string[] {
  const expected: readonly string[] = Object.hasOwn(sectionContracts, section)
    ? sectionContracts[section as SectionName]
    : [];
  if (expected.length === 0) return [`${section} is not a section of the contract`];
  return [
    ...expected
      .filter((name) => !exposedNames.includes(name))
      .map((name) => `${section} does not expose ${name}`),
    ...exposedNames
      .filter((name) => !expected.includes(name))
      .map((name) => `${section} exposes ${name}, which is not in its contract`),
  ];
}

/** What is wrong with a section's exposed modules as loaded (an empty list when it honours its contract). */
export function contractBreaches(section: SectionName, exposed: Record<string, unknown>): string[] {
  const breaches = nameBreaches(section, Object.keys(exposed));
  for (const [name, module] of Object.entries(exposed)) {
    const { default: component, loader } = (module ?? {}) as Partial<Record<'default' | 'loader', unknown>>;
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
      breaches.push(`${section}/${name} has no component as its default export`);
    }
    if (loader !== undefined && typeof loader !== 'function') {
      breaches.push(`${section}/${name}: its loader is not a function`);
    }
  }
  return breaches;
}
