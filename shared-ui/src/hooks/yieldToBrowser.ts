// The start of the site is cut into tasks short enough that a visitor's input never waits long for one: between them
// the browser may paint and handle input.

interface Scheduler {
  yield(): Promise<void>;
}

/** Ends the current task: the promise resolves in a new one (scheduler.yield where the browser has it). */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
