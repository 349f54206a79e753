import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { nodeRuntimeWarning, testedNodeLines } from '../nodeRuntime.mjs';

const on = (date) => new Date(`${date}T12:00:00Z`);
const untested = (version) => `Warning: the site is tested on Node.js 26 or 24, not on Node.js ${version}.`;
const endOfLife = (version, end) =>
  `Warning: Node.js ${version} reached its end of life on ${end} and gets no security fixes; ` +
  "run the site's server on Node.js 26 or 24.";

describe("the Node.js the site's server starts on", () => {
  it('needs no warning on a line the site is tested on, within its life', () => {
    assert.equal(nodeRuntimeWarning({ version: 'v26.12.1', today: on('2026-12-01') }), undefined);
    assert.equal(nodeRuntimeWarning({ version: 'v24.22.3', today: on('2028-04-30') }), undefined);
  });

  it('warns on a line past its end of life, from the day after its last', () => {
    assert.equal(nodeRuntimeWarning({ version: 'v20.20.2', today: on('2026-04-30') }), untested('v20.20.2'));
    assert.equal(
      nodeRuntimeWarning({ version: 'v20.20.2', today: on('2026-05-01') }),
      endOfLife('v20.20.2', '2026-04-30'),
    );
    assert.equal(
      nodeRuntimeWarning({ version: 'v25.9.0', today: on('2026-12-01') }),
      endOfLife('v25.9.0', '2026-06-01'),
    );
    assert.equal(
      nodeRuntimeWarning({ version: 'v24.22.3', today: on('2028-05-01') }),
      endOfLife('v24.22.3', '2028-04-30'),
    );
  });

  it('warns on a line the site is not tested on, maintained or newer than the schedule it knows', () => {
    assert.equal(nodeRuntimeWarning({ version: 'v22.22.0', today: on('2026-12-01') }), untested('v22.22.0'));
    assert.equal(nodeRuntimeWarning({ version: 'v99.0.0', today: on('2026-12-01') }), untested('v99.0.0'));
  });

  it('knows the lines package.json names in its engines, and no other', () => {
    const { engines } = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
    );
    const enginesLines = engines.node
      .split('||')
      .map((range) => Number(/^\^(\d+)\./.exec(range.trim())?.[1]));
    assert.deepEqual([...enginesLines].sort(), [...testedNodeLines].sort());
  });
});
