// Sections below the first screen load as the visitor scrolls towards them (shell/src/federation/useWanted.ts).
// Tests of such a section scroll to it first, as a visitor does.
import type { Page } from '@playwright/test';

/** Scrolls the place of a section module (e.g. 'courses/CoursesTeaser') into view. */
export async function scrollToSection(page: Page, module: string): Promise<void> {
  await page.locator(`[data-section="${module}"]`).scrollIntoViewIfNeeded();
}

/**
 * Waits until the section's code runs in its slot. A server-rendered slot shows the section's HTML before that, and a
 * click or a key there would not be handled yet: a test that acts on a section waits for it, as a visitor waits for
 * a page to respond.
 */
export async function waitForSectionReady(page: Page, module: string, timeout = 20_000): Promise<void> {
  await page.locator(`[data-section="${module}"][data-ready="true"]`).waitFor({ state: 'attached', timeout });
}
