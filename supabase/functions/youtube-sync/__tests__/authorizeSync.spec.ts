import { projectVariables } from '../../_shared/__tests__/localBackend.ts';
import { refuseSync } from '../authorizeSync.ts';

const keys = {
  secret: 'sb_secret_for_sync_tests',
  publishable: 'sb_publishable_for_sync_tests',
  serviceRole: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl',
  anon: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl',
};
const syncSecret = 'sync-secret';

function request(headers: Record<string, string>): Request {
  return new Request('http://localhost/functions/v1/youtube-sync', { method: 'POST', headers });
}

/** The project's variables for each test of the block (and nothing else of another project's), restored after. */
function withProjectVariables(variables: Partial<Record<(typeof projectVariables)[number], string>>): void {
  const saved = { ...process.env };
  beforeEach(() => {
    for (const name of projectVariables) delete process.env[name];
    Object.assign(process.env, variables);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    process.env = { ...saved };
    jest.restoreAllMocks();
  });
}

describe('refuseSync', () => {
  withProjectVariables({
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secret }),
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishable }),
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRole,
    SUPABASE_ANON_KEY: keys.anon,
  });

  it.each<[string, Record<string, string>, string | undefined, string | null]>([
    ['a secret key', { apikey: keys.secret }, undefined, null],
    [
      'the legacy service-role key, which a project with secret keys no longer takes',
      { authorization: `Bearer ${keys.serviceRole}` },
      undefined,
      'invalid_api_key',
    ],
    ['the publishable key', { apikey: keys.publishable }, undefined, 'secret_key_required'],
    ['the legacy anon key', { authorization: `Bearer ${keys.anon}` }, undefined, 'invalid_api_key'],
    ['no credentials', {}, syncSecret, 'missing_api_key'],
    ['a prefix of the key', { apikey: keys.secret.slice(0, -1) }, undefined, 'invalid_api_key'],
    ['the key and more', { apikey: `${keys.secret}x` }, undefined, 'invalid_api_key'],
    ['the sync secret', { apikey: keys.publishable, 'x-sync-secret': syncSecret }, syncSecret, null],
    [
      'a wrong sync secret',
      { apikey: keys.publishable, 'x-sync-secret': 'guess' },
      syncSecret,
      'secret_key_required',
    ],
    ['a sync secret when none is set', { 'x-sync-secret': '' }, undefined, 'missing_api_key'],
    ['an empty bearer', { authorization: 'Bearer ' }, undefined, 'missing_api_key'],
  ])('%s -> %s', async (_case, headers, secret, refusal) => {
    expect((await refuseSync(request(headers), secret))?.error ?? null).toBe(refusal);
  });
});

describe('refuseSync on a project on the legacy keys alone', () => {
  withProjectVariables({ SUPABASE_SERVICE_ROLE_KEY: keys.serviceRole, SUPABASE_ANON_KEY: keys.anon });

  it.each<[string, Record<string, string>, string | null]>([
    [
      'the legacy service-role key as bearer (a schedule made before)',
      { authorization: `Bearer ${keys.serviceRole}` },
      null,
    ],
    ['the legacy service-role key, lower-case scheme', { authorization: `bearer ${keys.serviceRole}` }, null],
    ['the legacy anon key', { authorization: `Bearer ${keys.anon}` }, 'secret_key_required'],
  ])('%s -> %s', async (_case, headers, refusal) => {
    expect((await refuseSync(request(headers), undefined))?.error ?? null).toBe(refusal);
  });
});
