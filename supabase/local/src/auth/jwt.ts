// HS256 JSON Web Tokens, as Supabase signs its keys and user tokens: verified with the project's JWT secret, the
// signature first (constant-time comparison), then the header, expiry and not-before times.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface JwtClaims {
  role?: string;
  sub?: string;
  exp?: number;
  nbf?: number;
  iat?: number;
  [claim: string]: unknown;
}

export type JwtVerification =
  | { ok: true; claims: JwtClaims }
  | {
      ok: false;
      reason: 'malformed' | 'signature' | 'expired' | 'not-yet-valid' | 'algorithm';
      message: string;
    };

const base64url = (input: Buffer | string): string => Buffer.from(input).toString('base64url');

function decodeJson(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Signs claims with HS256, as Supabase Auth does. For tests and the local demo keys. */
export function signJwt(claims: JwtClaims, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export function verifyJwt(token: string, secret: string, nowSeconds = Date.now() / 1000): JwtVerification {
  const parts = token.split('.');
  if (parts.length !== 3) {
    return { ok: false, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts.length}` };
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: unknown;
  let claims: unknown;
  try {
    header = decodeJson(headerPart);
    claims = decodeJson(payloadPart);
  } catch {
    return { ok: false, reason: 'malformed', message: 'JWT cannot be decoded' };
  }
  if (!isObject(header) || !isObject(claims)) {
    return { ok: false, reason: 'malformed', message: 'JWT header and payload must be JSON objects' };
  }
  // Only HS256: never "none", and no algorithm confusion with an asymmetric key.
  if (header.alg !== 'HS256') {
    return {
      ok: false,
      reason: 'algorithm',
      message: `Wrong or unsupported encoding algorithm: ${String(header.alg)}`,
    };
  }
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature', message: 'JWSError JWSInvalidSignature' };
  }
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || nowSeconds >= claims.exp)) {
    return { ok: false, reason: 'expired', message: 'JWT expired' };
  }
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || nowSeconds < claims.nbf)) {
    return { ok: false, reason: 'not-yet-valid', message: 'JWT not yet valid' };
  }
  return { ok: true, claims: claims as JwtClaims };
}
