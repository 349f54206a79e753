import { fetchWithLoadingBar, IGNORE_LOADING_BAR_HEADER } from '@site/shared-ui/fetchWithLoadingBar';
import type { SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import type { AnalyticsRow } from './toAnalyticsRow.ts';

/**
 * Inserts rows into analytics_events through the REST API with the public anon key. A plain request rather than
 * supabase-js, because only fetch can send `keepalive`, which lets the last batch leave while the page is closing.
 * The loading bar ignores it: analytics never shows as page activity.
 */
export async function storeAnalyticsRows(
  backend: SupabaseRuntimeConfig,
  rows: readonly AnalyticsRow[],
  { keepalive }: { keepalive: boolean },
): Promise<void> {
  try {
    const response = await fetchWithLoadingBar(`${backend.url}/rest/v1/analytics_events`, {
      method: 'POST',
      keepalive,
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${backend.anonKey}`,
        'Content-Type': 'application/json',
        [IGNORE_LOADING_BAR_HEADER]: 'true',
      },
      body: JSON.stringify(rows),
    });
    if (!response.ok)
      console.error('[analytics] store failed:', `${response.status} ${await response.text()}`);
  } catch (error) {
    console.error('[analytics] store failed:', error instanceof Error ? error.message : error);
  }
}
