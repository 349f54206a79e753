// When a text first appeared on the page, by the page's own clock: a flash that is gone again by the time a test
// looks is still caught.
import type { Page } from '@playwright/test';

export interface FirstAppearance {
  /** performance.now() when an element of the selector first had the text; null while it never had. */
  at(): Promise<number | null>;
}

/** Watches, from now on, for an element matching `selector` (whose text is exactly `text`, when given). */
export async function watchFirstAppearance(
  page: Page,
  selector: string,
  text?: string,
): Promise<FirstAppearance> {
  const key = `firstAppearance${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, selector, text }) => {
      const store = window as unknown as Record<string, number | null>;
      store[key] = null;
      const look = () => {
        const shown = Array.from(document.querySelectorAll(selector)).some(
          (element) => text === null || element.textContent?.trim() === text,
        );
        if (!shown) return;
        store[key] = performance.now();
        observer.disconnect();
      };
      const observer = new MutationObserver(look);
      observer.observe(document, { childList: true, subtree: true, characterData: true });
      look();
    },
    { key, selector, text: text ?? null },
  );
  return {
    at: () =>
      page.evaluate((name) => (window as unknown as Record<string, number | null>)[name] ?? null, key),
  };
}
