// Who a request is: the role and claims of its JWT, taken the way Supabase's gateway and PostgREST take them. The
// `apikey` header (or ?apikey=) must be a valid key when present; `Authorization: Bearer` carries the token the
// request runs as, falling back to the apikey. No token at all is a 401, as on a hosted project.
import { verifyJwt, type JwtClaims } from './jwt.ts';

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

function isApiRole(role: string): role is ApiRole {
  return (apiRoles as readonly string[]).includes(role);
}

/** Verifies a token and resolves its role. */
export function identityFromToken(token: string, secret: string): AuthResult {
  const verified = verifyJwt(token, secret);
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

function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}

export function authenticateRequest(
  headers: { authorization?: string | undefined; apikey?: string | undefined },
  queryApiKey: string | null,
  secret: string,
): AuthResult {
  const apiKey = headers.apikey ?? queryApiKey ?? undefined;
  if (apiKey !== undefined) {
    const checked = identityFromToken(apiKey, secret);
    if (!checked.ok) {
      return {
        ok: false,
        failure: { status: 401, code: 'PGRST301', message: 'Invalid API key', hint: checked.failure.message },
      };
    }
  }
  const token = bearerToken(headers.authorization) ?? apiKey;
  if (token === undefined) {
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
  return identityFromToken(token, secret);
}
