import { clientBucket, keyedHash, trustedClientAddress } from '../clientAddress.ts';

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

describe('clientBucket', () => {
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

  it('keyedHash is a stable keyed SHA-256 in hex', async () => {
    expect(await keyedHash('x', 'salt')).toBe(await keyedHash('x', 'salt'));
    expect(await keyedHash('x', 'salt')).toMatch(/^[0-9a-f]{64}$/);
  });
});
