import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { percentile } from '../latency.mjs';

describe('percentile', () => {
  it('gives the median and the 95th percentile by nearest rank, whatever the order of the samples', () => {
    const samples = [900, 100, 500, 300, 700, 200, 800, 400, 1000, 600];
    assert.equal(percentile(samples, 0.5), 500);
    assert.equal(percentile(samples, 0.95), 1000);
    assert.equal(percentile([42], 0.95), 42);
  });
});
