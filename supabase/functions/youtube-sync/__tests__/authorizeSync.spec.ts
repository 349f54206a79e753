import { isAuthorizedSync } from '../authorizeSync.ts';

const serviceRoleKey = 'service-role-key';
const anonKey = 'anon-key';
const syncSecret = 'sync-secret';

function request(headers: Record<string, string>): Request {
  return new Request('http://localhost/functions/v1/youtube-sync', { method: 'POST', headers });
}

describe('isAuthorizedSync', () => {
  it.each<[string, Record<string, string>, { serviceRoleKey?: string; syncSecret?: string }, boolean]>([
    ['the service-role key', { authorization: `Bearer ${serviceRoleKey}` }, { serviceRoleKey }, true],
    [
      'the service-role key, lower-case scheme',
      { authorization: `bearer ${serviceRoleKey}` },
      { serviceRoleKey },
      true,
    ],
    ['the anon key', { authorization: `Bearer ${anonKey}` }, { serviceRoleKey }, false],
    ['no credentials', {}, { serviceRoleKey, syncSecret }, false],
    [
      'a prefix of the key',
      { authorization: `Bearer ${serviceRoleKey.slice(0, -1)}` },
      { serviceRoleKey },
      false,
    ],
    ['the key and more', { authorization: `Bearer ${serviceRoleKey}x` }, { serviceRoleKey }, false],
    [
      'the sync secret',
      { authorization: `Bearer ${anonKey}`, 'x-sync-secret': syncSecret },
      { serviceRoleKey, syncSecret },
      true,
    ],
    ['a wrong sync secret', { 'x-sync-secret': 'guess' }, { serviceRoleKey, syncSecret }, false],
    ['a sync secret when none is set', { 'x-sync-secret': '' }, { serviceRoleKey }, false],
    ['an empty bearer when no key is set', { authorization: 'Bearer ' }, {}, false],
  ])('%s -> %s', (_case, headers, secrets, allowed) => {
    expect(
      isAuthorizedSync(request(headers), {
        serviceRoleKey: secrets.serviceRoleKey,
        syncSecret: secrets.syncSecret,
      }),
    ).toBe(allowed);
  });
});
