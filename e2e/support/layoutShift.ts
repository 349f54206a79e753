// Layout shifts while a page loads, split between a section (the slots the selector matches) and the rest of the page,
// as the browser reports them (PerformanceObserver 'layout-shift', shifts right after input left out).
import type { Page } from '@playwright/test';

export interface LayoutShifts {
  /** Shifts of elements in the section (and, when asked, of everything after it). */
  sectionShift: number;
  /** Shifts of everything else. */
  frameShift: number;
}

/** Starts counting from the next page load. `andWhatFollows` also counts what comes after the section. */
export async function recordLayoutShifts(
  page: Page,
  sectionSelector: string,
  { andWhatFollows = false } = {},
): Promise<void> {
  await page.addInitScript(
    ({ selector, following }) => {
      const win = window as unknown as LayoutShifts;
      win.sectionShift = 0;
      win.frameShift = 0;
      const counts = (node: Node | null) => {
        if (node === null) return false;
        return Array.from(document.querySelectorAll(selector)).some(
          (slot) =>
            slot.contains(node) ||
            (following && (slot.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0),
        );
      };
      new PerformanceObserver((list) => {
        type Shift = { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
        for (const entry of list.getEntries() as unknown as Shift[]) {
          if (entry.hadRecentInput) continue;
          if (entry.sources.some((source) => counts(source.node))) win.sectionShift += entry.value;
          else win.frameShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    },
    { selector: sectionSelector, following: andWhatFollows },
  );
}

/** What was counted so far. */
export function layoutShifts(page: Page): Promise<LayoutShifts> {
  return page.evaluate(() => {
    const win = window as unknown as LayoutShifts;
    return { sectionShift: win.sectionShift, frameShift: win.frameShift };
  });
}
