// The rate limit needs to recognise a client without storing who it is: a keyed hash (HMAC-SHA-256) of the client's
// address. Without the secret salt the hash cannot be turned back into an address by trying all IPv4 addresses.

/**
 * The client's address as the platform reports it. Supabase's gateway puts the caller's address first in
 * X-Forwarded-For. Requests without one (the local stand-in, tests) share one bucket.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip')?.trim() || 'unknown';
}

export async function clientHash(address: string, salt: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(address));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
