import {
  clientBuckets,
  clientKey,
  clientNetworkKey,
  keyedHash,
  trustedClientAddress,
} from '../clientAddress.ts';

const clientBucket = async (request: Request, salt: string) => (await clientBuckets(request, salt)).client;

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/functions/v1/contact', { method: 'POST', headers });

/** Runs with these environment variables (undefined: unset), then puts them back. */
async function withEnv(env: Record<string, string | undefined>, run: () => unknown): Promise<void> {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    await run();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('trustedClientAddress', () => {
  it('takes the entry the trusted proxy appended, never the first hop the client wrote', () =>
    withEnv({ CLIENT_IP_HEADER: 'X-Forwarded-For', CLIENT_IP_TRUSTED_HOPS: undefined }, () => {
      expect(trustedClientAddress(request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }))).toEqual({
        trusted: true,
        address: '203.0.113.7',
      });
      expect(trustedClientAddress(request({ 'x-forwarded-for': '203.0.113.7' }))).toEqual({
        trusted: true,
        address: '203.0.113.7',
      });
    }));

  it('counts the trusted hops from the right', () =>
    withEnv({ CLIENT_IP_HEADER: 'x-forwarded-for', CLIENT_IP_TRUSTED_HOPS: '2' }, () => {
      expect(trustedClientAddress(request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.1' }))).toEqual({
        trusted: true,
        address: '203.0.113.7',
      });
      expect(trustedClientAddress(request({ 'x-forwarded-for': '10.0.0.1' })).trusted).toBe(false);
    }));

  it('trusts nothing when unconfigured, whatever the request says', () =>
    withEnv({ CLIENT_IP_HEADER: undefined }, () => {
      expect(
        trustedClientAddress(request({ 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '1.2.3.4' })),
      ).toEqual({
        trusted: false,
        reason: 'CLIENT_IP_HEADER is not set',
      });
    }));
});

describe('clientKey', () => {
  it('is an IPv4 address as it is, mapped into IPv6 or not', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const network = '2001:db8:85a3:8d3::/64';
    for (const address of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3:0000:0000:0000:0001',
      '2001:db8:85a3:8d3::ffff',
      '[2001:db8:85a3:8d3::1]',
      '2001:DB8:85A3:8D3::2%eth0',
    ]) {
      expect(clientKey(address)).toBe(network);
    }
    expect(clientKey('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
  });

  it('is nothing for what is not an address', () => {
    for (const text of ['unknown', '', '999.1.1.1', 'a:b:c', '1.2.3.4.5', '<script>']) {
      expect(clientKey(text)).toBeUndefined();
    }
  });
});

describe('clientBuckets', () => {
  it('gives all the addresses of one IPv6 /64 one bucket', () =>
    withEnv({ CLIENT_IP_HEADER: 'x-real-ip' }, async () => {
      const one = await clientBucket(request({ 'x-real-ip': '2001:db8:1:2::1' }), 'salt');
      expect(await clientBucket(request({ 'x-real-ip': '2001:db8:1:2:ffff::9' }), 'salt')).toBe(one);
      expect(await clientBucket(request({ 'x-real-ip': '2001:db8:1:3::1' }), 'salt')).not.toBe(one);
    }));

  it('names a bucket by a keyed hash that never contains the address', () =>
    withEnv({ CLIENT_IP_HEADER: 'x-real-ip' }, async () => {
      const bucket = await clientBucket(request({ 'x-real-ip': '203.0.113.7' }), 'salt');
      expect(bucket).toMatch(/^client:[0-9a-f]{64}$/);
      expect(bucket).not.toContain('203');
      expect(await clientBucket(request({ 'x-real-ip': '203.0.113.8' }), 'salt')).not.toBe(bucket);
      expect(await clientBucket(request({ 'x-real-ip': '203.0.113.7' }), 'other salt')).not.toBe(bucket);
    }));

  it('puts every caller in one bucket when no address can be trusted', () =>
    withEnv({ CLIENT_IP_HEADER: undefined }, async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      expect(await clientBucket(request({ 'x-forwarded-for': '1.1.1.1' }), 'salt')).toBe(
        'client:unidentified',
      );
      expect(await clientBucket(request({ 'x-forwarded-for': '2.2.2.2' }), 'salt')).toBe(
        'client:unidentified',
      );
    }));

  it('gives every /64 of one IPv6 /48 the same network bucket, and an IPv4 client none', () =>
    withEnv({ CLIENT_IP_HEADER: 'x-real-ip' }, async () => {
      const first = await clientBuckets(request({ 'x-real-ip': '2001:db8:1:2::1' }), 'salt');
      const second = await clientBuckets(request({ 'x-real-ip': '2001:db8:1:ffff::7' }), 'salt');
      expect(first.network).toMatch(/^network:[0-9a-f]{64}$/);
      expect(second.network).toBe(first.network);
      expect(second.client).not.toBe(first.client);
      expect((await clientBuckets(request({ 'x-real-ip': '2001:db8:2:2::1' }), 'salt')).network).not.toBe(
        first.network,
      );
      expect(await clientBuckets(request({ 'x-real-ip': '203.0.113.7' }), 'salt')).not.toHaveProperty(
        'network',
      );
      expect(await clientBuckets(request({ 'x-real-ip': '::ffff:203.0.113.7' }), 'salt')).not.toHaveProperty(
        'network',
      );
    }));

  it('clientNetworkKey is the /48 of an IPv6 address', () => {
    expect(clientNetworkKey('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(clientNetworkKey('[2001:db8:abcd:12::1]:443')).toBe('2001:db8:abcd::/48');
    expect(clientNetworkKey('203.0.113.7')).toBeUndefined();
    expect(clientNetworkKey('not an address')).toBeUndefined();
  });

  it('keyedHash is a stable keyed SHA-256 in hex', async () => {
    expect(await keyedHash('x', 'salt')).toBe(await keyedHash('x', 'salt'));
    expect(await keyedHash('x', 'salt')).toMatch(/^[0-9a-f]{64}$/);
  });
});
