// The newsletter links' tokens: genuine ones are read back; forged, altered, expired, misdirected or malformed ones
// are refused before anything in them is believed.
import { mailLinkUrl, MAX_TOKEN_LENGTH, readMailLink, signMailLink, type MailLink } from '../mailLinks.ts';

const secret = 'a-secret-for-these-tests-0123456789';
const keys = { current: secret };
const subscriberId = '553d0208-c3fa-4e31-a1f5-12283094ff30';
const nonce = '5d7d467a74f145139da94d6f912bf025';
const now = Date.UTC(2026, 10, 24, 12);
const confirmLink: MailLink = { purpose: 'confirm', subscriberId, nonce, expiresAt: now + 3_600_000 };

/** The token with one character of its payload changed. */
function altered(token: string): string {
  const [payload = '', signature = ''] = token.split('.');
  const index = Math.floor(payload.length / 2);
  const swapped = payload[index] === 'A' ? 'B' : 'A';
  return `${payload.slice(0, index)}${swapped}${payload.slice(index + 1)}.${signature}`;
}

describe('mail links', () => {
  it('reads back the link it signed', async () => {
    const token = await signMailLink(confirmLink, secret);
    expect(await readMailLink(token, 'confirm', keys, now)).toEqual({ ok: true, link: confirmLink });
    const unsubscribe = await signMailLink({ purpose: 'unsubscribe', subscriberId, nonce }, secret);
    expect(await readMailLink(unsubscribe, 'unsubscribe', keys, now + 365 * 86_400_000)).toEqual({
      ok: true,
      link: { purpose: 'unsubscribe', subscriberId, nonce, expiresAt: undefined },
    });
  });

  it('refuses a token signed with another secret, or altered on the way', async () => {
    const token = await signMailLink(confirmLink, secret);
    expect(
      await readMailLink(token, 'confirm', { current: 'another-secret-0123456789-0123456789' }, now),
    ).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(await readMailLink(altered(token), 'confirm', keys, now)).toMatchObject({ ok: false });
    const [payload] = token.split('.');
    expect(await readMailLink(`${payload}.${'A'.repeat(43)}`, 'confirm', keys, now)).toEqual({
      ok: false,
      reason: 'forged',
    });
    // A payload of one's own choosing (another subscriber, no expiry) with the signature of a genuine token.
    const forgedPayload = Buffer.from(
      JSON.stringify({ p: 'confirm', s: subscriberId, n: 'x', e: null }),
    ).toString('base64url');
    expect(await readMailLink(`${forgedPayload}.${token.split('.')[1]}`, 'confirm', keys, now)).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('during a rotation, reads links signed with the previous key too, and signs with the current one only', async () => {
    const previous = 'the-key-before-the-rotation-0123456789';
    const rotated = { current: 'the-key-after-the-rotation-0123456789', previous };
    const sentBefore = await signMailLink({ purpose: 'unsubscribe', subscriberId, nonce }, previous);
    expect(await readMailLink(sentBefore, 'unsubscribe', rotated, now)).toMatchObject({ ok: true });
    expect(await readMailLink(sentBefore, 'unsubscribe', { current: rotated.current }, now)).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('refuses an expired confirmation link, and a link for the other purpose', async () => {
    const token = await signMailLink(confirmLink, secret);
    expect(await readMailLink(token, 'confirm', keys, now + 3_600_001)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await readMailLink(token, 'unsubscribe', keys, now)).toEqual({
      ok: false,
      reason: 'wrong_purpose',
    });
    const noExpiry = await signMailLink({ ...confirmLink, expiresAt: undefined }, secret);
    expect(await readMailLink(noExpiry, 'confirm', keys, now)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['nothing', undefined],
    ['a number', 42],
    ['an empty text', ''],
    ['no signature', 'abc'],
    ['three parts', 'a.b.c'],
    ['not base64url', 'a+b.c/d'],
    ['far too long', `${'a'.repeat(MAX_TOKEN_LENGTH)}.b`],
  ])('refuses %s', async (_case, token) => {
    expect(await readMailLink(token, 'confirm', keys, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('makes the address of the link page', () => {
    expect(mailLinkUrl('https://alexmorgan.dev', 'confirm', 'a.b')).toBe(
      'https://alexmorgan.dev/newsletter/confirm?token=a.b',
    );
  });
});
