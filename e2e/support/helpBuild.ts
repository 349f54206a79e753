// The help team's next build, made alone as a section team makes it: a copy of its package in which the exposed
// HelpRoutes is wrapped by a component of the test's (showing a line, using kit modules...), built with webpack. For
// the specs that deploy a section beside the running site (redeploy, previews and rollback, version skew).
import { execFile } from 'node:child_process';
import { test } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The kit's version today (shared-ui/package.json): the version every app provides and requires. */
export const kitVersion = (
  JSON.parse(readFileSync(path.join(repoRoot, 'shared-ui/package.json'), 'utf8')) as { version: string }
).version;

/** A safety net for one build of the section: webpack's browser and server builds, on a slow machine under load. */
const buildAtTheLatestMs = 300_000;

/** A copy of the help section's package inside the repository (so it resolves the workspace's dependencies). */
export function copyHelpPackage(prefix: string): string {
  const folder = mkdtempSync(path.join(repoRoot, `.tmp-${prefix}-`));
  for (const entry of [
    'src',
    'module-federation.config.mjs',
    'webpack.config.mjs',
    'tsconfig.json',
    'package.json',
  ]) {
    cpSync(path.join(repoRoot, 'mfe-help', entry), path.join(folder, entry), { recursive: true });
  }
  return folder;
}

/**
 * Exposes `wrapper` (a module's source, whose default export renders around HelpRoutes) as ./HelpRoutes, then
 * builds the copy into its dist/ (the browser build alone with `browserOnly`), and returns that folder.
 *
 * The build runs beside the test, never blocking its worker: a hook or test that runs out of time is stopped when its
 * time is up, not after a build that held the event loop (then its afterAll removed the copy while the rest of the
 * hook, woken late, was still reading it: "ENOENT .tmp-preview-…/dist/105.….js.br" under a loaded machine, where
 * the real failure was the hook's timeout). The time the build took is noted on the test.
 *
 * The build's time is the machine's, not the test's: while it runs, the test (or hook) has a safety net of its own for
 * it, and after it, the build's time is added to what the test had, so the test's own steps keep their budget on a
 * machine that builds three times slower (a build took 11 s alone on two cores and well over 60 s on one loaded core).
 */
export async function buildHelpWith(
  folder: string,
  wrapper: string,
  { browserOnly = false } = {},
): Promise<string> {
  writeFileSync(path.join(folder, 'src/exposes/HelpRoutesWrapped.tsx'), wrapper);
  const config = path.join(folder, 'module-federation.config.mjs');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      './src/exposes/HelpRoutes.tsx',
      './src/exposes/HelpRoutesWrapped.tsx',
    ),
  );
  const info = test.info();
  const budgetBefore = info.timeout;
  info.setTimeout(budgetBefore + buildAtTheLatestMs);
  const startedAt = Date.now();
  await promisify(execFile)(
    'npx',
    [
      'webpack',
      '--config',
      'webpack.config.mjs',
      ...(browserOnly ? ['--config-name', 'help'] : []),
      '--mode',
      'production',
    ],
    { cwd: folder, maxBuffer: 64 * 1024 * 1024 },
  );
  const took = Date.now() - startedAt;
  info.setTimeout(budgetBefore + took);
  info.annotations.push({ type: 'help build (ms)', description: String(took) });
  return path.join(folder, 'dist');
}

/** A wrapper that shows one line of text above the help pages. */
export function helpWithLine(line: string): string {
  return `import HelpRoutes from './HelpRoutes.tsx';\n\nexport default function HelpRoutesWrapped() {\n  return (\n    <>\n      <p>${line}</p>\n      <HelpRoutes />\n    </>\n  );\n}\n`;
}
