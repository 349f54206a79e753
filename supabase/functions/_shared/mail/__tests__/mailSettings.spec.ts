// The mail settings as the owner writes them: every mistake is read into a reason that names the setting (the outbox
// then keeps the mail waiting with it), and the usual ways of writing an address are accepted.
import { restoreEnvAfterAll } from '../../__tests__/localBackend.ts';
import { parseMailbox, redactAddresses } from '../mailAddresses.ts';
import { readMailSettings, RESEND_API_URL } from '../mailSettings.ts';

const names = [
  'RESEND_API_KEY',
  'RESEND_API_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'OWNER_EMAIL',
  'SITE_URL',
  'MAIL_LINK_SECRET',
  'MAIL_LINK_SECRET_PREVIOUS',
  'SUPABASE_LOCAL_STAND_IN',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_SECRET_KEYS',
  'LEGACY_API_KEYS',
] as const;
restoreEnvAfterAll(names);

function withSettings(settings: Partial<Record<(typeof names)[number], string>>) {
  for (const name of names) delete process.env[name];
  Object.assign(process.env, settings);
  return readMailSettings();
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('addresses in MAIL_FROM and OWNER_EMAIL', () => {
  it.each([
    ['a bare address', 'owner@alexmorgan.dev', { address: 'owner@alexmorgan.dev', name: '' }],
    [
      'Name <address>',
      'Alex Morgan <owner@alexmorgan.dev>',
      { address: 'owner@alexmorgan.dev', name: 'Alex Morgan' },
    ],
    [
      'a quoted name',
      '"Morgan, Alex" <owner@alexmorgan.dev>',
      { address: 'owner@alexmorgan.dev', name: 'Morgan, Alex' },
    ],
    [
      'a trailing newline and spaces',
      '  owner@alexmorgan.dev\n',
      { address: 'owner@alexmorgan.dev', name: '' },
    ],
  ])('accepts %s', (_case, text, mailbox) => {
    expect(parseMailbox(text)).toEqual({ ok: true, mailbox });
    expect(withSettings({ OWNER_EMAIL: text }).owner).toEqual({ ok: true, value: mailbox });
  });

  it.each([
    ['two addresses', 'a@alexmorgan.dev, b@alexmorgan.dev', /^OWNER_EMAIL is not exactly one address/],
    [
      'a line break inside',
      'owner@alexmorgan.dev\nBcc: victim@example.com',
      /^OWNER_EMAIL has a line break inside/,
    ],
    ['no address at all', 'Alex Morgan', /^OWNER_EMAIL is not an address/],
    ['a group', 'friends: a@x.dev, b@x.dev;', /^OWNER_EMAIL is not exactly one address/],
    ['nothing', '', /^OWNER_EMAIL is not set/],
  ])('names the setting for %s', (_case, text, reason) => {
    expect(withSettings({ OWNER_EMAIL: text }).owner).toEqual({
      ok: false,
      reason: expect.stringMatching(reason),
    });
  });

  it('cleans a display name of what could pose as an address or reorder the text', () => {
    expect(parseMailbox('"PayPal <security@paypal.com>\u202E" <owner@alexmorgan.dev>')).toEqual({
      ok: true,
      mailbox: { address: 'owner@alexmorgan.dev', name: 'PayPal security paypal.com' },
    });
  });
});

describe('SITE_URL and the link key', () => {
  it.each([
    ['without a scheme', 'alexmorgan.dev'],
    ['another scheme', 'ftp://alexmorgan.dev'],
    ['with a query', 'https://alexmorgan.dev/?a=b'],
  ])('refuses an address %s, naming SITE_URL', (_case, text) => {
    expect(withSettings({ SITE_URL: text }).siteUrl).toEqual({
      ok: false,
      reason: expect.stringMatching(/^SITE_URL /),
    });
  });

  it("takes the site's address without its trailing slash", () => {
    expect(withSettings({ SITE_URL: 'https://alexmorgan.dev/' }).siteUrl).toEqual({
      ok: true,
      value: 'https://alexmorgan.dev',
    });
  });

  it('needs a link key of its own, long enough, and never falls back on another key', () => {
    const serviceKey = {
      SUPABASE_SERVICE_ROLE_KEY: 'eyJ-the-service-role-key-which-is-long-enough-0123456789',
    };
    expect(withSettings(serviceKey).linkKeys).toEqual({
      ok: false,
      reason: expect.stringMatching(/^MAIL_LINK_SECRET is not set/),
    });
    expect(withSettings({ MAIL_LINK_SECRET: 'short' }).linkKeys).toMatchObject({ ok: false });
    const current = 'a'.repeat(32);
    const previous = 'b'.repeat(32);
    expect(withSettings({ MAIL_LINK_SECRET: current, MAIL_LINK_SECRET_PREVIOUS: previous }).linkKeys).toEqual(
      {
        ok: true,
        value: { current, previous },
      },
    );
  });
});

describe("the links' legacy key", () => {
  const current = 'a'.repeat(32);
  const serviceRoleKey = 'eyJ-the-service-role-key-which-is-long-enough-0123456789';
  const legacyProject = { MAIL_LINK_SECRET: current, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey };
  const movedProject = { ...legacyProject, SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_a' }) };

  it('reads links signed with the service-role key on a project that has only the legacy keys', () => {
    expect(withSettings(legacyProject).linkKeys).toEqual({
      ok: true,
      value: { current, previous: serviceRoleKey },
    });
  });

  it('does not once the project has secret keys, unless LEGACY_API_KEYS is on', () => {
    expect(withSettings(movedProject).linkKeys).toEqual({ ok: true, value: { current } });
    expect(withSettings({ ...movedProject, LEGACY_API_KEYS: 'on' }).linkKeys).toEqual({
      ok: true,
      value: { current, previous: serviceRoleKey },
    });
    expect(withSettings({ ...legacyProject, LEGACY_API_KEYS: 'off' }).linkKeys).toEqual({
      ok: true,
      value: { current },
    });
  });

  it('gives way to MAIL_LINK_SECRET_PREVIOUS, a rotation of the link key', () => {
    const previous = 'b'.repeat(32);
    expect(withSettings({ ...legacyProject, MAIL_LINK_SECRET_PREVIOUS: previous }).linkKeys).toEqual({
      ok: true,
      value: { current, previous },
    });
  });
});

describe('the transport', () => {
  it('posts to Resend itself outside the local stand-in, whatever RESEND_API_URL says', () => {
    expect(
      withSettings({ RESEND_API_KEY: 're_x', RESEND_API_URL: 'http://127.0.0.1:9/emails' }).transport,
    ).toEqual({
      kind: 'resend',
      apiKey: 're_x',
      apiUrl: RESEND_API_URL,
    });
  });

  it('under the stand-in, posts to a fake on this machine, and only on this machine', () => {
    const local = { RESEND_API_KEY: 're_x', SUPABASE_LOCAL_STAND_IN: 'true' };
    expect(withSettings({ ...local, RESEND_API_URL: 'http://127.0.0.1:9/emails' }).transport).toMatchObject({
      apiUrl: 'http://127.0.0.1:9/emails',
    });
    expect(
      withSettings({ ...local, RESEND_API_URL: 'http://collector.example/emails' }).transport,
    ).toMatchObject({
      apiUrl: RESEND_API_URL,
    });
  });

  it('names SMTP_URL when it is not one', () => {
    expect(withSettings({ SMTP_URL: 'localhost:25' }).transport).toEqual({
      kind: 'none',
      reason: 'SMTP_URL is not an smtp:// or smtps:// address',
    });
  });
});

describe('redactAddresses', () => {
  it('takes every address out of a text', () => {
    expect(redactAddresses('550 5.1.1 <ana.silva+news@example.co.uk>: user unknown; cc bob@x.dev')).toBe(
      '550 5.1.1 <<address>>: user unknown; cc <address>',
    );
  });
});
