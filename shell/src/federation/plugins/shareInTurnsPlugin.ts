import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { yieldToBrowser } from '../../startup/yieldToBrowser.ts';

/**
 * Resolves each shared module in a task of its own. The runtime resolves every module the site's code takes from the
 * share scope (React, the kit's modules: about thirty at the start) one after the other in the microtasks of the
 * task that evaluates main.js; checking each one's version costs about half a millisecond, so that task ran 30 ms
 * unthrottled (120 ms on a phone's CPU): Lighthouse's one long task after the first paint. Here each resolution waits
 * for its turn, one task after the last, so the browser can paint and answer input in between.
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
