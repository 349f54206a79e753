import { expect, test } from '../../support/test.ts';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';
import {
  deadManifestUrl,
  secondSiteOffsets,
  startSecondSite,
  type SecondSite,
} from '../../support/secondSite.ts';

// Each section in turn is unreachable (its server is down): its slots show the fallback, the rest of the site works.
interface DownSection {
  name: string;
  /** The second site's port offset. */
  offset: (typeof secondSiteOffsets)[number];
  /** Every page of the walk where the section has slots, and those slots (shell/src/site/sitePages.ts). */
  downPaths: Record<string, string[]>;
}

const sections: DownSection[] = [
  {
    name: 'portfolio',
    offset: 10,
    downPaths: {
      '/': ['portfolio/HomeAbout', 'portfolio/FeaturedProjects'],
      '/about': ['portfolio/AboutPage'],
      '/portfolio': ['portfolio/PortfolioPage'],
    },
  },
  {
    name: 'tutorials',
    offset: 20,
    downPaths: { '/': ['tutorials/TutorialsTeaser'], '/tutorials': ['tutorials/TutorialsPage'] },
  },
  {
    name: 'courses',
    offset: 30,
    downPaths: { '/': ['courses/CoursesTeaser'], '/courses': ['courses/CoursesPage'] },
  },
  {
    name: 'help',
    offset: 40,
    downPaths: { '/help': ['help/HelpRoutes'], '/help/privacy-policy': ['help/HelpRoutes'] },
  },
];

const fallback = /could not be loaded/;

const allPaths = ['/', '/about', '/portfolio', '/tutorials', '/courses', '/help', '/help/privacy-policy'];

for (const section of sections) {
  test.describe(`with the ${section.name} section down`, () => {
    let site: SecondSite;
    test.beforeAll(async () => {
      site = await startSecondSite(section.offset, {
        remotes: { [section.name]: deadManifestUrl(section.offset) },
      });
    });
    test.afterAll(async () => site.close());

    // One page a test, in order, on the one copy of the site this section's tests share.
    test.describe.configure({ mode: 'default' });
    test.beforeEach(({ page }) => asVisitorWhoSawThePopup(page));

    for (const path of allPaths) {
      test(`${path}: its slots show a small fallback and every other section still loads`, async ({
        page,
      }) => {
        await page.goto(`${site.url}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[data-section] [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
        // Every slot of the section on this page is there and shows the fallback, and no other slot is the section's.
        const downSlots = section.downPaths[path] ?? [];
        const sectionSlots = page.locator(`[data-section^="${section.name}/"]`);
        await expect(sectionSlots, path).toHaveCount(downSlots.length);
        for (const module of downSlots) {
          const slot = page.locator(`[data-section="${module}"]`);
          await expect(slot, `${path} ${module}`).toHaveCount(1);
          await expect(slot.getByTestId('section-fallback'), `${path} ${module}`).toContainText(fallback);
          await expect(slot.getByRole('button', { name: 'Try again' }), `${path} ${module}`).toBeVisible();
        }
        const slots = page.locator('[data-section]');
        for (let index = 0; index < (await slots.count()); index += 1) {
          const slot = slots.nth(index);
          const module = (await slot.getAttribute('data-section')) ?? '';
          if (module.startsWith(`${section.name}/`)) continue;
          await expect(slot.getByTestId('section-fallback'), `${path} ${module}`).toHaveCount(0);
          await expect(slot.locator(':scope > *'), `${path} ${module}`).not.toHaveCount(0);
          // The server's HTML fills the slot before any code runs: the section's own code runs there (it hydrated),
          // as the visitor nears it.
          await slot.scrollIntoViewIfNeeded();
          await expect(slot, `${path} ${module} runs its code`).toHaveAttribute('data-ready', 'true', {
            timeout: 15_000,
          });
        }
        await expect(page.getByRole('contentinfo')).toBeVisible();
      });
    }
  });
}
