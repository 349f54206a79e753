import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { idleFromNetworkLog } from '../jsBytes.mjs';

// The product's rule (whenPageIdle): the load event, then half a second in which nothing finished loading.
describe('idleFromNetworkLog', () => {
  it('is half a second after the load event when nothing finishes after it', () => {
    assert.equal(idleFromNetworkLog(10, [9.2, 9.9], 12), 10.5);
  });

  it('moves with each arrival less than half a second after the last, and stops at the first quiet half second', () => {
    assert.equal(idleFromNetworkLog(10, [10.3, 10.7, 11.1, 11.8], 20), 11.6);
  });

  it('is unknown until the quiet half second has passed', () => {
    assert.equal(idleFromNetworkLog(10, [10.25], 10.5), undefined);
    assert.equal(idleFromNetworkLog(10, [10.25], 10.75), 10.75);
  });

  it('is six seconds after the load event on a page that never falls quiet', () => {
    const arrivals = Array.from({ length: 40 }, (_, index) => 10 + index * 0.25);
    assert.equal(idleFromNetworkLog(10, arrivals, 30), 16);
  });
});
