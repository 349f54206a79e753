// A sync spends YouTube quota, so a visitor must not be able to start one: only a caller holding a secret key of the
// project (or its legacy service-role key; _shared/apiKeys.ts) or the sync secret (in the x-sync-secret header) may.
// The publishable key, which every visitor has, is refused.
import { isOneOf, refuseCaller, type CallerRefusal } from '../_shared/apiKeys.ts';

export const syncSecretHeader = 'x-sync-secret';

/** Null when the caller may start a sync; else why not (the caller's key is never logged). */
export async function refuseSync(
  request: Request,
  syncSecret: string | undefined,
): Promise<CallerRefusal | null> {
  const given = request.headers.get(syncSecretHeader);
  if (given !== null && syncSecret !== undefined && (await isOneOf(given, [syncSecret]))) return null;
  return refuseCaller(request, 'secret', 'youtube-sync');
}
