// What the engagement specs share: the shell's newsletter, contact, pop-up and ad toast as a visitor finds them, and
// the rows they write as the owner reads them (service-role key).
import { expect, type Page } from '@playwright/test';
import { ownerDatabase } from '../../support/database.ts';

/** A value no other test uses, without spaces (for addresses and paths). */
export function uniqueToken(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** An address of the spec §5 form that no other test subscribes. */
export function uniqueEmail(prefix: string): string {
  return `${uniqueToken(prefix).replace(/-/g, '.')}@example.com`;
}

/** A page of its own (the not-found page, which has the newsletter, contact and toast like every page). */
export function uniquePath(prefix: string): string {
  return `/${uniqueToken(prefix)}`;
}

export const newsletterSection = (page: Page) =>
  page.getByRole('region', { name: 'Subscribe to newsletter' });
export const contactSection = (page: Page) => page.getByRole('region', { name: 'Contact', exact: true });
export const newsletterPopup = (page: Page) => page.getByRole('dialog', { name: 'Newsletter' });
export const adToast = (page: Page) => page.getByRole('complementary', { name: 'Advertisement' });

export function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/** Polls the owner's view of a table until the query finds rows (the site writes some of them in batches). */
export async function rowsEventually<Row>(
  table: string,
  filter: Record<string, string>,
  expectedCount = 1,
): Promise<Row[]> {
  let rows: Row[] = [];
  await expect
    .poll(
      async () => {
        const { data, error } = await ownerDatabase().from(table).select('*').match(filter);
        if (error) throw new Error(`reading ${table}: ${error.message}`);
        rows = data as Row[];
        return rows.length;
      },
      { timeout: 10_000, message: `${table} rows matching ${JSON.stringify(filter)}` },
    )
    .toBe(expectedCount);
  return rows;
}

export interface AnalyticsEventRow {
  id: number;
  name: string;
  payload: Record<string, string>;
  route: string;
  created_at: string;
}

/** The analytics events recorded on a page address (each spec uses its own address). */
export async function analyticsRowsEventually(
  filter: Partial<Pick<AnalyticsEventRow, 'name' | 'route'>>,
  expectedCount = 1,
): Promise<AnalyticsEventRow[]> {
  return rowsEventually<AnalyticsEventRow>(
    'analytics_events',
    filter as Record<string, string>,
    expectedCount,
  );
}

export async function deleteRows(table: string, column: string, value: string): Promise<void> {
  const { error } = await ownerDatabase().from(table).delete().eq(column, value);
  if (error) throw new Error(`cleaning ${table}: ${error.message}`);
}
