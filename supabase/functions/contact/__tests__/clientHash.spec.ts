import { clientAddress, clientHash } from '../clientHash.ts';

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/functions/v1/contact', { method: 'POST', headers });

describe('clientAddress', () => {
  it.each<[Record<string, string>, string]>([
    [{ 'x-forwarded-for': '203.0.113.7' }, '203.0.113.7'],
    [{ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }, '203.0.113.7'],
    [{ 'x-real-ip': '198.51.100.2' }, '198.51.100.2'],
    [{}, 'unknown'],
  ])('%j -> %s', (headers, address) => {
    expect(clientAddress(request(headers))).toBe(address);
  });
});

describe('clientHash', () => {
  it('is a keyed SHA-256 in hex that never contains the address', async () => {
    const hash = await clientHash('203.0.113.7', 'salt');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('203');
    expect(await clientHash('203.0.113.7', 'salt')).toBe(hash);
  });

  it('differs by address and by salt', async () => {
    const hash = await clientHash('203.0.113.7', 'salt');
    expect(await clientHash('203.0.113.8', 'salt')).not.toBe(hash);
    expect(await clientHash('203.0.113.7', 'other salt')).not.toBe(hash);
  });
});
