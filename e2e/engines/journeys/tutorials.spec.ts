// The tutorials: the sort menu reorders the videos as the database does, and Play Video opens the player dialog
// (YouTube's privacy-enhanced embed of that video), which its close button ends.
import { videosInDatabaseOrder } from '../../tests/tutorials/tutorialsSite.ts';
import { expect, test } from '../fixtures.ts';

const grid = { role: 'list', name: 'Tutorials', exact: true };

test('the sort menu reorders the tutorials and Play Video opens and closes the player', async ({
  visitor,
}) => {
  const recent = await videosInDatabaseOrder('recent');
  await visitor.sawThePopup();
  await visitor.open('/tutorials');
  await visitor.waitForAttribute(
    { selector: '[data-section="tutorials/TutorialsPage"]' },
    'data-ready',
    'true',
  );
  await visitor.waitForAttribute(grid, 'aria-busy', 'false');

  await visitor.select({ role: 'combobox', name: 'Sort by' }, 'recent');
  await expect
    .poll(() =>
      visitor.evaluate(
        (q) =>
          window.__engines.findAll({ role: 'heading', level: 3, within: q }).map((h) => h.textContent ?? ''),
        grid,
      ),
    )
    .toEqual(recent.map((video) => video.title));

  const newest = recent[0]!;
  await visitor.click({ role: 'button', name: `Play Video ${newest.title}`, exact: true });
  const dialog = { role: 'dialog', name: newest.title, exact: true };
  await visitor.waitFor(dialog);
  expect(
    await visitor.evaluate(
      (q) => window.__engines.find({ selector: 'iframe', within: q })?.getAttribute('src'),
      dialog,
    ),
  ).toContain(`https://www.youtube-nocookie.com/embed/${newest.video_id}`);
  await visitor.click({ role: 'button', name: 'Close video', within: dialog });
  await visitor.waitForGone({ role: 'dialog' });
});
