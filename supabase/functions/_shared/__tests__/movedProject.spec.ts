// A project created before publishable and secret keys, once it has created them: Supabase still gives its functions
// the legacy anon and service-role keys (even once they are disabled in the dashboard), and the functions no longer
// take them, unless the owner says so with LEGACY_API_KEYS=on while the site and the schedules move. The stand-in runs
// as such a project (--api-keys both), with the functions in Deno as hosted.
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '@site/supabase-local/keys';
import { signMailLink } from '../mail/mailLinks.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN } from '../recaptchaRules.ts';
import {
  BACKEND_START_TIMEOUT_MS,
  outboxRunAnswer,
  startLocalBackend,
  type LocalBackend,
} from './localBackend.ts';

/** The unsubscribe function's answer to a link, as the site's page sends it (with the publishable key). */
async function unsubscribeWith(backend: LocalBackend, token: string) {
  const response = await backend.callFunction(
    'newsletter-unsubscribe',
    { apikey: backend.publishableKey },
    { token },
  );
  return { status: response.status, body: await response.json() };
}

/** A subscriber's unsubscribe link signed with the legacy service-role key, as links were before the link key. */
async function linkSignedWithServiceRoleKey(backend: LocalBackend): Promise<string> {
  const email = `moved.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const subscribed = await backend.callFunction(
    'newsletter-subscribe',
    { apikey: backend.publishableKey },
    {
      email,
      recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN,
    },
  );
  expect(subscribed.status).toBe(200);
  const [subscriber] = await backend.readAsOwner<{ id: string; unsubscribe_nonce: string }>(
    `emails?select=id,unsubscribe_nonce&email=eq.${encodeURIComponent(email)}`,
  );
  return signMailLink(
    { purpose: 'unsubscribe', subscriberId: subscriber!.id, nonce: subscriber!.unsubscribe_nonce },
    LOCAL_SERVICE_ROLE_KEY,
  );
}

describe('a project that has created secret keys', () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startLocalBackend({}, { apiKeys: 'both', schedule: false });
  }, BACKEND_START_TIMEOUT_MS);
  afterAll(() => backend?.stop());

  it('refuses the legacy service-role key on a secret-only function, as a schedule made before sends it', async () => {
    for (const headers of <Record<string, string>[]>[
      { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
      { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    ]) {
      const refused = await backend.callFunction('mail-outbox', headers);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'invalid_api_key' });
    }
    const secret = await backend.callFunction('mail-outbox', { apikey: backend.secretKey });
    expect(secret.status).toBe(200);
    expect(await secret.json()).toEqual(outboxRunAnswer);
  });

  it("refuses the legacy anon key on the site's functions, and takes the publishable key", async () => {
    const refused = await backend.callFunction(
      'analytics-events',
      { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
      { events: [{ name: 'userInApp' }] },
    );
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_api_key' });
    const taken = await backend.callFunction(
      'analytics-events',
      { apikey: backend.publishableKey },
      { events: [{ name: 'userInApp' }] },
    );
    expect(taken.status).toBe(204);
  });

  it('no longer reads newsletter links signed with the service-role key', async () => {
    const token = await linkSignedWithServiceRoleKey(backend);
    const response = await unsubscribeWith(backend, token);
    expect(response).toEqual({ status: 400, body: { outcome: 'invalid' } });
  });
});

describe('a project that has created secret keys, with LEGACY_API_KEYS=on while it moves', () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startLocalBackend({ LEGACY_API_KEYS: 'on' }, { apiKeys: 'both', schedule: false });
  }, BACKEND_START_TIMEOUT_MS);
  afterAll(() => backend?.stop());

  it('takes the legacy service-role key beside the secret key', async () => {
    const legacy = await backend.callFunction('mail-outbox', {
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
    });
    expect(legacy.status).toBe(200);
    expect(await legacy.json()).toEqual(outboxRunAnswer);
  });

  it('still reads newsletter links signed with the service-role key', async () => {
    const token = await linkSignedWithServiceRoleKey(backend);
    const response = await unsubscribeWith(backend, token);
    expect(response).toEqual({ status: 200, body: { outcome: 'unsubscribed' } });
  });
});
