import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { link } from '../devSite.mjs';

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
