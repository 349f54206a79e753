// Sections below the first screen load as the visitor scrolls towards them (shell/src/federation/useWanted.ts).
// Tests of such a section scroll to it first, as a visitor does.
import type { Page } from '@playwright/test';

/** Scrolls the place of a section module (e.g. 'courses/CoursesTeaser') into view. */
export async function scrollToSection(page: Page, module: string): Promise<void> {
  await page.locator(`[data-section="${module}"]`).scrollIntoViewIfNeeded();
}
