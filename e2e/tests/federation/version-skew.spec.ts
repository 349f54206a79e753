// Issue 12: a section deployed with a newer kit than the shell provides still works, and one that needs another
// major version of a shared singleton is refused in its slot with a clear message, the rest of the site working. The
// help section is built alone against a copy of the kit with a bumped version (as a section team would after a kit
// release), and served to a copy of the site whose shell has today's kit.
import { expect, test, type Page } from '../../support/test.ts';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildHelpWith, copyHelpPackage, kitVersion, repoRoot } from '../../support/helpBuild.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { waitForSectionReady } from '../../support/sections.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';

test.use({ storageState: visitorWhoSawThePopup });

/** The kit the shell provides today, the next minor release, and the next major one. */
const kitNow = kitVersion;
const [kitMajor, kitMinor] = kitNow.split('.').map(Number) as [number, number];
const nextMinor = `${kitMajor}.${kitMinor + 1}.0`;
const nextMajor = `${kitMajor + 1}.0.0`;

/**
 * Builds the help section alone (its browser build) against a copy of the kit at `kitVersion`, in which the
 * existing SectionHeading takes a new `badge` and a new module NewNotice exists; its page shows both.
 */
async function buildHelpAgainstKit(kitVersion: string): Promise<{ dist: string; folder: string }> {
  const folder = copyHelpPackage(`skew-${kitVersion}`);
  // The kit this team builds against, found by the build as its installed @site/shared-ui.
  const kit = path.join(folder, 'kit');
  for (const entry of ['src', 'package.json']) {
    cpSync(path.join(repoRoot, 'shared-ui', entry), path.join(kit, entry), { recursive: true });
  }
  const kitPackage = JSON.parse(readFileSync(path.join(kit, 'package.json'), 'utf8')) as {
    version: string;
    exports: Record<string, string>;
  };
  kitPackage.version = kitVersion;
  kitPackage.exports['./NewNotice'] = './src/components/NewNotice.tsx';
  writeFileSync(path.join(kit, 'package.json'), JSON.stringify(kitPackage, null, 2));
  writeFileSync(
    path.join(kit, 'src/components/NewNotice.tsx'),
    `export function NewNotice() {\n  return <p>A notice from kit ${kitVersion}</p>;\n}\n`,
  );
  const heading = path.join(kit, 'src/components/SectionHeading.tsx');
  writeFileSync(
    heading,
    readFileSync(heading, 'utf8')
      .replace('  level?: 2 | 3;\n}', '  level?: 2 | 3;\n  badge?: string;\n}')
      .replace(
        '{ title, eyebrow, subtitle, id, level = 2 }',
        '{ title, eyebrow, subtitle, id, level = 2, badge }',
      )
      .replace('        {title}\n', '        {title}\n        {badge && <span> ({badge})</span>}\n'),
  );
  mkdirSync(path.join(folder, 'node_modules/@site'), { recursive: true });
  symlinkSync(kit, path.join(folder, 'node_modules/@site/shared-ui'), 'dir');

  const dist = await buildHelpWith(
    folder,
    [
      "import { NewNotice } from '@site/shared-ui/NewNotice';",
      "import { SectionHeading } from '@site/shared-ui/SectionHeading';",
      "import HelpRoutes from './HelpRoutes.tsx';",
      '',
      'export default function HelpRoutesWrapped() {',
      '  return (',
      '    <>',
      `      <SectionHeading title="Help, built with kit ${kitVersion}" badge="new in ${kitVersion}" />`,
      '      <NewNotice />',
      '      <HelpRoutes />',
      '    </>',
      '  );',
      '}',
      '',
    ].join('\n'),
    { browserOnly: true },
  );
  return { dist, folder };
}

const helpSlot = (page: Page) => page.locator('[data-section="help/HelpRoutes"]');

test.describe('a section built against a newer kit than the shell provides', () => {
  const sites: SecondSite[] = [];
  const folders: string[] = [];
  test.afterAll(async () => {
    await Promise.all(sites.map((site) => site.close()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  test('a minor release: it brings its own copy of what is newer and shares the one state', async ({
    page,
  }) => {
    const build = await buildHelpAgainstKit(nextMinor);
    folders.push(build.folder);
    const site = await startSecondSite(120, { sectionRoots: { help: build.dist } });
    sites.push(site);
    await page.goto(`${site.url}/help/privacy-policy`);
    await expect(
      helpSlot(page).getByRole('heading', {
        name: `Help, built with kit ${nextMinor} (new in ${nextMinor})`,
      }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await expect(helpSlot(page)).toContainText(`A notice from kit ${nextMinor}`);
    await expect(page.getByRole('navigation', { name: 'Help pages' })).toBeVisible();
    // The server's HTML shows the section before its code runs; what it took from the share scope is known only then.
    await waitForSectionReady(page, 'help/HelpRoutes');

    const scope = await page.evaluate(() => {
      type Versions = Record<string, { from: string; loaded?: boolean; useIn?: string[] }>;
      const share = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, { default: Record<string, Versions> }> };
        }
      ).__FEDERATION__.__SHARE__;
      const scope = share['shell:1.0.0']!.default;
      return {
        router: scope['@site/shared-ui/router'],
        eventBus: scope['@site/shared-ui/eventBus'],
        heading: scope['@site/shared-ui/SectionHeading'],
      };
    });
    // The state is one: the router and the event bus the shell provides serve the section too.
    // (The section registers its own copies too, as every remote does, but they are never loaded.)
    for (const singleton of [scope.router, scope.eventBus]) {
      expect(singleton?.[kitNow]).toMatchObject({ from: 'shell', loaded: true });
      expect(singleton?.[nextMinor]?.loaded).toBeFalsy();
    }
    expect(scope.router?.[kitNow]?.useIn).toEqual(expect.arrayContaining(['shell', 'help']));
    // The newer component is the section's own copy.
    expect(scope.heading?.[nextMinor]).toMatchObject({ from: 'help', loaded: true });
  });

  test('a major release: refused in its slot, saying why, and the rest of the page works', async ({
    page,
  }) => {
    const build = await buildHelpAgainstKit(nextMajor);
    folders.push(build.folder);
    const site = await startSecondSite(130, { sectionRoots: { help: build.dist } });
    sites.push(site);
    await page.goto(`${site.url}/help/privacy-policy`);
    const fallback = helpSlot(page).getByTestId('section-fallback');
    await expect(fallback).toContainText(
      new RegExp(
        `Help could not be loaded: it needs a newer version of the site \\(@site/shared-ui/\\w+ \\^${nextMajor.replaceAll('.', '\\.')}\\)`,
      ),
      { timeout: 20_000 },
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});
