import { expect, test } from '@playwright/test';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';
import { buildHelpWith, copyHelpPackage, helpWithLine, repoRoot } from '../../support/helpBuild.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';

const shellHtml = path.join(repoRoot, 'shell/dist/index.html');

test.describe('redeploying one section', () => {
  test.setTimeout(120_000);
  let site: SecondSite;
  let deployed: string;
  let workCopy: string;

  test.beforeAll(() => {
    // The help team's deployed folder: a copy of today's build.
    deployed = mkdtempSync(path.join(os.tmpdir(), 'help-deployed-'));
    cpSync(path.join(repoRoot, 'mfe-help/dist'), deployed, { recursive: true });
  });
  test.afterAll(async () => {
    await site?.close();
    rmSync(deployed, { recursive: true, force: true });
    if (workCopy) rmSync(workCopy, { recursive: true, force: true });
  });

  test.beforeEach(({ page }) => asVisitorWhoSawThePopup(page));

  test('changes the site, rendered on the server and in the browser, with no rebuild of the shell or restart', async ({
    page,
    request,
  }) => {
    site = await startSecondSite(50, { sectionRoots: { help: deployed } });
    const shellBuiltAt = statSync(shellHtml).mtimeMs;
    await page.goto(`${site.url}/help`);
    const notice = page.getByText(/^Redeployed at /);
    await expect(page.locator('[data-section="help/HelpRoutes"] [aria-busy="true"]')).toHaveCount(0);
    await expect(notice).toHaveCount(0);

    // The help team changes its section and builds it alone, in a copy of its package.
    workCopy = copyHelpPackage('redeploy');
    const stamp = new Date().toISOString();
    const built = await buildHelpWith(workCopy, helpWithLine(`Redeployed at ${stamp}`));

    // Deploy: replace the section's static folder, as a section team's pipeline would.
    rmSync(deployed, { recursive: true, force: true });
    cpSync(built, deployed, { recursive: true });

    // The server renders the new build too, with no restart: it checks each section's server manifest every few
    // seconds and loads a changed build again.
    await expect
      .poll(async () => (await request.get(`${site.url}/help`)).text(), { timeout: 20_000 })
      .toContain(`Redeployed at ${stamp}`);
    const errors = collectConsoleErrors(page);
    await page.reload();
    await expect(notice).toHaveText(`Redeployed at ${stamp}`);
    await expect(page.locator('[data-section="help/HelpRoutes"]')).toHaveAttribute('data-rendered', 'server');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help');
    expect(statSync(shellHtml).mtimeMs).toBe(shellBuiltAt);
    // The HTML and the browser's build agree: the page hydrated without a mismatch.
    expect(errors).toEqual([]);
  });
});
