import { DEVELOPMENT_RECAPTCHA_TOKEN } from '../../_shared/contactForm.ts';
import { verifyRecaptcha } from '../verifyRecaptcha.ts';
import { closedPortUrl, fakeTokens, startFakeSiteverify, type FakeSiteverify } from './fakeSiteverify.ts';

describe('verifyRecaptcha against a fake siteverify', () => {
  let siteverify: FakeSiteverify;
  const secret = 'test-recaptcha-secret';

  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
  });
  afterAll(() => siteverify.close());

  const verify = (token: string, url = siteverify.url) =>
    verifyRecaptcha(token, { recaptchaSecret: secret, recaptchaVerifyUrl: url });

  it('passes a token with a good score for the contact action, sending the secret and the token', async () => {
    await expect(verify(fakeTokens.pass)).resolves.toEqual({
      outcome: 'passed',
      score: 0.9,
      action: 'contact',
    });
    const sent = siteverify.requests.at(-1);
    expect(sent?.get('secret')).toBe(secret);
    expect(sent?.get('response')).toBe(fakeTokens.pass);
    expect(sent?.has('remoteip')).toBe(false);
  });

  it.each([
    ['a low score', fakeTokens.lowScore, /score of 0.3/],
    ['the wrong action', fakeTokens.wrongAction, /action "login"/],
    ['a token Google does not know', fakeTokens.invalid, /invalid-input-response/],
    ['the development token', DEVELOPMENT_RECAPTCHA_TOKEN, /not a valid token/],
  ])('rejects %s', async (_case, token, reason) => {
    const verdict = await verify(token);
    expect(verdict.outcome).toBe('rejected');
    expect(verdict.outcome === 'rejected' && verdict.reason).toMatch(reason);
  });

  it('is unavailable when siteverify fails', async () => {
    await expect(verify(fakeTokens.serverError)).resolves.toEqual({
      outcome: 'unavailable',
      reason: 'siteverify answered 500',
    });
  });

  it('is unavailable when the network fails', async () => {
    const verdict = await verify(fakeTokens.pass, await closedPortUrl());
    expect(verdict.outcome).toBe('unavailable');
  });
});

describe('verifyRecaptcha without a secret (local development, offline)', () => {
  const settings = { recaptchaSecret: undefined, recaptchaVerifyUrl: 'http://127.0.0.1:9/never-called' };

  it('accepts only the development token, and says so', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(verifyRecaptcha(DEVELOPMENT_RECAPTCHA_TOKEN, settings)).resolves.toEqual({
      outcome: 'passed',
      score: null,
      action: null,
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('accepted the development token'));
    warn.mockRestore();
  });

  it('rejects any other token', async () => {
    const verdict = await verifyRecaptcha(fakeTokens.pass, settings);
    expect(verdict.outcome).toBe('rejected');
  });
});
