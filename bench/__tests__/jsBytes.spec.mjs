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
// A request is when it was sent and when it finished, on the log's clock.
const request = (sent, finish) => ({ sent, finish });

describe('idleFromLogAndMark', () => {
  it('waits for the page that has not marked yet, though the network fell quiet', () => {
    assert.equal(idleFromLogAndMark(10, [request(10.05, 10.1)], undefined, 11), undefined);
    assert.equal(idleFromLogAndMark(10, [request(10.05, 10.1)], 11.4, 12), 11.4);
  });

  it('is the network log’s point when the page marks itself idle earlier', () => {
    assert.equal(idleFromLogAndMark(10, [request(10.1, 10.3), request(10.25, 10.7)], 10.2, 12), 11.2);
  });

  it('reads every arrival when the page marks itself idle early and asks for more after its mark', () => {
    // Marked at 10.2, before any quiet half second, then sent for three files: they count, however they are timed.
    const afterTheMark = [request(10.3, 10.4), request(10.35, 10.8), request(10.9, 11.1)];
    assert.equal(idleFromLogAndMark(10, afterTheMark, 10.2, 13), 11.6);
    // Marked once the log's last arrival was 0.2 s old, not the half second: still the log's reading.
    const early = [request(10.1, 10.4), request(10.45, 10.7), request(10.91, 11.1)];
    assert.equal(idleFromLogAndMark(10, early, 10.9, 13), 11.6);
  });

  it('leaves out what the page asks for at its mark, however slowly it arrives, when the log had fallen quiet by then', () => {
    // The log's last arrival before the mark: 10.52, quiet from 11.02; the page marked at 10.998 (its own clock
    // stamps the arrival a little earlier). The Realtime client and the ad card, asked for at the mark, arrive
    // slowly on a busy machine, one after the other.
    const beforeTheMark = [request(10.2, 10.4), request(10.45, 10.52)];
    const atTheMark = [request(10.998, 11.4), request(11.003, 11.8), request(11.5, 12.1)];
    assert.equal(idleFromLogAndMark(10, [...beforeTheMark, ...atTheMark], 10.998, 13), 11.02);
    // Not yet known while the log's quiet half second has not passed.
    assert.equal(idleFromLogAndMark(10, beforeTheMark, 10.998, 11.01), undefined);
  });

  it('reads every arrival when the log saw the network fall quiet more than a quarter second after the mark', () => {
    const beforeTheMark = [request(10.2, 10.4), request(10.5, 10.8)];
    const atTheMark = [request(11.0, 11.2), request(11.01, 11.6)];
    assert.equal(idleFromLogAndMark(10, [...beforeTheMark, ...atTheMark], 11.0, 13), 12.1);
  });

  it('is six seconds after the load event for a page that never marks', () => {
    assert.equal(idleFromLogAndMark(10, [], undefined, 15.9), undefined);
    assert.equal(idleFromLogAndMark(10, [], undefined, 16), 16);
    assert.equal(idleFromLogAndMark(10, [], 19, 20), 16);
  });
});
