// The help specs look at the help pages, not at the newsletter pop-up (spec §4: it opens by itself at start, and its
// dialog would cover what the tests click). A visitor who saw it less than 30 minutes ago does not get it again.
import type { Page } from '@playwright/test';

export async function asVisitorWhoSawThePopup(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('newsletterTimestamp', String(Date.now() + 30 * 60 * 1000));
  });
}
