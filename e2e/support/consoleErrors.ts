import type { Page } from '@playwright/test';

/** Collects what the page logs as errors (console.error, uncaught exceptions, failed loads it reports). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
