import { insertRows } from '@site/shared-ui/restClient';
import type { SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import type { AnalyticsRow } from './toAnalyticsRow.ts';

/**
 * Inserts rows into analytics_events through the REST API with the public anon key: a plain request rather than
 * supabase-js, because only fetch can send `keepalive`, which lets the last batch leave while the page is closing.
 * The loading bar ignores it: analytics never shows as page activity.
 */
export async function storeAnalyticsRows(
  backend: SupabaseRuntimeConfig,
  rows: readonly AnalyticsRow[],
  { keepalive }: { keepalive: boolean },
): Promise<void> {
  try {
    await insertRows('analytics_events', rows, { backend, keepalive, quiet: true });
  } catch (error) {
    console.error('[analytics] store failed:', error instanceof Error ? error.message : error);
  }
}
