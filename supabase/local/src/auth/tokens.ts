// JSON Web Tokens as a Supabase project created today signs and checks them. The stand-in's own tokens (those its
// gateway makes for a publishable or secret key, and user tokens in tests) are signed with an asymmetric key (ES256)
// whose public half is the project's JWKS, served at /auth/v1/.well-known/jwks.json and given to edge functions as
// SUPABASE_JWKS. Tokens signed with the legacy HS256 JWT secret (the CLI's demo anon and service_role keys) are still
// accepted, as on a project that has not revoked its legacy secret. jose does the signing and checking; only the
// messages are PostgREST's, because clients and tests read them.
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';

export interface JwtClaims extends JWTPayload {
  role?: string;
}

export type TokenVerification =
  | { ok: true; claims: JwtClaims }
  | {
      ok: false;
      reason: 'malformed' | 'signature' | 'expired' | 'not-yet-valid' | 'algorithm';
      message: string;
    };

export interface TokenAuthority {
  /** The public signing key, as a JWKS (what hosted Supabase serves and gives functions as SUPABASE_JWKS). */
  readonly jwks: JSONWebKeySet;
  /** Signs claims with the asymmetric key, `iat` set to now. */
  sign(claims: JwtClaims): Promise<string>;
  /** Checks a token signed with the asymmetric key or the legacy HS256 secret. */
  verify(token: string, now?: Date): Promise<TokenVerification>;
}

const signingAlgorithm = 'ES256';

/** Signs claims with HS256 and the legacy JWT secret, as Supabase signed its keys and tokens before signing keys. */
export function signLegacyToken(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

function refusal(error: unknown): TokenVerification {
  if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') {
    return { ok: false, reason: 'not-yet-valid', message: 'JWT not yet valid' };
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return { ok: false, reason: 'signature', message: 'JWSError JWSInvalidSignature' };
  }
  return { ok: false, reason: 'malformed', message: 'JWT cannot be decoded' };
}

/** A fresh signing key for this run (its tokens are short-lived), and the legacy secret's key. */
export async function createTokenAuthority(legacySecret: string): Promise<TokenAuthority> {
  const { privateKey, publicKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const kid = crypto.randomUUID();
  const jwks: JSONWebKeySet = {
    keys: [{ ...(await exportJWK(publicKey)), kid, alg: signingAlgorithm, use: 'sig', key_ops: ['verify'] }],
  };
  const publicKeys = createLocalJWKSet(jwks);
  const legacyKey = new TextEncoder().encode(legacySecret);

  return {
    jwks,
    sign: (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: signingAlgorithm, typ: 'JWT', kid })
        .setIssuedAt()
        .sign(privateKey),
    async verify(token, now = new Date()) {
      const parts = token.split('.').length;
      if (parts !== 3) {
        return { ok: false, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts}` };
      }
      let algorithm: unknown;
      try {
        algorithm = decodeProtectedHeader(token).alg;
      } catch {
        return { ok: false, reason: 'malformed', message: 'JWT cannot be decoded' };
      }
      // The algorithm picks the key, and each key takes one algorithm: never "none", and no confusion of the HS256
      // secret with the public key.
      if (algorithm !== 'HS256' && algorithm !== signingAlgorithm) {
        return {
          ok: false,
          reason: 'algorithm',
          message: `Wrong or unsupported encoding algorithm: ${String(algorithm)}`,
        };
      }
      try {
        const { payload } =
          algorithm === 'HS256'
            ? await jwtVerify<JwtClaims>(token, legacyKey, { algorithms: ['HS256'], currentDate: now })
            : await jwtVerify<JwtClaims>(token, publicKeys, {
                algorithms: [signingAlgorithm],
                currentDate: now,
              });
        return { ok: true, claims: payload };
      } catch (error) {
        return refusal(error);
      }
    },
  };
}
