// The stand-in held to answers no one here wrote: every request of replay/postgrestCases.ts goes to the real PostgREST
// (on a real PostgreSQL 15 with the same migrations and seed) and to the stand-in, and the two answers must agree in
// status, body, Content-Range, the media type and Preference-Applied. Prints how many cases agree, per feature.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signLegacyToken } from '../src/auth/tokens.ts';
import { startLocalSupabase, type LocalSupabase } from '../src/startLocalSupabase.ts';
import { LOCAL_JWT_SECRET } from '../src/localKeys.ts';
import { replayCases, type ReplayCase, type ReplayFeature } from './replay/postgrestCases.ts';
import { startRealPostgrest, type RealPostgrest } from './support/realPostgrest.ts';

interface Answer {
  status: number;
  contentRange: string | null;
  mediaType: string | null;
  preferenceApplied: string | null;
  body: unknown;
}

/** Columns whose seeded value is the time the seed ran (a default of now()), different in each database. */
const seedTimeColumns = new Set(['updated_at']);

function withoutSeedTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSeedTimes);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, seedTimeColumns.has(key) ? '<seed time>' : inner]),
    );
  return value;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? '' : JSON.parse(text);
  } catch {
    // not JSON: compared as text
  }
  return {
    status: response.status,
    contentRange: response.headers.get('content-range'),
    mediaType: response.headers.get('content-type')?.split(';')[0]?.trim() ?? null,
    preferenceApplied: response.headers.get('preference-applied'),
    body: withoutSeedTimes(body),
  };
}

function request(
  testCase: ReplayCase,
  url: string,
  token: string | undefined,
  apikey?: string,
): Promise<Response> {
  const headers = new Headers(testCase.headers);
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
  if (apikey !== undefined) headers.set('apikey', apikey);
  let body: string | undefined;
  if (testCase.body !== undefined) {
    body = typeof testCase.body === 'string' ? testCase.body : JSON.stringify(testCase.body);
    headers.set('Content-Type', 'application/json');
  }
  return fetch(url, { method: testCase.method ?? 'GET', headers, body });
}

describe('the stand-in answers as the real PostgREST does', () => {
  let postgrest: RealPostgrest;
  let standIn: LocalSupabase;
  const agreed = new Map<ReplayFeature, { passed: number; total: number }>();

  before(async () => {
    [postgrest, standIn] = await Promise.all([
      startRealPostgrest({ jwtSecret: LOCAL_JWT_SECRET }),
      startLocalSupabase({
        port: 0,
        dataDir: 'memory',
        quiet: true,
        log: () => undefined,
      }),
    ]);
  });

  after(async () => {
    const lines = [...agreed].map(([feature, { passed, total }]) => `${feature} ${passed}/${total}`);
    const passed = [...agreed.values()].reduce((sum, count) => sum + count.passed, 0);
    const later = replayCases.filter((testCase) => testCase.laterPostgrest).length;
    console.log(
      `PostgREST replay: ${passed} of ${replayCases.length} cases answer as ${postgrest?.version ?? 'PostgREST'} does (${lines.join(', ')}; ${later} in a later release's wording)`,
    );
    await Promise.all([postgrest?.stop(), standIn?.stop()]);
  });

  for (const testCase of replayCases) {
    it(`${testCase.feature}: ${testCase.name}`, async () => {
      const count = agreed.get(testCase.feature) ?? { passed: 0, total: 0 };
      agreed.set(testCase.feature, count);
      count.total += 1;
      const role = testCase.as ?? 'anon';
      // PostgREST checks the token itself; the stand-in, like Supabase's gateway, also wants the project's key.
      const postgrestToken = role === 'anon' ? undefined : await signLegacyToken({ role }, LOCAL_JWT_SECRET);
      const standInKey = role === 'anon' ? standIn.publishableKey : standIn.secretKey;
      const [expected, actual] = await Promise.all([
        request(testCase, `${postgrest.url}/${testCase.path}`, postgrestToken).then(answerOf),
        request(testCase, `${standIn.url}/rest/v1/${testCase.path}`, standInKey, standInKey).then(answerOf),
      ]);
      const later = testCase.laterPostgrest;
      if (later) {
        assert.equal(typeof expected.body, 'object', `${postgrest.version} answered with an error body`);
        expected.status = later.status ?? expected.status;
        expected.body = { ...(expected.body as object), ...later.body };
      }
      assert.deepEqual(actual, expected);
      count.passed += 1;
    });
  }
});
