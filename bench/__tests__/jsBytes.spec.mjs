import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { idleFromLogAndMark, idleFromNetworkLog } from '../jsBytes.mjs';

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

// The later of the two readings: the page's mark never ends the count before the network log's quiet half second, and
// the log's quiet (while the app's code runs, on a busy machine) never ends it before the page has started and marked.
describe('idleFromLogAndMark', () => {
  it('waits for the page that has not marked yet, though the network fell quiet', () => {
    assert.equal(idleFromLogAndMark(10, [10.1], undefined, 11), undefined);
    assert.equal(idleFromLogAndMark(10, [10.1], 11.4, 12), 11.4);
  });

  it('is the network log’s point when the page marks itself idle earlier', () => {
    assert.equal(idleFromLogAndMark(10, [10.3, 10.7], 10.2, 12), 11.2);
  });

  it('is six seconds after the load event for a page that never marks', () => {
    assert.equal(idleFromLogAndMark(10, [], undefined, 15.9), undefined);
    assert.equal(idleFromLogAndMark(10, [], undefined, 16), 16);
    assert.equal(idleFromLogAndMark(10, [], 19, 20), 16);
  });
});
