import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// The plugin is part of each app's federation runtime, which runs before the share scope exists: it cannot take a
// module from it, so it imports the kit's file itself.
// eslint-disable-next-line no-restricted-imports
import { yieldToBrowser } from '../hooks/yieldToBrowser.ts';

/**
 * Resolves each shared module in a task of its own; every app's federation runtime has it (tools/webpack's
 * createAppConfig). A runtime resolves every module its app's code takes from the share scope one after the other, in
 * the microtasks of one task, and checking each one's version costs about half a millisecond: the shell's thirty-odd
 * (React, the kit's modules) made main.js's evaluation 32 ms unthrottled (its one long task after the first paint in
 * Lighthouse's trace, 130-148 ms at a phone's CPU), a section's made its remoteEntry.js's task up to 40 ms. Here each
 * resolution waits for its turn, one task after the last, so the browser can paint and answer input in between.
 */
export default function shareInTurnsPlugin(): ModuleFederationRuntimePlugin {
  let lastTurn: Promise<void> = Promise.resolve();
  return {
    name: 'share-in-turns-plugin',
    beforeLoadShare(args) {
      lastTurn = lastTurn.then(yieldToBrowser);
      return lastTurn.then(() => args);
    },
  };
}
