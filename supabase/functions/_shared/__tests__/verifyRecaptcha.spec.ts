import { DEVELOPMENT_RECAPTCHA_TOKEN, recaptchaActions } from '../recaptchaRules.ts';
import { verifyRecaptcha } from '../verifyRecaptcha.ts';
import {
  closedPortUrl,
  fakeTokens,
  scoreToken,
  startFakeSiteverify,
  type FakeSiteverify,
} from './fakeSiteverify.ts';

describe('verifyRecaptcha against a fake siteverify', () => {
  let siteverify: FakeSiteverify;
  const secret = 'test-recaptcha-secret';

  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
  });
  afterAll(() => siteverify.close());

  const verify = (token: string, url = siteverify.url, recaptchaHostnames = ['localhost']) =>
    verifyRecaptcha(token, recaptchaActions.contact, {
      recaptchaSecret: secret,
      acceptDevelopmentToken: false,
      recaptchaVerifyUrl: url,
      recaptchaHostnames,
    });

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
    ['a token issued on another site', fakeTokens.otherHost, /"evil.example", not on this site/],
    ['a score just below the threshold', scoreToken(0.49), /score of 0.49/],
  ])('rejects %s', async (_case, token, reason) => {
    const verdict = await verify(token);
    expect(verdict.outcome).toBe('rejected');
    expect(verdict.outcome === 'rejected' && verdict.reason).toMatch(reason);
  });

  it('passes a score of exactly 0.5, the threshold', async () => {
    await expect(verify(scoreToken(0.5))).resolves.toEqual({
      outcome: 'passed',
      score: 0.5,
      action: 'contact',
    });
  });

  it('holds each form to its own action: a newsletter token is no contact token, and the other way round', async () => {
    const settings = {
      recaptchaSecret: secret,
      acceptDevelopmentToken: false,
      recaptchaVerifyUrl: siteverify.url,
      recaptchaHostnames: ['localhost'],
    };
    await expect(
      verifyRecaptcha(scoreToken(0.9, 'newsletter_subscribe'), recaptchaActions.newsletter, settings),
    ).resolves.toEqual({ outcome: 'passed', score: 0.9, action: 'newsletter_subscribe' });
    await expect(
      verifyRecaptcha(scoreToken(0.9), recaptchaActions.newsletter, settings),
    ).resolves.toMatchObject({
      outcome: 'rejected',
      reason: 'a token for the action "contact"',
    });
    await expect(verify(scoreToken(0.9, 'newsletter_subscribe'))).resolves.toMatchObject({
      outcome: 'rejected',
    });
  });

  it('refuses to decide without the host names of the site (fails closed)', async () => {
    const verdict = await verify(fakeTokens.pass, siteverify.url, []);
    expect(verdict.outcome).toBe('misconfigured');
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

describe('verifyRecaptcha without a secret', () => {
  const settings = {
    recaptchaSecret: undefined,
    acceptDevelopmentToken: true,
    recaptchaVerifyUrl: 'http://127.0.0.1:9/never-called',
    recaptchaHostnames: [],
  };

  it('fails closed unless the local stand-in enables the development token', async () => {
    for (const token of [DEVELOPMENT_RECAPTCHA_TOKEN, fakeTokens.pass]) {
      await expect(
        verifyRecaptcha(token, recaptchaActions.contact, { ...settings, acceptDevelopmentToken: false }),
      ).resolves.toEqual({
        outcome: 'misconfigured',
        reason: 'RECAPTCHA_SECRET is not set',
      });
    }
  });

  it('accepts only the development token where the stand-in enables it, and says so', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      verifyRecaptcha(DEVELOPMENT_RECAPTCHA_TOKEN, recaptchaActions.contact, settings),
    ).resolves.toEqual({
      outcome: 'passed',
      score: null,
      action: null,
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('accepted the development token'));
    warn.mockRestore();
  });

  it('rejects any other token', async () => {
    const verdict = await verifyRecaptcha(fakeTokens.pass, recaptchaActions.contact, settings);
    expect(verdict.outcome).toBe('rejected');
  });
});
