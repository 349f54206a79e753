// The ids React makes (useId: a heading that names its section, a label's box, a search form its chips belong to) are
// written by the server and must be the ones the browser's React holds after hydrating: React keeps the server's
// attributes as they are, so with other ids in the browser, anything the code later points at one (a new element's
// aria-labelledby or form, a lookup by id) would point at nothing. The browser's ids are read from React's own records
// of the page (the fiber of an element and the hooks of the components above it), React being pinned.
import { expect, test } from '../../support/test.ts';
import { waitForFrameLive } from '../../support/sections.ts';

/** Each element whose id React made, with the ids the components above it hold in the browser. */
function idsHeldByReact() {
  interface Hook {
    memoizedState: unknown;
    next: Hook | null;
  }
  interface Fiber {
    return: Fiber | null;
    memoizedState: Hook | null;
    type: unknown;
  }
  const reactMade = /_R_[0-9a-zA-Z]+_/;
  return [...document.querySelectorAll('[id]')]
    .filter((element) => reactMade.test(element.id))
    .flatMap((element) => {
      // An element React has not reached yet (a slot below the screen hydrates when the visitor nears it) is skipped.
      const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
      if (!key) return [];
      const held: string[] = [];
      let fiber: Fiber | null = (element as unknown as Record<string, Fiber>)[key]!;
      for (; fiber; fiber = fiber.return) {
        if (typeof fiber.type !== 'function') continue;
        for (let hook = fiber.memoizedState; hook && typeof hook === 'object'; hook = hook.next) {
          if (typeof hook.memoizedState === 'string' && /^_[Rr]_[0-9a-zA-Z]+_$/.test(hook.memoizedState))
            held.push(hook.memoizedState);
        }
      }
      const [made] = reactMade.exec(element.id)!;
      return [{ id: element.id, made, held }];
    });
}

for (const path of ['/', '/about', '/portfolio', '/tutorials', '/courses', '/help/faq']) {
  test(`${path}: the ids the server wrote are the ones the browser's React holds`, async ({ page }) => {
    await page.goto(path);
    await waitForFrameLive(page);
    await page.waitForLoadState('networkidle');
    const ids = await page.evaluate(idsHeldByReact);
    // Every page has some (the contact form's fields and heading, the newsletter's box at least).
    expect(ids.length).toBeGreaterThan(3);
    const unheld = ids.filter(({ made, held }) => !held.includes(made));
    expect(unheld).toEqual([]);
  });
}

test('a search, whose slots the server renders alone in its page’s kept frame: the ids are the ones React holds', async ({
  page,
  request,
}) => {
  // The page is kept first (a search then takes its frame from it: shell/src/server/keptFrame.ts).
  await expect
    .poll(async () => (await request.get('/courses')).headers()['x-page-render'], { timeout: 30_000 })
    .toMatch(/^cache-/);
  const search = `/courses?q=angular${Date.now().toString(36)}`;
  const answer = await page.goto(search);
  expect(answer?.headers()['x-page-render']).toBe('server');
  await waitForFrameLive(page);
  await page.waitForLoadState('networkidle');
  const ids = await page.evaluate(idsHeldByReact);
  expect(ids.length).toBeGreaterThan(3);
  expect(ids.filter(({ made, held }) => !held.includes(made))).toEqual([]);
});
