// deno check of every edge function (supabase/functions/<name>/index.ts, and handler.ts when present), of the
// shared code in functions/_shared and of the stand-in's runtime that serves them (src/functions/deno/), with
// functions/deno.json's import map, the way `supabase functions deploy` bundles them. Uses the deno binary of the
// `deno` npm package, the npm packages of the project's node_modules and the stand-in's Deno cache (offline, nothing
// downloaded). Exits non-zero on any type error.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const functionsDir = path.resolve(import.meta.dirname, '../../functions');
const files = [];
for (const entry of readdirSync(functionsDir, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  const dir = path.join(functionsDir, entry.name);
  if (entry.name === '_shared') {
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }))
      if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !name.split(path.sep).includes('__tests__'))
        files.push(path.join(dir, name));
    continue;
  }
  for (const name of ['index.ts', 'handler.ts'])
    if (existsSync(path.join(dir, name))) files.push(path.join(dir, name));
}
files.push(path.resolve(import.meta.dirname, '../src/functions/deno/mainService.ts'));
if (files.length === 0) {
  console.log('check:functions: no edge functions to check');
  process.exit(0);
}

const deno = createRequire(import.meta.url)('deno/install_api.cjs').runInstall();
const relative = files.map((file) => path.relative(functionsDir, file));
console.log(`deno check ${relative.join(' ')}`);
const flags = ['--quiet', '--cached-only', '--node-modules-dir=manual', '--config', 'deno.json'];
const result = spawnSync(deno, ['check', ...flags, ...relative], {
  cwd: functionsDir,
  stdio: 'inherit',
  env: { ...process.env, DENO_DIR: path.resolve(import.meta.dirname, '../../.local/deno'), NO_COLOR: '1' },
});
process.exit(result.status ?? 1);
