// The database as an edge function reaches it: the REST API with the project's secret key (the service role, which
// bypasses row-level security: visitors have no write access to the tables these functions fill). Plain fetch, so it
// runs the same under Deno and Node.
import { apiKeyHeaders, requireSecretKey } from './apiKeys.ts';
import { getEnv, requireEnv } from './env.ts';

export interface ServiceBackend {
  supabaseUrl: string;
  /** A secret key of the project (or, on a project with only the legacy keys, its service-role key). */
  secretKey: string;
  /** Keys the hash that names a caller's rate-limit bucket; the secret key unless a salt is set. */
  rateLimitSalt: string;
}

/** Read on every request, so a secret set with `supabase secrets set` applies without a redeploy. */
export function readServiceBackend(): ServiceBackend {
  const secretKey = requireSecretKey();
  return {
    supabaseUrl: requireEnv('SUPABASE_URL').replace(/\/+$/, ''),
    secretKey,
    rateLimitSalt: getEnv('RATE_LIMIT_SALT') ?? secretKey,
  };
}

/** A request to the REST API as the service role (a POST, or a PATCH of the rows a query names); throws with
 *  PostgREST's code and message when refused. */
export async function serviceRequest(
  backend: Pick<ServiceBackend, 'supabaseUrl' | 'secretKey'>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  method: 'POST' | 'PATCH' = 'POST',
): Promise<Response> {
  const response = await fetch(`${backend.supabaseUrl}/rest/v1/${path}`, {
    method,
    headers: {
      ...apiKeyHeaders(backend.secretKey),
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
  backend: Pick<ServiceBackend, 'supabaseUrl' | 'secretKey'>,
  pathAndQuery: string,
): Promise<Row[]> {
  const response = await fetch(`${backend.supabaseUrl}/rest/v1/${pathAndQuery}`, {
    headers: apiKeyHeaders(backend.secretKey),
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new Error(
      `${pathAndQuery.split('?')[0]} answered ${response.status} ${error.code ?? ''} ${error.message ?? ''}`.trim(),
    );
  }
  return (await response.json()) as Row[];
}
