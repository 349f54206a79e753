import { after, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { pinsFile, promoteRelease, uploadRelease } from '../releases.mjs';

const run = promisify(execFile);
const deployScript = path.resolve(import.meta.dirname, '../../../scripts/deploy.mjs');
const publicUrl = 'https://static.example.com/site';

let work;
let root;

async function build(name, files) {
  const dir = path.join(work, name);
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), contents);
  }
  return dir;
}

const coursesV1 = { 'mf-manifest.json': '{"v":1}', 'remoteEntry.js': 'one', 'assets/a.1a.js': 'a' };
const coursesV2 = { ...coursesV1, 'remoteEntry.js': 'two' };
const readRemotes = async () => JSON.parse(await readFile(path.join(root, 'remotes.json'), 'utf8'));

beforeEach(async () => {
  await rm(work ?? '/nonexistent', { recursive: true, force: true });
  work = await mkdtemp(path.join(os.tmpdir(), 'site-deploy-'));
  root = path.join(work, 'host');
});
after(() => rm(work, { recursive: true, force: true }));

describe('uploading a section build', () => {
  it('copies every file to a folder named by the content, and the same build twice to the same folder', async () => {
    const dist = await build('dist', coursesV1);
    const first = await uploadRelease({ app: 'courses', distDir: dist, root });
    assert.match(first.version, /^[0-9a-f]{16}$/);
    assert.equal(first.created, true);
    assert.equal(first.folder, path.join(root, 'courses', first.version));
    assert.equal(await readFile(path.join(first.folder, 'assets/a.1a.js'), 'utf8'), 'a');
    assert.deepEqual((await readdir(path.join(root, 'courses'))).sort(), [first.version]);

    const again = await uploadRelease({ app: 'courses', distDir: dist, root });
    assert.deepEqual(again, { ...first, created: false });
  });

  it('gives a changed build a new folder and leaves the old one in place', async () => {
    const one = await uploadRelease({ app: 'courses', distDir: await build('v1', coursesV1), root });
    const two = await uploadRelease({ app: 'courses', distDir: await build('v2', coursesV2), root });
    assert.notEqual(one.version, two.version);
    assert.equal(await readFile(path.join(one.folder, 'remoteEntry.js'), 'utf8'), 'one');
    assert.equal(await readFile(path.join(two.folder, 'remoteEntry.js'), 'utf8'), 'two');
  });

  it('does not make anything live', async () => {
    await uploadRelease({ app: 'courses', distDir: await build('dist', coursesV1), root });
    await assert.rejects(readFile(path.join(root, 'remotes.json')), { code: 'ENOENT' });
  });

  it('refuses a folder that is not a build, and an unknown app', async () => {
    const notBuilt = await build('empty', { 'readme.txt': 'x' });
    await assert.rejects(uploadRelease({ app: 'courses', distDir: notBuilt, root }), /no mf-manifest\.json/);
    await assert.rejects(uploadRelease({ app: 'blog', distDir: notBuilt, root }), /Unknown app "blog"/);
  });
});

describe('promoting a section version', () => {
  it("points the section's entry of remotes.json at the version and keeps the other sections' entries", async () => {
    await mkdir(root, { recursive: true });
    await writeFile(
      path.join(root, 'remotes.json'),
      JSON.stringify({ help: 'https://static.example.com/site/help/0123456789abcdef/mf-manifest.json' }),
    );
    const { version } = await uploadRelease({
      app: 'courses',
      distDir: await build('dist', coursesV1),
      root,
    });
    const result = await promoteRelease({ app: 'courses', version, root, publicUrl });
    const live = `https://static.example.com/site/courses/${version}/mf-manifest.json`;
    assert.deepEqual(result, { previous: undefined, live });
    assert.deepEqual(await readRemotes(), {
      help: 'https://static.example.com/site/help/0123456789abcdef/mf-manifest.json',
      courses: live,
    });
  });

  it('records the SHA-384 of every file of the server build it makes live, beside the pointer, for each version', async () => {
    const withServer = {
      ...coursesV1,
      'server/mf-manifest.json': '{"server":1}',
      'server/remoteEntry.js': 'entry',
      'server/1.0123456789.js': 'chunk',
    };
    const one = await uploadRelease({ app: 'courses', distDir: await build('s1', withServer), root });
    const two = await uploadRelease({
      app: 'courses',
      distDir: await build('s2', { ...withServer, 'server/remoteEntry.js': 'entry 2' }),
      root,
    });
    await promoteRelease({ app: 'courses', version: one.version, root, publicUrl });
    await promoteRelease({ app: 'courses', version: two.version, root, publicUrl });
    const pins = JSON.parse(await readFile(path.join(root, pinsFile), 'utf8'));
    const sri = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
    const url = (version) => `https://static.example.com/site/courses/${version}/mf-manifest.json`;
    assert.deepEqual(pins[url(two.version)], {
      'server/1.0123456789.js': sri('chunk'),
      'server/mf-manifest.json': sri('{"server":1}'),
      'server/remoteEntry.js': sri('entry 2'),
    });
    assert.equal(pins[url(one.version)]['server/remoteEntry.js'], sri('entry'));
    assert.equal((await readRemotes()).courses, url(two.version));
  });

  it('rolls back by promoting the older version again', async () => {
    const one = await uploadRelease({ app: 'courses', distDir: await build('v1', coursesV1), root });
    const two = await uploadRelease({ app: 'courses', distDir: await build('v2', coursesV2), root });
    await promoteRelease({ app: 'courses', version: one.version, root, publicUrl });
    await promoteRelease({ app: 'courses', version: two.version, root, publicUrl });
    const rollback = await promoteRelease({ app: 'courses', version: one.version, root, publicUrl });
    assert.match(rollback.previous, new RegExp(`/courses/${two.version}/`));
    assert.match((await readRemotes()).courses, new RegExp(`/courses/${one.version}/mf-manifest\\.json$`));
  });

  it('refuses a version that was never uploaded, a malformed version and a public URL without TLS', async () => {
    const { version } = await uploadRelease({
      app: 'courses',
      distDir: await build('dist', coursesV1),
      root,
    });
    await assert.rejects(
      promoteRelease({ app: 'courses', version: 'fedcba9876543210', root, publicUrl }),
      /No courses version fedcba9876543210/,
    );
    await assert.rejects(
      promoteRelease({ app: 'courses', version: '../help', root, publicUrl }),
      /not a version/,
    );
    await assert.rejects(
      promoteRelease({ app: 'courses', version, root, publicUrl: 'http://static.example.com' }),
      /must be https/,
    );
    await assert.rejects(readFile(path.join(root, 'remotes.json')), { code: 'ENOENT' });
  });
});

describe('the shell', () => {
  it("leaves the environment's runtime configuration out of its version and goes live through `current`", async () => {
    const dist = await build('shell', {
      'index.html': '<!doctype html>',
      'remotes.json': '{"courses":"http://localhost:3003/mf-manifest.json"}',
      'site-config.json': '{}',
      'main.1a.js': 'shell',
    });
    const { version, folder } = await uploadRelease({ app: 'shell', distDir: dist, root });
    assert.deepEqual((await readdir(folder)).sort(), ['index.html', 'main.1a.js']);
    await promoteRelease({ app: 'shell', version, root });
    assert.equal(await readlink(path.join(root, 'shell', 'current')), version);
    assert.equal(await readFile(path.join(root, 'shell', 'current', 'main.1a.js'), 'utf8'), 'shell');
  });
});

describe('scripts/deploy.mjs', () => {
  it('uploads, reports the version to GitHub Actions and promotes it', async () => {
    const dist = await build('dist', coursesV1);
    const outputs = path.join(work, 'github-output');
    const env = { ...process.env, SITE_DEPLOY_DIR: root, SITE_PUBLIC_URL: publicUrl, GITHUB_OUTPUT: outputs };
    const upload = await run('node', [deployScript, 'upload', 'courses', '--dist', dist], { env });
    const version = (await readFile(outputs, 'utf8')).match(/^version=([0-9a-f]{16})$/m)?.[1];
    assert.ok(version, upload.stdout);
    const promote = await run('node', [deployScript, 'promote', 'courses', version], { env });
    assert.match(
      promote.stdout,
      /courses live: .*\/courses\/[0-9a-f]{16}\/mf-manifest\.json \(before: none\)/,
    );
    assert.equal((await readRemotes()).courses, `${publicUrl}/courses/${version}/mf-manifest.json`);
  });

  it('fails with a message and a non-zero exit without a target', async () => {
    const env = { ...process.env, SITE_DEPLOY_DIR: '' };
    await assert.rejects(run('node', [deployScript, 'upload', 'courses'], { env }), (error) => {
      assert.equal(error.code, 1);
      assert.match(error.stderr, /no target/);
      return true;
    });
  });
});
