// The project's API keys as an edge function reads them, and the check of a caller's key: the one place functions
// learn which keys exist and who may call them.
//
// Reading. Supabase gives every function SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS, JSON dictionaries of the
// project's named keys ({"default": "sb_publishable_..."}). A project that still has its legacy JWT keys has
// SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY too, and one created before the new keys has only those. Supabase
// keeps giving functions those two even once the legacy keys are disabled in the dashboard (supabase/supabase#37648),
// which is usually when an owner disables them, so the variables alone cannot say whether the legacy keys still open
// anything. The rule: the legacy keys are the project's keys only while it has no secret key (a project created before
// the new keys, not yet moved); once it has one, they are neither used nor accepted. The owner's word decides
// otherwise: the secret LEGACY_API_KEYS=on keeps them accepted beside the new keys (while the site and the schedules
// move to them), LEGACY_API_KEYS=off refuses them even on a project that has nothing else. A refused legacy key is
// answered as any key the project does not have; the function's log says why.
//
// Checking. The gateway's verify_jwt check cannot tell which of the project's keys a caller holds (it lets the
// publishable and secret keys through alike), so every function is deployed with verify_jwt = false (config.toml)
// and checks its caller here, as Supabase's guide "Securing Edge
// Functions" has it. The caller's key is its `apikey` header, where Supabase's guides put API keys; a caller that
// sends none is read from its bearer token (a schedule made before the new keys sends only `Authorization: Bearer
// <service_role key>`). The site's public functions take a publishable key (or the legacy anon key); the scheduled
// and owner's functions take a secret key (or the legacy service-role key); a secret key opens a public function too.
// Keys are compared in constant time: both sides are signed with a random HMAC key of the moment and the signatures
// compared, so how long a comparison takes says nothing about the key. No key, an unknown key, or a publishable key
// where a secret one is needed is refused (401) with a clear reason; the log names the reason, never the key.
//
// Not @supabase/server, Supabase's SDK for the same check: its releases after 1.4 need Node 22 (the functions' unit
// tests also run under Node here), and it knows neither the legacy keys nor a bearer-only caller, so this module would
// remain for a project on the legacy keys anyway. It follows the same rules: apikey header, named keys, a random-key
// HMAC comparison.
import { getEnv } from './env.ts';

export interface ProjectKeys {
  /** Publishable keys, then the legacy anon key: what visitors' browsers hold. */
  publishable: string[];
  /** Secret keys, then the legacy service-role key: what only the project's own servers and schedules hold. */
  secret: string[];
  /** The legacy keys, while they are accepted (legacyKeysAccepted). */
  legacy: { anonKey?: string; serviceRoleKey?: string };
  /** Legacy keys the functions were given and do not accept: only to say why a caller holding one is refused. */
  refusedLegacy: { keys: string[]; reason: string };
}

export type KeyLevel = 'publishable' | 'secret';

export interface CallerRefusal {
  status: 401;
  error: 'missing_api_key' | 'invalid_api_key' | 'secret_key_required';
  message: string;
}

/** The values of a JSON dictionary of named keys; nothing when the variable is unset or not such a dictionary. */
function namedKeys(variable: string): string[] {
  const text = getEnv(variable);
  if (text === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    return Object.values(parsed).filter((key): key is string => typeof key === 'string' && key !== '');
  } catch {
    return [];
  }
}

/** LEGACY_API_KEYS: 'on' or 'off' when the owner said so, undefined when unset (anything else is read as unset). */
function legacySetting(): 'on' | 'off' | undefined {
  const text = getEnv('LEGACY_API_KEYS')?.trim().toLowerCase();
  if (text === 'on' || text === 'off') return text;
  if (text !== undefined)
    warnOnce(`LEGACY_API_KEYS is "${text.slice(0, 20)}": it takes on or off; read as unset`);
  return undefined;
}

const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`[apiKeys] ${message}`);
}

/**
 * Whether the legacy anon and service-role keys are the project's keys: on the owner's word (LEGACY_API_KEYS), else
 * while the project has no secret key.
 */
export function legacyKeysAccepted(
  setting: 'on' | 'off' | undefined,
  secretKeys: readonly string[],
): boolean {
  return setting === undefined ? secretKeys.length === 0 : setting === 'on';
}

/** Read on every request, so a key rotated in the dashboard applies without a redeploy. */
export function readProjectKeys(): ProjectKeys {
  const setting = legacySetting();
  const secretKeys = namedKeys('SUPABASE_SECRET_KEYS');
  const given = { anonKey: getEnv('SUPABASE_ANON_KEY'), serviceRoleKey: getEnv('SUPABASE_SERVICE_ROLE_KEY') };
  const accepted = legacyKeysAccepted(setting, secretKeys);
  const legacy = accepted ? given : { anonKey: undefined, serviceRoleKey: undefined };
  const present = (key: string | undefined): string[] => (key === undefined ? [] : [key]);
  return {
    publishable: [...namedKeys('SUPABASE_PUBLISHABLE_KEYS'), ...present(legacy.anonKey)],
    secret: [...secretKeys, ...present(legacy.serviceRoleKey)],
    legacy,
    refusedLegacy: {
      keys: accepted ? [] : [...present(given.anonKey), ...present(given.serviceRoleKey)],
      reason:
        setting === 'off'
          ? 'LEGACY_API_KEYS is off'
          : 'the project has secret keys (LEGACY_API_KEYS=on accepts the legacy keys beside them)',
    },
  };
}

/** The key the functions' own requests to the project's API use: the first secret key, or the service-role key. */
export function requireSecretKey(keys: ProjectKeys = readProjectKeys()): string {
  const [key] = keys.secret;
  if (key === undefined) {
    throw new Error(
      'Missing environment variable SUPABASE_SECRET_KEYS (or the legacy SUPABASE_SERVICE_ROLE_KEY)',
    );
  }
  return key;
}

/** A legacy key is a JWT; a publishable or secret key is an opaque string. */
export function isLegacyJwtKey(key: string): boolean {
  return key.split('.').length === 3 && !key.startsWith('sb_');
}

/**
 * The headers that carry a key to the project's API. Supabase's gateway takes a publishable or secret key in
 * `apikey` and signs the request's token itself (such a key is not a JWT, so it is never a bearer token); a legacy
 * key is a JWT, and goes as the bearer token too.
 */
export function apiKeyHeaders(key: string): Record<string, string> {
  return isLegacyJwtKey(key) ? { apikey: key, Authorization: `Bearer ${key}` } : { apikey: key };
}

const encoder = new TextEncoder();

/** Whether a caller's key is one of these keys, in time that does not depend on how much of it was right. */
export async function isOneOf(given: string, keys: readonly string[]): Promise<boolean> {
  if (keys.length === 0) return false;
  const hmac = await crypto.subtle.importKey(
    'raw',
    crypto.getRandomValues(new Uint8Array(32)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const digest = async (value: string) =>
    new Uint8Array(await crypto.subtle.sign('HMAC', hmac, encoder.encode(value)));
  const givenDigest = await digest(given);
  let found = false;
  for (const key of keys) {
    const keyDigest = await digest(key);
    let difference = 0;
    for (let index = 0; index < keyDigest.length; index += 1) {
      difference |= keyDigest[index]! ^ givenDigest[index]!;
    }
    found = found || difference === 0;
  }
  return found;
}

/** The key a caller presents: its apikey header, or else its bearer token. */
function presentedKey(request: Request): string | undefined {
  const apikey = request.headers.get('apikey')?.trim();
  if (apikey) return apikey;
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
}

const refusals = {
  missing_api_key: 'Send a key of this project in the apikey header.',
  invalid_api_key: 'The apikey header holds no key of this project.',
  secret_key_required: 'This function needs a secret key of this project; a publishable key is not enough.',
} as const satisfies Record<CallerRefusal['error'], string>;

/**
 * Checks that the caller holds a key of the level the function needs; null when it does, the refusal when not. The
 * function answers the refusal in its own shape, with its own CORS headers.
 */
export async function refuseCaller(
  request: Request,
  needed: KeyLevel,
  functionName: string,
  keys: ProjectKeys = readProjectKeys(),
): Promise<CallerRefusal | null> {
  if (keys.publishable.length === 0 && keys.secret.length === 0) {
    console.error(
      `[${functionName}] refusing every call: its environment has no project keys ` +
        '(SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS)' +
        (keys.refusedLegacy.keys.length > 0
          ? `, and its legacy keys are not accepted: ${keys.refusedLegacy.reason}`
          : ''),
    );
  }
  const key = presentedKey(request);
  let error: CallerRefusal['error'] | undefined;
  if (key === undefined) error = 'missing_api_key';
  else if (await isOneOf(key, keys.secret)) error = undefined;
  else if (await isOneOf(key, keys.publishable))
    error = needed === 'secret' ? 'secret_key_required' : undefined;
  else error = 'invalid_api_key';
  if (error === undefined) return null;
  const legacyRefused =
    error === 'invalid_api_key' && (await isOneOf(key as string, keys.refusedLegacy.keys));
  console.warn(
    `[${functionName}] refused a call: ${error}` +
      (legacyRefused ? `: a legacy key, not accepted because ${keys.refusedLegacy.reason}` : ''),
  );
  return { status: 401, error, message: refusals[error] };
}
