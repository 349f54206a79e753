// The database as an edge function reaches it: the REST API with the service role (which bypasses row-level
// security: visitors have no write access to the tables these functions fill). Plain fetch, so it runs the same under
// Deno and Node.
import { getEnv, requireEnv } from './env.ts';

export interface ServiceBackend {
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Keys the hash that names a caller's rate-limit bucket; the service-role key unless a salt is set. */
  rateLimitSalt: string;
}

/** Read on every request, so a secret set with `supabase secrets set` applies without a redeploy. */
export function readServiceBackend(): ServiceBackend {
  const serviceRoleKey = requireEnv('SUPABASE_SERVICE_ROLE_KEY');
  return {
    supabaseUrl: requireEnv('SUPABASE_URL').replace(/\/+$/, ''),
    serviceRoleKey,
    rateLimitSalt: getEnv('RATE_LIMIT_SALT') ?? serviceRoleKey,
  };
}

/** A request to the REST API as the service role; throws with PostgREST's code and message when refused. */
export async function serviceRequest(
  backend: Pick<ServiceBackend, 'supabaseUrl' | 'serviceRoleKey'>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(`${backend.supabaseUrl}/rest/v1/${path}`, {
    method: 'POST',
    headers: {
      apikey: backend.serviceRoleKey,
      Authorization: `Bearer ${backend.serviceRoleKey}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    // Without the details: PostgREST's details can quote the row, and the row is the visitor's data.
    const error = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new Error(`${path} answered ${response.status} ${error.code ?? ''} ${error.message ?? ''}`.trim());
  }
  return response;
}
