import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clientAddressFromEnv, clientAddressOf, clientOf, unidentifiedClient } from '../clientAddress.mjs';
import { busy, RenderLimiter, renderLimits } from '../renderLimits.mjs';

describe('the renders one client may cause', () => {
  const limits = { ...renderLimits, perClient: { burst: 3, perSecond: 2 }, clients: 2 };

  it('are a burst, then a few a second, each client its own', () => {
    let now = 0;
    const limiter = new RenderLimiter(limits, () => now);
    assert.deepEqual(
      [1, 2, 3].map(() => limiter.take('a')),
      [0, 0, 0],
    );
    assert.equal(limiter.take('a'), 1, 'the fourth waits for a second');
    assert.equal(limiter.take('b'), 0, 'another client has its own');
    now += 500;
    assert.equal(limiter.take('a'), 0, 'half a second later: one more');
    assert.equal(limiter.take('a'), 1);
    now += 10_000;
    assert.deepEqual(
      [1, 2, 3, 4].map(() => limiter.take('a')),
      [0, 0, 0, 1],
      'never more than the burst saved',
    );
  });

  it('forgets the clients longest unseen, who have their whole allowance again', () => {
    const limiter = new RenderLimiter(limits, () => 0);
    for (let index = 0; index < 3; index += 1) limiter.take('a');
    assert.equal(limiter.take('a'), 1);
    limiter.take('b');
    limiter.take('c');
    assert.equal(limiter.take('a'), 0, 'a was forgotten: two clients are remembered');
  });

  it('are not limited when the limits say none', () => {
    const limiter = new RenderLimiter({ ...limits, perClient: undefined });
    assert.deepEqual(
      Array.from({ length: 50 }, () => limiter.take('a')),
      Array(50).fill(0),
    );
  });
});

describe('the renders in flight', () => {
  it('run so many at once, the next in order, and none past those waiting', async () => {
    const limiter = new RenderLimiter({ ...renderLimits, inFlight: 2, waiting: 1 });
    const releases = [];
    const started = [];
    const render = (name) => () =>
      new Promise((resolve) => {
        started.push(name);
        releases.push(() => resolve(name));
      });
    const first = limiter.run(render('first'));
    const second = limiter.run(render('second'));
    const third = limiter.run(render('third'));
    assert.equal(await limiter.run(render('fourth')), busy, 'a render past those waiting is not run');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, ['first', 'second']);
    assert.deepEqual(limiter.load, { running: 2, waiting: 1 });
    releases[0]();
    assert.equal(await first, 'first');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, ['first', 'second', 'third'], 'the waiting one starts as soon as one ends');
    releases[1]();
    releases[2]();
    assert.deepEqual(await Promise.all([second, third]), ['second', 'third']);
    assert.deepEqual(limiter.load, { running: 0, waiting: 0 });
  });

  it('gives its turn back when a render fails', async () => {
    const limiter = new RenderLimiter({ ...renderLimits, inFlight: 1, waiting: 0 });
    await assert.rejects(limiter.run(() => Promise.reject(new Error('render failed'))));
    assert.equal(await limiter.run(async () => 'next'), 'next');
  });
});

describe("a request's client", () => {
  const request = (remoteAddress, headers = {}) => ({ socket: { remoteAddress }, headers });

  it('is the socket’s address, unless a trusted proxy’s header is configured', () => {
    const direct = clientAddressOf();
    assert.equal(direct(request('203.0.113.7', { 'x-forwarded-for': '198.51.100.1' })), '203.0.113.7');
    assert.equal(direct(request('::ffff:203.0.113.7')), '203.0.113.7');
    assert.equal(direct(request('2001:db8:1:2:3:4:5:6')), '2001:db8:1:2::/64');
    const proxied = clientAddressOf({ header: 'X-Forwarded-For' });
    // The client wrote the first entry itself; the proxy appended the last.
    assert.equal(
      proxied(request('10.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.9' })),
      '198.51.100.9',
    );
    const twoHops = clientAddressOf({ header: 'x-forwarded-for', trustedHops: 2 });
    assert.equal(
      twoHops(request('10.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.9, 10.0.0.2' })),
      '198.51.100.9',
    );
    for (const forwarded of [undefined, '', 'not an address', `${'1'.repeat(80)}`]) {
      const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
      assert.equal(proxied(request('10.0.0.1', headers)), unidentifiedClient, String(forwarded));
    }
    assert.equal(clientOf('[2001:db8::1]:443'), '2001:db8::/64');
    assert.throws(() => clientAddressOf({ header: 'x-forwarded-for', trustedHops: 0 }));
  });

  it('is configured by SITE_CLIENT_IP_HEADER and SITE_CLIENT_IP_TRUSTED_HOPS', () => {
    assert.deepEqual(clientAddressFromEnv({}), { header: undefined, trustedHops: 1 });
    assert.deepEqual(
      clientAddressFromEnv({ SITE_CLIENT_IP_HEADER: 'fly-client-ip', SITE_CLIENT_IP_TRUSTED_HOPS: '2' }),
      { header: 'fly-client-ip', trustedHops: 2 },
    );
  });
});
