// The runners npm test starts run on the Node.js the project pins, and every compiled addon npm installed loads on
// it: the ABI of an addon built for the Node that ran `npm install` (the system's, older) would not match.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { pinnedNodeBinary, pinnedNodeVersion } from '../pinnedNode.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

test('the tests run on the Node.js the project pins', () => {
  assert.equal(process.version, pinnedNodeVersion);
  assert.equal(realpathSync(process.execPath), realpathSync(pinnedNodeBinary));
});

/** Where npm installs packages: the root's node_modules and each workspace's own. */
function nodeModulesFolders() {
  const { workspaces } = require(path.join(repoRoot, 'package.json'));
  return ['.', ...workspaces]
    .map((folder) => path.join(repoRoot, folder, 'node_modules'))
    .filter((folder) => existsSync(folder));
}

/** The folders of the installed packages that hold a compiled addon (a `.node` file). */
function packagesWithAddons() {
  const packages = new Set();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== '.cache') walk(entryPath);
      else if (entry.isFile() && entry.name.endsWith('.node'))
        packages.add(/^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(entryPath)[1]);
    }
  };
  for (const folder of nodeModulesFolders()) walk(folder);
  return [...packages].sort();
}

const addonPackages = packagesWithAddons();

test('npm installed packages with compiled addons (so the next test has something to load)', () => {
  assert.ok(addonPackages.length > 0);
});

/**
 * What a package's dependents import to load its addon: the package itself, or, where its exports name no main
 * entry, each addon it exports (sharp's platform package exports only `./sharp.node`).
 */
function addonEntries({ name, exports }) {
  const subpaths = exports && typeof exports === 'object' ? Object.keys(exports) : [];
  if (!subpaths.some((subpath) => subpath.startsWith('./')) || subpaths.includes('.')) return [name];
  return subpaths
    .filter((subpath) => subpath.endsWith('.node'))
    .map((subpath) => `${name}${subpath.slice(1)}`);
}

for (const folder of addonPackages) {
  const manifest = require(path.join(folder, 'package.json'));
  test(`${manifest.name} ${manifest.version} loads its addon on ${process.version}`, async () => {
    // By name, from the folder that holds its node_modules, as its dependents import it.
    const importer = createRequire(
      path.join(folder.slice(0, folder.lastIndexOf('/node_modules/')), 'noop.js'),
    );
    const entries = addonEntries(manifest);
    assert.ok(entries.length > 0, `${manifest.name} exports no entry to load its addon from`);
    for (const entry of entries) await import(importer.resolve(entry));
  });
}
