import { deadlines } from '@site/shared-ui/deadlines';
import { callEdgeFunction } from '@site/shared-ui/restClient';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import type { SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import type { AnalyticsRow } from './toAnalyticsRow.ts';

/**
 * Sends rows to the analytics-events edge function (visitors cannot write the table directly: the function checks
 * each batch and applies the rate limits, supabase/functions/analytics-events). A plain request rather than
 * supabase-js, because only fetch can send `keepalive`, which lets the last batch leave while the page is closing.
 * The loading bar ignores it: analytics never shows as page activity.
 */
export async function storeAnalyticsRows(
  backend: SupabaseRuntimeConfig,
  rows: readonly AnalyticsRow[],
  { keepalive }: { keepalive: boolean },
): Promise<void> {
  try {
    await callEdgeFunction(
      'analytics-events',
      { events: rows },
      {
        backend,
        keepalive,
        quiet: true,
        deadlineMs: deadlines.analyticsMs,
      },
    );
  } catch (error) {
    reportFailure('[analytics] store failed:', error);
  }
}
