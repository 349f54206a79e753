// Releases on the static host: every build goes to a folder of its own, named by its content, and goes live only when
// a pointer moves to it. So a deploy that fails half way changes nothing visitors see, a tested build is exactly the
// build that goes live, and rollback is moving the pointer back.
//
// The host's document root (a directory the deploy machine can write) holds:
//   remotes.json                   the live pointer of the sections (section -> its live mf-manifest.json), served
//                                  as the site's /remotes.json
//   section-pins.json              what promote pinned: live mf-manifest.json URL -> the SHA-384 of each file of that
//                                  version's server build ("server/remoteEntry.js": "sha384-…"); the site's server runs
//                                  a section's server code only if every byte it fetches matches (never served)
//   site-config.json               this environment's backend URL, publishable key and reCAPTCHA site key (written
//                                  once by the owner), served as the site's /site-config.json
//   <section>/<version>/           one immutable folder per section build (mf-manifest.json, remoteEntry.js, ...)
//   shell/<version>/               one immutable folder per shell build (its HTML, scripts, styles, images)
//   shell/current -> <version>     the live shell: the host serves the site's files from here
// No dependencies beyond Node, so it runs on a deploy machine without node_modules.
import { createHash } from 'node:crypto';
import {
  cp,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { sectionFolders } from './sectionFolders.mjs';

/** The apps that deploy on their own: the four sections and the shell. */
export const deployableApps = [...Object.keys(sectionFolders), 'shell'];

/** The folder an app is built in, relative to the repository root. */
export function appFolder(app) {
  assertKnownApp(app);
  return app === 'shell' ? 'shell' : sectionFolders[app];
}

// The shell's build carries the runtime configuration of local serving (localhost URLs, the local publishable key); on
// the host both files belong to the environment and live at the root, and a copy inside a shell version would shadow
// them.
const leftOutOfShell = new Set(['remotes.json', 'site-config.json']);

// What a version folder must hold to be worth pointing at.
const entryFile = (app) => (app === 'shell' ? 'index.html' : 'mf-manifest.json');

const versionPattern = /^[0-9a-f]{16}$/;

function assertKnownApp(app) {
  if (!deployableApps.includes(app)) {
    throw new Error(`Unknown app "${app}": one of ${deployableApps.join(', ')}.`);
  }
}

function assertVersion(version) {
  if (!versionPattern.test(version))
    throw new Error(`"${version}" is not a version (16 hexadecimal digits).`);
}

async function filesUnder(dir, prefix = '') {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const files = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

async function shippedFiles(app, distDir) {
  const files = await filesUnder(distDir);
  return files.filter((file) => !(app === 'shell' && leftOutOfShell.has(file))).sort();
}

/**
 * The version of a build: a hash of every shipped file's path and bytes. The same build always gets the same
 * version, so uploading it twice is harmless, and any change gets a new folder.
 */
export async function contentVersion(app, distDir) {
  const hash = createHash('sha256');
  for (const file of await shippedFiles(app, distDir)) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(distDir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function exists(file) {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies a build to its version folder under the host's root, without making it live. The folder appears whole
 * (copied beside it, then renamed), so nothing ever serves half a build.
 * @returns {Promise<{ version: string, folder: string, created: boolean }>}
 */
export async function uploadRelease({ app, distDir, root }) {
  assertKnownApp(app);
  if (!(await exists(path.join(distDir, entryFile(app))))) {
    throw new Error(`${distDir} has no ${entryFile(app)}: build ${appFolder(app)} first.`);
  }
  const version = await contentVersion(app, distDir);
  const folder = path.join(root, app, version);
  if (await exists(folder)) return { version, folder, created: false };

  const incoming = path.join(root, app, `.incoming-${version}-${process.pid}`);
  await mkdir(incoming, { recursive: true });
  try {
    for (const file of await shippedFiles(app, distDir)) {
      await cp(path.join(distDir, file), path.join(incoming, file));
    }
    await rename(incoming, folder);
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw error;
  }
  return { version, folder, created: true };
}

/** Writes a file so that readers see the old bytes or the new, never a torn file. */
async function replaceFile(file, contents) {
  const next = `${file}.next-${process.pid}`;
  await writeFile(next, contents);
  await rename(next, file);
}

const readRemotes = (root) => readJson(path.join(root, 'remotes.json'));

/** Where promote records the hashes of what it makes live, beside remotes.json. */
export const pinsFile = 'section-pins.json';

/**
 * The SHA-384 of every file of a section version's server build, by its path from the version's folder
 * ("server/remoteEntry.js"), in the form of a Subresource Integrity value.
 * @param {string} folder the version's folder (with server/mf-manifest.json)
 * @returns {Promise<Record<string, string>>}
 */
export async function serverBuildPins(folder) {
  const serverDir = path.join(folder, 'server');
  const files = await filesUnder(serverDir).catch((error) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const pins = {};
  for (const file of files.sort()) {
    const digest = createHash('sha384')
      .update(await readFile(path.join(serverDir, file)))
      .digest('base64');
    pins[`server/${file}`] = `sha384-${digest}`;
  }
  return pins;
}

async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return {};
    throw error;
  }
}

/** The base URL the host serves the root at: https, or http only on this machine (tests, a local mirror). */
function assertPublicUrl(publicUrl) {
  const url = new URL(publicUrl);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new Error(`The public URL must be https:// (got ${publicUrl}).`);
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * Makes an uploaded version live: the section's entry in remotes.json, or the shell's `current` link. Promoting an
 * older version is the rollback. Other sections' entries are kept as they are.
 * @returns {Promise<{ previous: string | undefined, live: string }>} what was live before, and what is now
 */
export async function promoteRelease({ app, version, root, publicUrl }) {
  assertKnownApp(app);
  assertVersion(version);
  if (!(await exists(path.join(root, app, version, entryFile(app))))) {
    throw new Error(`No ${app} version ${version} under ${root}: upload it first.`);
  }

  if (app === 'shell') {
    const link = path.join(root, 'shell', 'current');
    const previous = await readlink(link).catch(() => undefined);
    const next = `${link}.next-${process.pid}`;
    await symlink(version, next);
    await rename(next, link);
    return { previous, live: version };
  }

  const base = assertPublicUrl(publicUrl);
  const remotes = await readRemotes(root);
  const previous = remotes[app];
  const live = new URL(`${app}/${version}/mf-manifest.json`, base).href;
  // The hashes first (kept for every version promoted, so a rollback is pinned too), then the pointer: a reader never
  // sees a live version without its hashes.
  const pins = await readJson(path.join(root, pinsFile));
  pins[live] = await serverBuildPins(path.join(root, app, version));
  await replaceFile(path.join(root, pinsFile), `${JSON.stringify(pins, null, 2)}\n`);
  await replaceFile(
    path.join(root, 'remotes.json'),
    `${JSON.stringify({ ...remotes, [app]: live }, null, 2)}\n`,
  );
  return { previous, live };
}
