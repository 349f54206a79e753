// Sections below the first screen load as the visitor scrolls towards them (shell/src/federation/useWanted.ts).
// Tests of such a section scroll to it first, as a visitor does.
import type { Page } from '@playwright/test';

/** Scrolls the place of a section module (e.g. 'courses/CoursesTeaser') into view. */
export async function scrollToSection(page: Page, module: string): Promise<void> {
  await page.locator(`[data-section="${module}"]`).scrollIntoViewIfNeeded();
}

/**
 * Waits until the section's code runs in its slot. A server-rendered slot shows the section's HTML before that: a
 * click there is held until then (shell/src/boot.js), but a key is not handled yet, and what the section's code
 * does (its reads, its events) has not begun. A test that acts on a section, or reads what its code did, waits for it.
 */
export async function waitForSectionReady(page: Page, module: string, timeout = 40_000): Promise<void> {
  await page.locator(`[data-section="${module}"][data-ready="true"]`).waitFor({ state: 'attached', timeout });
}

/**
 * Waits until the frame's code runs (the app starts once the page has loaded: shell/src/boot.js). Before that the
 * frame's links are plain links (the browser follows them, and nothing of the app, its analytics included, sees it).
 */
export async function waitForFrameLive(page: Page, timeout = 40_000): Promise<void> {
  await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout });
}
