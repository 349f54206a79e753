// Runs one API request the way PostgREST does: in a transaction, as the token's role, with the request's JWT claims,
// method, path and headers in transaction-local settings, so auth.uid(), auth.role(), auth.jwt() and row-level
// security see exactly what they see on a hosted project.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { RequestIdentity } from '../auth/requestAuth.ts';

export interface RequestContext {
  identity: RequestIdentity;
  method: string;
  path: string;
  headers: Record<string, string>;
}

class RollbackSignal<T> {
  constructor(readonly value: T) {}
}

export async function inRequestTransaction<T>(
  db: PGlite,
  context: RequestContext,
  work: (tx: Transaction) => Promise<T>,
  options: { rollback?: boolean } = {},
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        `select pg_catalog.set_config('role', $1, true),
                pg_catalog.set_config('request.jwt.claims', $2, true),
                pg_catalog.set_config('request.method', $3, true),
                pg_catalog.set_config('request.path', $4, true),
                pg_catalog.set_config('request.headers', $5, true),
                pg_catalog.set_config('search_path', 'public, extensions', true)`,
        [
          context.identity.role,
          JSON.stringify(context.identity.claims),
          context.method,
          context.path,
          JSON.stringify(context.headers),
        ],
      );
      const value = await work(tx);
      // Prefer: tx=rollback — answer as if committed, keep nothing.
      if (options.rollback) throw new RollbackSignal(value);
      return value;
    });
  } catch (error) {
    if (error instanceof RollbackSignal) return error.value as T;
    throw error;
  }
}
