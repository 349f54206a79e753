// Deploys one app (a section or the shell) to the static host in two steps, as the CI pipelines do:
//
//   node scripts/deploy.mjs upload <app> [--dist <folder>]      copy its build to a new version folder (not live)
//   node scripts/deploy.mjs promote <app> <version>             make that version live (an older one: rollback)
//   node scripts/deploy.mjs preview <section> <version> --site-url <url> [--hours 24]
//                                                               a signed link that shows that version in the real
//                                                               site to whoever opens it (SITE_PREVIEW_SECRET)
//
// <app> is portfolio, tutorials, courses, help or shell. The host's document root is --target or SITE_DEPLOY_DIR; the
// URL it is served at is --public-url or SITE_PUBLIC_URL (sections only). Upload prints the version and, in GitHub
// Actions, writes it to the step's outputs as `version`. The layout is described in tools/deploy/releases.mjs.
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appFolder, promoteRelease, uploadRelease } from '../tools/deploy/releases.mjs';
import { signPreview } from '../shell/server/previews.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const usage =
  'usage: node scripts/deploy.mjs upload <app> [--dist <folder>] | promote <app> <version> | preview <section> <version> --site-url <url>';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    target: { type: 'string', default: process.env.SITE_DEPLOY_DIR },
    'public-url': { type: 'string', default: process.env.SITE_PUBLIC_URL },
    dist: { type: 'string' },
    'site-url': { type: 'string', default: process.env.SITE_URL },
    hours: { type: 'string', default: '24' },
  },
});
const [command, app, version] = positionals;

function fail(message) {
  console.error(`deploy: ${message}`);
  process.exit(1);
}

if (!values.target && command !== 'preview')
  fail('no target: pass --target <folder> or set SITE_DEPLOY_DIR.');
const root = path.resolve(values.target ?? '.');

try {
  if (command === 'upload' && app) {
    const distDir = path.resolve(values.dist ?? path.join(repoRoot, appFolder(app), 'dist'));
    const release = await uploadRelease({ app, distDir, root });
    console.log(
      `${app} ${release.version} ${release.created ? 'uploaded to' : 'already at'} ${release.folder}`,
    );
    if (process.env.GITHUB_OUTPUT)
      await appendFile(process.env.GITHUB_OUTPUT, `version=${release.version}\n`);
  } else if (command === 'promote' && app && version) {
    if (app !== 'shell' && !values['public-url'])
      fail('no public URL: pass --public-url or set SITE_PUBLIC_URL.');
    const { previous, live } = await promoteRelease({ app, version, root, publicUrl: values['public-url'] });
    console.log(`${app} live: ${live} (before: ${previous ?? 'none'})`);
  } else if (command === 'preview' && app && version && app !== 'shell') {
    if (!values['site-url']) fail('no site URL: pass --site-url or set SITE_URL.');
    const expiresAt = Date.now() + Number(values.hours) * 60 * 60 * 1000;
    const token = signPreview({ section: app, version, expiresAt }, process.env.SITE_PREVIEW_SECRET);
    const link = new URL('/__preview', values['site-url']);
    link.searchParams.set('token', token);
    console.log(
      `${link.href}\n(${app} ${version} for whoever opens it, until ${new Date(expiresAt).toISOString()})`,
    );
  } else {
    fail(usage);
  }
} catch (error) {
  fail(error.message);
}
