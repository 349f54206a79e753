import { expect, test } from '../../support/test.ts';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promoteRelease, uploadRelease } from '../../../tools/deploy/releases.mjs';
import { runtimeConfigFor, sitePortsFor } from '../../../shell/server/serveSite.mjs';
import { portOffset, ports } from '../../support/site.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';
import { buildHelpWith, copyHelpPackage, helpWithLine, repoRoot } from '../../support/helpBuild.ts';
import { keptForTheWholeTest, startSecondSite, type SecondSite } from '../../support/secondSite.ts';

const shellHtml = path.join(repoRoot, 'shell/dist/index.html');

test.describe('redeploying one section', () => {
  let site: SecondSite;
  let deployed: string;
  let workCopy: string;

  const publicUrl = `http://localhost:${sitePortsFor(portOffset + 50).help}/`;
  const deploy = async (distDir: string) => {
    const { version } = await uploadRelease({ app: 'help', distDir, root: deployed });
    await promoteRelease({ app: 'help', version, root: deployed, publicUrl });
  };

  test.beforeAll(async () => {
    // The help team's static host (scripts/deploy.mjs's layout): today's build, uploaded and promoted.
    deployed = mkdtempSync(path.join(os.tmpdir(), 'help-deployed-'));
    const { remotes } = runtimeConfigFor({ ...sitePortsFor(portOffset + 50), backend: ports.backend });
    writeFileSync(path.join(deployed, 'remotes.json'), JSON.stringify(remotes));
    await deploy(path.join(repoRoot, 'mfe-help/dist'));
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
    site = await startSecondSite(50, {
      sectionRoots: { help: deployed },
      remotesFile: path.join(deployed, 'remotes.json'),
      // A page it keeps never expires here: the server's own check of the section is what renders it again.
      pageFreshMs: keptForTheWholeTest,
    });
    const shellBuiltAt = statSync(shellHtml).mtimeMs;
    await page.goto(`${site.url}/help`);
    const notice = page.getByText(/^Redeployed at /);
    await expect(page.locator('[data-section="help/HelpRoutes"] [aria-busy="true"]')).toHaveCount(0);
    await expect(notice).toHaveCount(0);

    // The help team changes its section and builds it alone, in a copy of its package.
    workCopy = copyHelpPackage('redeploy');
    const stamp = new Date().toISOString();
    const built = await buildHelpWith(workCopy, helpWithLine(`Redeployed at ${stamp}`));

    // The page is kept in the server's cache, fresh for longer than the test: the case where no visitor's request
    // makes the server look at the section again.
    const keptAs = async () => (await request.get(`${site.url}/help`)).headers()['x-page-render'];
    await expect.poll(keptAs).toBe('cache-fresh');

    // Deploy: upload and promote, as a section team's pipeline does (promote pins what the server may run).
    await deploy(built);

    // The server renders the new build too, with no restart: it checks each section's server manifest every 2 s in
    // the background, loads a changed build again and renders the pages kept from it again; the kept page never
    // expires here, so nothing else can (0.4-4.0 s measured here on a loaded machine).
    const promotedAt = Date.now();
    await expect
      .poll(async () => (await request.get(`${site.url}/help`)).text())
      .toContain(`Redeployed at ${stamp}`);
    test.info().annotations.push({
      type: 'in the server HTML after (ms)',
      description: String(Date.now() - promotedAt),
    });
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
