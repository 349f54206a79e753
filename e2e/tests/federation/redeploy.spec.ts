import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
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

  test('changes the site with no rebuild of the shell', async ({ page }) => {
    site = await startSecondSite(50, { sectionRoots: { help: deployed } });
    const shellBuiltAt = statSync(shellHtml).mtimeMs;
    await page.goto(`${site.url}/help`);
    const notice = page.getByText(/^Redeployed at /);
    await expect(page.locator('[data-section="help/HelpRoutes"] [aria-busy="true"]')).toHaveCount(0);
    await expect(notice).toHaveCount(0);

    // The help team changes its section and builds it alone, in a copy of its package.
    workCopy = mkdtempSync(path.join(repoRoot, '.tmp-redeploy-'));
    for (const entry of [
      'src',
      'module-federation.config.mjs',
      'webpack.config.mjs',
      'tsconfig.json',
      'package.json',
    ]) {
      cpSync(path.join(repoRoot, 'mfe-help', entry), path.join(workCopy, entry), { recursive: true });
    }
    const stamp = new Date().toISOString();
    writeFileSync(
      path.join(workCopy, 'src/exposes/HelpRoutesRedeployed.tsx'),
      `import HelpRoutes from './HelpRoutes.tsx';\n\nexport default function HelpRoutesRedeployed() {\n  return (\n    <>\n      <p>Redeployed at ${stamp}</p>\n      <HelpRoutes />\n    </>\n  );\n}\n`,
    );
    const config = path.join(workCopy, 'module-federation.config.mjs');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        './src/exposes/HelpRoutes.tsx',
        './src/exposes/HelpRoutesRedeployed.tsx',
      ),
    );
    execFileSync('npx', ['webpack', '--config', 'webpack.config.mjs', '--mode', 'production'], {
      cwd: workCopy,
      stdio: 'pipe',
    });

    // Deploy: replace the section's static folder, as a section team's pipeline would.
    rmSync(deployed, { recursive: true, force: true });
    cpSync(path.join(workCopy, 'dist'), deployed, { recursive: true });

    await page.reload();
    await expect(notice).toHaveText(`Redeployed at ${stamp}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help');
    expect(statSync(shellHtml).mtimeMs).toBe(shellBuiltAt);
  });
});
