// What the engagement specs share: the shell's newsletter, contact, pop-up and ad toast as a visitor finds them, and
// the rows they write as the owner reads them (service-role key).
import { expect, type Page } from '@playwright/test';
import { ownerDatabase } from '../../support/database.ts';
import { watchFirstAppearance } from '../../support/firstAppearance.ts';

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

export interface ContactValues {
  fullName: string;
  email: string;
  subject: string;
  message: string;
}

/** Fills the contact form's four fields as a visitor types them (Ana Silva, unless the test says otherwise). */
export async function fillContactForm(
  page: Page,
  values: Partial<ContactValues> & Pick<ContactValues, 'subject'>,
): Promise<ContactValues> {
  const filled = { fullName: 'Ana Silva', email: 'ana.silva@example.com', message: 'Hello Alex.', ...values };
  const form = contactSection(page);
  await form.getByLabel('Full Name').fill(filled.fullName);
  await form.getByLabel('Email').fill(filled.email);
  await form.getByLabel('Subject').fill(filled.subject);
  await form.getByLabel('Message').fill(filled.message);
  return filled;
}

/**
 * Sends the filled contact form into a dependency that never answers: the form says `message` once `deadlineMs` has
 * passed since the click (not before), and keeps what was typed.
 */
export async function expectContactRefusedAtDeadline(
  page: Page,
  filled: ContactValues,
  message: string,
  deadlineMs: number,
): Promise<void> {
  const form = contactSection(page);
  // In the page's own time, so neither the test's polling nor its click's return counts: the form's deadline begins
  // after this moment, and its message comes no sooner than the deadline after it.
  const shown = await watchFirstAppearance(page, '#contact [role="alert"]', message);
  const clickedAt = await page.evaluate(() => performance.now());
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText(message, { timeout: deadlineMs + 15_000 });
  expect((await shown.at())! - clickedAt, 'the message comes at the deadline').toBeGreaterThanOrEqual(
    deadlineMs - 1,
  );
  await expect(form.getByLabel('Subject')).toHaveValue(filled.subject);
  await expect(form.getByLabel('Message')).toHaveValue(filled.message);
}
export const newsletterPopup = (page: Page) => page.getByRole('dialog', { name: 'Newsletter' });
export { adToast } from '../../support/adToast.ts';

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
