// `npm run dev` in a throwaway copy of the working tree, for what edits sources while the site runs (the dev-loop test,
// `npm run bench:dev`): the tree itself is never touched, whatever happens to the test or the bench. The copy holds
// the apps' and the backend's sources, copied afresh each time with their modification times (so webpack's cache, kept
// in the copy from one run to the next, stays valid), and links to the tree for the rest: the dependencies, and the
// production builds of the sections served as built (build them first: `npm run build`).
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  lstatSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appFolder, apps } from '../scripts/devApps.mjs';

const tree = path.resolve(import.meta.dirname, '..');
/**
 * What the launcher needs of the tree, besides the dependencies. The kit and the build tools come through those (from
 * the tree); their copies here are what turbo hashes when it decides whether the shell's build is up to date.
 */
const copiedSources = [
  '.gitignore',
  'package.json',
  'package-lock.json',
  'turbo.json',
  'tsconfig.json',
  'types',
  'scripts',
  'supabase',
  'shared-ui',
  'tools',
  ...apps.map(appFolder),
];
/** Build output, caches and local state: never copied (the backend's pristine snapshot alone is, see below). */
const notCopied = new Set([
  'node_modules',
  'dist',
  'dist-dev',
  'dist-server',
  'dist-prerender',
  '.local',
  '.turbo',
]);

/** Links each of the tree's `<folder>/node_modules` entries into the copy (a folder of its own: webpack's cache is
 *  kept there, per copy). */
function linkDependencies(copy, folder) {
  const from = path.join(tree, folder, 'node_modules');
  if (!existsSync(from)) return;
  const to = path.join(copy, folder, 'node_modules');
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from).filter((name) => name !== '.cache')) {
    link(path.join(from, entry), path.join(to, entry));
  }
}

/**
 * A copy of the tree to run `npm run dev` in, at a fixed place per port offset (runs side by side never share one).
 * Sources are copied over what an earlier run left (an edit of that run included), and what the tree no longer has is
 * removed (a migration folded into another one, left there, was applied twice).
 * @param {{ portOffset: number, asBuilt: string[] }} options asBuilt: the sections the copy serves as built, linked
 *   to the tree's production builds
 * @returns {string} the copy's folder
 */
export function copyOfTheTree({ portOffset, asBuilt }) {
  const copy = path.join(os.tmpdir(), `site-dev-copy-${portOffset}`);
  for (const source of copiedSources) mirror(path.join(tree, source), path.join(copy, source));
  // The backend's pristine snapshot, which it would otherwise build again (half a minute).
  const state = path.join(tree, 'supabase/.local');
  mkdirSync(path.join(copy, 'supabase/.local'), { recursive: true });
  for (const snapshot of existsSync(state)
    ? readdirSync(state).filter((name) => name.startsWith('pristine-'))
    : []) {
    cpSync(path.join(state, snapshot), path.join(copy, 'supabase/.local', snapshot), {
      preserveTimestamps: true,
    });
  }
  link(path.join(tree, 'node_modules'), path.join(copy, 'node_modules'));
  const workspaces = JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')).workspaces;
  for (const workspace of workspaces.filter((folder) => existsSync(path.join(copy, folder)))) {
    linkDependencies(copy, workspace);
  }
  for (const section of asBuilt) {
    const build = path.join(tree, appFolder(section), 'dist');
    if (!existsSync(path.join(build, 'mf-manifest.json')))
      throw new Error(`${section} has no production build: run npm run build first`);
    link(build, path.join(copy, appFolder(section), 'dist'));
  }
  return copy;
}

/**
 * Makes `to` a copy of `from`, with the modification times: what `from` lacks is removed from `to`, except build
 * output, caches and local state (`notCopied`), which stay as they were.
 * @param {string} from
 * @param {string} to
 */
export function mirror(from, to) {
  removeWhatIsNotIn(from, to);
  cpSync(from, to, {
    recursive: true,
    force: true,
    preserveTimestamps: true,
    filter: (source) => !notCopied.has(path.basename(source)),
  });
}

function kindOf(file) {
  try {
    return lstatSync(file).isDirectory() ? 'folder' : 'file';
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

function removeWhatIsNotIn(from, to) {
  const kind = kindOf(to);
  if (kind === undefined) return;
  if (kind !== kindOf(from)) {
    rmSync(to, { recursive: true, force: true });
    return;
  }
  if (kind !== 'folder') return;
  for (const name of readdirSync(to)) {
    if (!notCopied.has(name)) removeWhatIsNotIn(path.join(from, name), path.join(to, name));
  }
}

/**
 * A link at `at` to `target`. One an earlier run left there pointing elsewhere (its copy was made from another clone
 * of the tree) is replaced: kept, it mixed this tree's sources with that tree's packages (a kit module new here was
 * "not exported" by the other tree's kit).
 */
export function link(target, at) {
  let current;
  try {
    current = readlinkSync(at);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  if (current === target) return;
  if (current !== undefined) unlinkSync(at);
  symlinkSync(target, at);
}

/**
 * Starts `npm run dev -- <apps>` in the copy, with a throwaway copy of the seeded backend, and waits for its banner.
 * @param {{ copy: string, watched: string[], portOffset: number, timeoutMs?: number }} options
 * @returns {Promise<{ url: string, readyMs: number, output: () => string, stop: () => Promise<void> }>} readyMs: from
 *   the start to the banner
 */
export async function startDevSite({ copy, watched, portOffset, timeoutMs = 600_000 }) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(copy, 'scripts/dev.mjs'), ...watched, '--fresh-backend', '--quiet'],
    {
      cwd: copy,
      env: { ...process.env, SITE_PORT_OFFSET: String(portOffset) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`npm run dev was not ready within ${timeoutMs} ms:\n${output.slice(-3000)}`));
    }, timeoutMs);
    const read = (chunk) => {
      output += chunk;
      if (/^ {2}Ready in /m.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm run dev stopped (exit code ${code}):\n${output.slice(-3000)}`));
    });
  });
  return {
    url: `http://localhost:${3000 + portOffset}`,
    readyMs: performance.now() - started,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Saves a source file of the copy with `from` replaced by `to`; `from` must be there (a test's anchor in the code).
 * Saved whole at once, as an editor's safe write does (a new file renamed over the old): a file written in place is
 * empty for a moment, and on a loaded machine the watcher can build that moment (the page then reloads).
 */
export function editSource(copy, file, from, to) {
  const absolute = path.join(copy, file);
  const text = readFileSync(absolute, 'utf8');
  if (!text.includes(from))
    throw new Error(`${file} no longer holds ${JSON.stringify(from)}: update the edit`);
  const saving = path.join(path.dirname(absolute), `.${path.basename(absolute)}.saving`);
  writeFileSync(saving, text.replace(from, to));
  renameSync(saving, absolute);
}
