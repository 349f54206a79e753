import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { link, mirror } from '../devSite.mjs';

test("a development copy's link left by a run from another clone is pointed at this tree", (t) => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'dev-copy-link-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const otherClone = path.join(folder, 'other/node_modules');
  const thisTree = path.join(folder, 'this/node_modules');
  mkdirSync(otherClone, { recursive: true });
  mkdirSync(thisTree, { recursive: true });
  const at = path.join(folder, 'copy-node_modules');
  link(otherClone, at);
  assert.equal(readlinkSync(at), otherClone);
  link(thisTree, at);
  assert.equal(readlinkSync(at), thisTree);
  // And again: a link already right is left as it is.
  link(thisTree, at);
  assert.equal(readlinkSync(at), thisTree);
});

test('a development copy made again loses what the tree no longer has, and keeps its caches and builds', (t) => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'dev-copy-mirror-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const source = path.join(folder, 'tree/supabase');
  const copy = path.join(folder, 'copy/supabase');
  mkdirSync(path.join(source, 'migrations'), { recursive: true });
  writeFileSync(path.join(source, 'migrations/1_baseline.sql'), 'create table a ();');
  writeFileSync(path.join(source, 'migrations/2_later.sql'), 'create table b ();');
  writeFileSync(path.join(source, 'seed.sql'), 'insert into a default values;');
  mirror(source, copy);
  assert.deepEqual(readdirSync(path.join(copy, 'migrations')).sort(), ['1_baseline.sql', '2_later.sql']);

  // The later migration is folded into the baseline; seed.sql becomes a folder; the copy has its own cache and state.
  rmSync(path.join(source, 'migrations/2_later.sql'));
  writeFileSync(path.join(source, 'migrations/1_baseline.sql'), 'create table a (); create table b ();');
  rmSync(path.join(source, 'seed.sql'));
  mkdirSync(path.join(source, 'seed.sql'));
  mkdirSync(path.join(copy, '.local'));
  writeFileSync(path.join(copy, '.local/pristine-1.tar.gz'), 'snapshot');
  mkdirSync(path.join(copy, 'node_modules/.cache'), { recursive: true });

  mirror(source, copy);
  assert.deepEqual(readdirSync(path.join(copy, 'migrations')), ['1_baseline.sql']);
  assert.equal(
    readFileSync(path.join(copy, 'migrations/1_baseline.sql'), 'utf8'),
    'create table a (); create table b ();',
  );
  assert.ok(lstatSync(path.join(copy, 'seed.sql')).isDirectory());
  assert.equal(readFileSync(path.join(copy, '.local/pristine-1.tar.gz'), 'utf8'), 'snapshot');
  assert.ok(existsSync(path.join(copy, 'node_modules/.cache')));
});
