// The catalogues (portfolio, tutorials, courses) show their cards in the kit's CardGrid, which is `aria-busy` while a
// search is under way and dims the cards it still shows (shared-ui/src/catalogue/CardGrid.tsx).
import { expect, type Locator } from '@playwright/test';

/**
 * Waits for the grid's answer: no search under way, and these titles shown. Titles alone are not enough: a search can
 * show the expected cards while another is still under way (a chip pressed on the cards it keeps), and what reads the
 * page then (axe's contrast, a click) sees dimmed or replaced cards. A grid that is not there (a search that found
 * nothing) has answered.
 */
export async function expectAnsweredTitles(
  grid: Locator,
  shownTitles: () => Promise<string[]>,
  expected: readonly string[],
): Promise<void> {
  await expect
    .poll(async () => ({
      busy: await grid.evaluateAll((lists) =>
        lists.some((list) => list.getAttribute('aria-busy') === 'true'),
      ),
      titles: await shownTitles(),
    }))
    .toEqual({ busy: false, titles: [...expected] });
}
