import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { idleFromNetworkLog } from '../jsBytes.mjs';

describe('idleFromNetworkLog', () => {
  it('is a second after the load event when nothing finishes after it', () => {
    assert.equal(idleFromNetworkLog(10, [9.2, 9.9], 12), 11);
  });

  it('moves with each arrival less than a second after the last, and stops at the first quiet second', () => {
    assert.equal(idleFromNetworkLog(10, [10.5, 11.2, 11.9, 13.5], 20), 12.9);
  });

  it('is unknown until the quiet second has passed', () => {
    assert.equal(idleFromNetworkLog(10, [10.5], 11.4), undefined);
    assert.equal(idleFromNetworkLog(10, [10.5], 11.5), 11.5);
  });

  it('is six seconds after the load event on a page that never falls quiet', () => {
    const arrivals = Array.from({ length: 40 }, (_, index) => 10 + index * 0.5);
    assert.equal(idleFromNetworkLog(10, arrivals, 30), 16);
  });
});
