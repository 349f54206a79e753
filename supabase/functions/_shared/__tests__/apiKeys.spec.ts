// Reading the project's keys from the variables Supabase gives functions (the legacy ones only while the project has
// no secret key, or on the owner's word), and the constant-time comparison every check goes through.
import { apiKeyHeaders, isOneOf, readProjectKeys, refuseCaller, requireSecretKey } from '../apiKeys.ts';
import { projectVariables, restoreEnvAfterAll } from './localBackend.ts';

restoreEnvAfterAll(projectVariables);

const legacyAnon = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.YW5vbi1zaWduYXR1cmU';
const legacyServiceRole = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2VydmljZS1zaWduYXR1cmU';

function setKeys(variables: Partial<Record<(typeof projectVariables)[number], string>>): void {
  for (const name of projectVariables) delete process.env[name];
  Object.assign(process.env, variables);
}

describe('readProjectKeys', () => {
  it('reads the named keys of the JSON dictionaries', () => {
    setKeys({
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_a', mobile: 'sb_publishable_b' }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_a', scheduler: 'sb_secret_b' }),
    });
    expect(readProjectKeys()).toMatchObject({
      publishable: ['sb_publishable_a', 'sb_publishable_b'],
      secret: ['sb_secret_a', 'sb_secret_b'],
    });
    expect(requireSecretKey()).toBe('sb_secret_a');
  });

  it('takes the legacy keys alone, as on a project created before the new keys', () => {
    setKeys({ SUPABASE_ANON_KEY: legacyAnon, SUPABASE_SERVICE_ROLE_KEY: legacyServiceRole });
    expect(readProjectKeys()).toMatchObject({ publishable: [legacyAnon], secret: [legacyServiceRole] });
    expect(requireSecretKey()).toBe(legacyServiceRole);
  });

  it('takes them too on a project with a publishable key and no secret key', () => {
    setKeys({
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_a' }),
      SUPABASE_ANON_KEY: legacyAnon,
      SUPABASE_SERVICE_ROLE_KEY: legacyServiceRole,
    });
    expect(readProjectKeys()).toMatchObject({
      publishable: ['sb_publishable_a', legacyAnon],
      secret: [legacyServiceRole],
    });
  });

  const movedProject = {
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_a' }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_a' }),
    SUPABASE_ANON_KEY: legacyAnon,
    SUPABASE_SERVICE_ROLE_KEY: legacyServiceRole,
  };

  it.each([
    ['unset', {}],
    ['off', { LEGACY_API_KEYS: 'off' }],
    ['anything but on or off', { LEGACY_API_KEYS: 'true' }],
  ])(
    'neither uses nor accepts the legacy keys Supabase still gives once the project has secret keys (LEGACY_API_KEYS %s)',
    async (_setting, setting) => {
      setKeys({ ...movedProject, ...setting });
      const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      expect(readProjectKeys()).toMatchObject({
        publishable: ['sb_publishable_a'],
        secret: ['sb_secret_a'],
        legacy: { anonKey: undefined, serviceRoleKey: undefined },
      });
      const withLegacyKey = new Request('http://localhost/fn', {
        method: 'POST',
        headers: { authorization: `Bearer ${legacyServiceRole}` },
      });
      expect((await refuseCaller(withLegacyKey, 'secret', 'fn'))?.error).toBe('invalid_api_key');
      expect(warnings).toHaveBeenCalledWith(
        expect.stringMatching(/invalid_api_key: a legacy key, not accepted/),
      );
      jest.restoreAllMocks();
    },
  );

  it("accepts them beside the new keys on the owner's word (LEGACY_API_KEYS=on), while the site moves", async () => {
    setKeys({ ...movedProject, LEGACY_API_KEYS: 'on' });
    expect(readProjectKeys()).toMatchObject({
      publishable: ['sb_publishable_a', legacyAnon],
      secret: ['sb_secret_a', legacyServiceRole],
    });
    expect(requireSecretKey()).toBe('sb_secret_a');
    const withLegacyKey = new Request('http://localhost/fn', {
      method: 'POST',
      headers: { authorization: `Bearer ${legacyServiceRole}` },
    });
    expect(await refuseCaller(withLegacyKey, 'secret', 'fn')).toBeNull();
  });

  it('refuses them on a project that has nothing else when LEGACY_API_KEYS is off, and says why', async () => {
    setKeys({
      SUPABASE_ANON_KEY: legacyAnon,
      SUPABASE_SERVICE_ROLE_KEY: legacyServiceRole,
      LEGACY_API_KEYS: 'OFF',
    });
    expect(readProjectKeys()).toMatchObject({ publishable: [], secret: [] });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const withLegacyKey = new Request('http://localhost/fn', {
      method: 'POST',
      headers: { apikey: legacyAnon },
    });
    expect((await refuseCaller(withLegacyKey, 'publishable', 'fn'))?.error).toBe('invalid_api_key');
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('legacy keys are not accepted: LEGACY_API_KEYS is off'),
    );
    jest.restoreAllMocks();
  });

  it('ignores what is not a dictionary of keys, and names the variable when no secret key is left', () => {
    setKeys({
      SUPABASE_PUBLISHABLE_KEYS: '["sb_publishable_in_a_list"]',
      SUPABASE_SECRET_KEYS: '{"default": ',
    });
    expect(readProjectKeys()).toMatchObject({ publishable: [], secret: [] });
    expect(() => requireSecretKey()).toThrow(/SUPABASE_SECRET_KEYS/);
  });
});

describe('isOneOf', () => {
  it('finds the key among several, and nothing shorter, longer or different', async () => {
    const keys = ['sb_secret_one', 'sb_secret_two'];
    expect(await isOneOf('sb_secret_two', keys)).toBe(true);
    for (const other of ['sb_secret_tw', 'sb_secret_two ', 'sb_secret_twO', '', 'sb_secret_three']) {
      expect(await isOneOf(other, keys)).toBe(false);
    }
    expect(await isOneOf('', [])).toBe(false);
  });
});

describe('apiKeyHeaders', () => {
  it('puts a publishable or secret key in apikey only, and a legacy JWT key in Authorization too', () => {
    expect(apiKeyHeaders('sb_secret_a')).toEqual({ apikey: 'sb_secret_a' });
    expect(apiKeyHeaders(legacyServiceRole)).toEqual({
      apikey: legacyServiceRole,
      Authorization: `Bearer ${legacyServiceRole}`,
    });
  });
});

describe('refuseCaller', () => {
  beforeEach(() => {
    setKeys({
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_a' }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_a' }),
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const call = (headers: Record<string, string>) =>
    new Request('http://localhost/fn', { method: 'POST', headers });

  it('reads the apikey header first, the bearer token only without one', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await refuseCaller(call({ apikey: 'sb_secret_a' }), 'secret', 'fn')).toBeNull();
    expect(await refuseCaller(call({ authorization: 'Bearer sb_secret_a' }), 'secret', 'fn')).toBeNull();
    // A user's token in Authorization beside the publishable key (what supabase-js sends for a signed-in user).
    const user = call({ apikey: 'sb_publishable_a', authorization: `Bearer ${legacyServiceRole}` });
    expect((await refuseCaller(user, 'secret', 'fn'))?.error).toBe('secret_key_required');
  });

  it('fails closed, and says why in the log, when the function has no keys at all', async () => {
    setKeys({});
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await refuseCaller(call({ apikey: 'sb_secret_a' }), 'secret', 'fn'))?.error).toBe(
      'invalid_api_key',
    );
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('no project keys'));
  });
});
