// The help team's next build, made alone as a section team makes it: a copy of its package in which the exposed
// HelpRoutes is wrapped by a component of the test's (showing a line, using kit modules...), built with webpack. For
// the specs that deploy a section beside the running site (redeploy, previews and rollback, version skew).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The kit's version today (shared-ui/package.json): the version every app provides and requires. */
export const kitVersion = (
  JSON.parse(readFileSync(path.join(repoRoot, 'shared-ui/package.json'), 'utf8')) as { version: string }
).version;

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
 */
export function buildHelpWith(folder: string, wrapper: string, { browserOnly = false } = {}): string {
  writeFileSync(path.join(folder, 'src/exposes/HelpRoutesWrapped.tsx'), wrapper);
  const config = path.join(folder, 'module-federation.config.mjs');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      './src/exposes/HelpRoutes.tsx',
      './src/exposes/HelpRoutesWrapped.tsx',
    ),
  );
  execFileSync(
    'npx',
    [
      'webpack',
      '--config',
      'webpack.config.mjs',
      ...(browserOnly ? ['--config-name', 'help'] : []),
      '--mode',
      'production',
    ],
    { cwd: folder, stdio: 'pipe' },
  );
  return path.join(folder, 'dist');
}

/** A wrapper that shows one line of text above the help pages. */
export function helpWithLine(line: string): string {
  return `import HelpRoutes from './HelpRoutes.tsx';\n\nexport default function HelpRoutesWrapped() {\n  return (\n    <>\n      <p>${line}</p>\n      <HelpRoutes />\n    </>\n  );\n}\n`;
}
