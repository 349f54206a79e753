// A sync spends YouTube quota, so a visitor must not be able to start one: only a caller holding the service-role key
// (as its bearer token) or the sync secret (in the x-sync-secret header) may. The anon key, which every visitor has,
// is refused.
import type { AccessSecrets } from './syncSettings.ts';

export const syncSecretHeader = 'x-sync-secret';

/** Compares in time that does not depend on where the strings differ, so a caller cannot guess a secret bit by bit. */
function sameSecret(given: string, expected: string): boolean {
  const encoder = new TextEncoder();
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index += 1) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

export function isAuthorizedSync(request: Request, secrets: AccessSecrets): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (
    secrets.serviceRoleKey !== undefined &&
    bearer !== undefined &&
    sameSecret(bearer, secrets.serviceRoleKey)
  ) {
    return true;
  }
  const syncSecret = request.headers.get(syncSecretHeader);
  return (
    secrets.syncSecret !== undefined && syncSecret !== null && sameSecret(syncSecret, secrets.syncSecret)
  );
}
