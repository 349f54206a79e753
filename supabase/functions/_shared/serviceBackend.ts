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

/** Reads rows through the REST API as the service role (a GET of table?query); throws as serviceRequest does. */
export async function serviceRead<Row>(
  backend: Pick<ServiceBackend, 'supabaseUrl' | 'serviceRoleKey'>,
  pathAndQuery: string,
): Promise<Row[]> {
  const response = await fetch(`${backend.supabaseUrl}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}` },
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new Error(
      `${pathAndQuery.split('?')[0]} answered ${response.status} ${error.code ?? ''} ${error.message ?? ''}`.trim(),
    );
  }
  return (await response.json()) as Row[];
}

/** Whether a request carries the service-role key as its bearer token (compared in constant time). */
export function isServiceRoleRequest(
  request: Request,
  backend: Pick<ServiceBackend, 'serviceRoleKey'>,
): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const given = new TextEncoder().encode(token);
  const expected = new TextEncoder().encode(backend.serviceRoleKey);
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index += 1)
    difference |= expected[index]! ^ (given[index] ?? 0);
  return difference === 0;
}
