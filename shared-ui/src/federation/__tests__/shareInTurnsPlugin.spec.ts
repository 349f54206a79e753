/**
 * @jest-environment node
 */
// Node has the MessageChannel a browser yields with; jsdom has none.
import shareInTurnsPlugin from '@site/shared-ui/shareInTurnsPlugin';

type BeforeLoadShare = (args: { pkgName: string }) => Promise<{ pkgName: string }>;

/** Runs every microtask queued so far, and those they queue: what the task that queued them would run before it ends. */
async function drainMicrotasks(): Promise<void> {
  for (let round = 0; round < 50; round += 1) await Promise.resolve();
}

describe('resolving shared modules in turns', () => {
  it('lets each resolution go on only in a later task, one task after the other, and changes nothing it is given', async () => {
    const beforeLoadShare = shareInTurnsPlugin().beforeLoadShare as unknown as BeforeLoadShare;
    const settled: string[] = [];
    const seenWhenEachWentOn: string[][] = [];
    const turns = ['react', 'react-dom', '@site/shared-ui/eventBus'].map((pkgName) =>
      beforeLoadShare({ pkgName }).then(async (args) => {
        settled.push(args.pkgName);
        // What else went on in the same task as this one.
        await drainMicrotasks();
        seenWhenEachWentOn.push([...settled]);
        return args;
      }),
    );

    // Not in the task that asked (main.js's evaluation, in the page).
    await drainMicrotasks();
    expect(settled).toEqual([]);

    expect(await Promise.all(turns)).toEqual([
      { pkgName: 'react' },
      { pkgName: 'react-dom' },
      { pkgName: '@site/shared-ui/eventBus' },
    ]);
    // In order, and none in the same task as another.
    expect(seenWhenEachWentOn).toEqual([
      ['react'],
      ['react', 'react-dom'],
      ['react', 'react-dom', '@site/shared-ui/eventBus'],
    ]);
  });
});
