// Layout shifts while a page loads, split between a section (the slots the selector matches) and the rest of the page,
// as the browser reports them (PerformanceObserver 'layout-shift', shifts right after input left out).
import { expect, test, type Page } from '@playwright/test';

export interface LayoutShifts {
  /** Shifts of elements in the section (and, when asked, of everything after it). */
  sectionShift: number;
  /** Shifts of everything else. */
  frameShift: number;
  /** What moved, in the order it moved: when (ms in the page's time), how much, and the elements that moved. */
  moved: string[];
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
      win.moved = [];
      const describe = (node: Node | null) => {
        const element = node instanceof Element ? node : node?.parentElement;
        if (!element) return '(gone)';
        const slot = element.closest('[data-section]')?.getAttribute('data-section');
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
          typeof element.className === 'string' && element.className
            ? `.${element.className.split(' ')[0]}`
            : ''
        }`;
        return slot ? `${name} in ${slot}` : name;
      };
      const counts = (node: Node | null) => {
        if (node === null) return false;
        return Array.from(document.querySelectorAll(selector)).some(
          (slot) =>
            slot.contains(node) ||
            (following && (slot.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0),
        );
      };
      new PerformanceObserver((list) => {
        type Shift = {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        for (const entry of list.getEntries() as unknown as Shift[]) {
          if (entry.hadRecentInput) continue;
          if (entry.sources.some((source) => counts(source.node))) win.sectionShift += entry.value;
          else win.frameShift += entry.value;
          win.moved.push(
            `${Math.round((entry as unknown as PerformanceEntry).startTime)} ms: ${entry.value.toFixed(4)} ${entry.sources
              .map(
                ({ node, previousRect: from, currentRect: to }) =>
                  `${describe(node)} (${Math.round(from.x)},${Math.round(from.y)} ${Math.round(from.width)}x${Math.round(
                    from.height,
                  )} -> ${Math.round(to.x)},${Math.round(to.y)} ${Math.round(to.width)}x${Math.round(to.height)})`,
              )
              .join(', ')}`,
          );
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
    return { sectionShift: win.sectionShift, frameShift: win.frameShift, moved: win.moved };
  });
}

/**
 * The most a page may shift while it loads, its sections and the frame around them together (nothing moves as
 * content arrives; Core Web Vitals call 0.1 good). One bar for every route.
 */
export const layoutShiftBar = 0.02;

/**
 * Waits until what loads late has arrived (no slot busy, web fonts and the images on screen in) and the browser has
 * drawn two frames since, so every shift it made has been reported; then checks the page's shifts against the bar.
 */
export async function expectStableLayout(page: Page): Promise<LayoutShifts> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-section] [aria-busy="true"]') === null &&
      document.fonts.status === 'loaded' &&
      Array.from(document.images)
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .every((image) => image.complete),
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  const shifts = await layoutShifts(page);
  const { sectionShift, frameShift } = shifts;
  test
    .info()
    .annotations.push(
      { type: 'layout shift of the sections', description: sectionShift.toFixed(4) },
      { type: 'layout shift of the frame', description: frameShift.toFixed(4) },
    );
  const moved = `what moved: ${shifts.moved.join('; ')}`;
  expect(frameShift, `layout shift of the frame; ${moved}`).toBeLessThanOrEqual(layoutShiftBar);
  expect(sectionShift + frameShift, `layout shift of the whole page; ${moved}`).toBeLessThanOrEqual(
    layoutShiftBar,
  );
  return shifts;
}
