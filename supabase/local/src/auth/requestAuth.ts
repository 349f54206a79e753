// Who a request is, taken the way Supabase's API gateway and PostgREST take it:
//   - `apikey` (header, or ?apikey= where a header cannot be sent) says what is calling. A publishable key
//     (sb_publishable_...) is the anon role and a secret key (sb_secret_...) the service_role: the gateway stands a
//     short-lived token it signs with the project's signing key in for it, and the request runs as that token. A legacy
//     anon or service_role key is a JWT and is checked as one. An unknown key is a 401, whatever else is sent.
//   - `Authorization: Bearer` says who is calling, when it carries a JWT (a user's token). A publishable or secret key
//     there is accepted only when it is the request's apikey (supabase-js sends it so); the request then runs as the
//     apikey. No bearer: the request runs as its apikey.
//   - Neither: 401, as on a hosted project.
import type { TokenAuthority, JwtClaims } from './tokens.ts';

/** The database roles a token may name. Anything else is refused rather than tried. */
export const apiRoles = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof apiRoles)[number];

export interface RequestIdentity {
  role: ApiRole;
  claims: JwtClaims;
  token: string;
}

export interface AuthFailure {
  status: 401;
  code: string;
  message: string;
  hint: string | null;
}

export type AuthResult = { ok: true; identity: RequestIdentity } | { ok: false; failure: AuthFailure };

/** The project's opaque API keys (none for a project that has only the legacy JWT keys). */
export interface ProjectApiKeys {
  publishable?: string;
  secret?: string;
}

/** Publishable and secret keys are opaque strings with this prefix; anything else is read as a JWT. */
export function isOpaqueApiKey(key: string): boolean {
  return key.startsWith('sb_');
}

/** The hosted gateway's answer to a key it does not know. */
const invalidApiKey = (hint: string | null): AuthResult => ({
  ok: false,
  failure: { status: 401, code: 'PGRST301', message: 'Invalid API key', hint },
});
const unknownKeyHint = 'Double check your Supabase `anon` or `service_role` API key.';

/** How long a token the gateway signs for an API key lives, and when a fresh one is signed (seconds). */
const gatewayTokenSeconds = 3600;
const gatewayTokenRenewalSeconds = 60;

function isApiRole(role: string): role is ApiRole {
  return (apiRoles as readonly string[]).includes(role);
}

function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}

export class RequestAuth {
  private readonly roleOfKey = new Map<string, ApiRole>();
  private readonly gatewayTokens = new Map<ApiRole, { identity: RequestIdentity; renewAt: number }>();

  constructor(
    private readonly tokens: TokenAuthority,
    keys: ProjectApiKeys,
  ) {
    if (keys.publishable !== undefined) this.roleOfKey.set(keys.publishable, 'anon');
    if (keys.secret !== undefined) this.roleOfKey.set(keys.secret, 'service_role');
  }

  /** Verifies a JWT (a user's token, or a legacy key) and resolves its role. */
  async identityFromToken(token: string): Promise<AuthResult> {
    const verified = await this.tokens.verify(token);
    if (!verified.ok) {
      const code =
        verified.reason === 'expired' || verified.reason === 'not-yet-valid' ? 'PGRST303' : 'PGRST301';
      return { ok: false, failure: { status: 401, code, message: verified.message, hint: null } };
    }
    const role = typeof verified.claims.role === 'string' ? verified.claims.role : 'anon';
    if (!isApiRole(role)) {
      return {
        ok: false,
        failure: {
          status: 401,
          code: 'PGRST301',
          message: `The JWT role "${role}" is not allowed`,
          hint: null,
        },
      };
    }
    return { ok: true, identity: { role, claims: verified.claims, token } };
  }

  /** Whether the key is one of the project's publishable or secret keys (never a legacy key: that is a JWT). */
  isProjectApiKey(key: string): boolean {
    return this.roleOfKey.has(key);
  }

  /** What an API key is: a publishable or secret key's role (through the token the gateway signs for it), or a
   *  legacy key's, checked as the JWT it is. */
  async identityFromApiKey(key: string): Promise<AuthResult> {
    if (!isOpaqueApiKey(key)) {
      const checked = await this.identityFromToken(key);
      return checked.ok ? checked : invalidApiKey(checked.failure.message);
    }
    const role = this.roleOfKey.get(key);
    if (role === undefined) return invalidApiKey(unknownKeyHint);
    return { ok: true, identity: await this.gatewayIdentity(role) };
  }

  async authenticateRequest(
    headers: { authorization?: string | undefined; apikey?: string | undefined },
    queryApiKey: string | null,
  ): Promise<AuthResult> {
    const apiKey = headers.apikey ?? queryApiKey ?? undefined;
    const keyIdentity = apiKey === undefined ? undefined : await this.identityFromApiKey(apiKey);
    if (keyIdentity !== undefined && !keyIdentity.ok) return keyIdentity;
    const bearer = bearerToken(headers.authorization);
    if (bearer !== undefined && isOpaqueApiKey(bearer)) {
      // An API key is no bearer token; the gateway lets it through only as a copy of the request's apikey.
      if (bearer !== apiKey)
        return invalidApiKey('A publishable or secret key belongs in the apikey header.');
      return keyIdentity!;
    }
    if (bearer !== undefined) return this.identityFromToken(bearer);
    if (keyIdentity !== undefined) return keyIdentity;
    return {
      ok: false,
      failure: {
        status: 401,
        code: 'PGRST302',
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      },
    };
  }

  /** The token the gateway signs for a role's API key, renewed shortly before it expires. */
  private async gatewayIdentity(role: ApiRole): Promise<RequestIdentity> {
    const now = Math.floor(Date.now() / 1000);
    const cached = this.gatewayTokens.get(role);
    if (cached && cached.renewAt > now) return cached.identity;
    const claims: JwtClaims = { iss: 'supabase-local', role, exp: now + gatewayTokenSeconds, iat: now };
    const identity = { role, claims, token: await this.tokens.sign(claims) };
    this.gatewayTokens.set(role, {
      identity,
      renewAt: now + gatewayTokenSeconds - gatewayTokenRenewalSeconds,
    });
    return identity;
  }
}
