// One life for a launcher (npm start, npm run dev, the e2e servers): when any part of it stops (the backend, a watcher)
// or the launcher itself fails, every other part is stopped and the launcher exits, non-zero, naming the cause. So
// nothing is left running half-alive, and no orphan keeps holding a port (the backend also stops by itself when its
// launcher disappears: see backend.mjs).

/**
 * @typedef {{ name: string, stop: () => Promise<unknown>, exited?: Promise<{ code?: number | null, signal?: string | null }> }} Part
 * @param {Part[]} first the parts that exist now; `add` joins those started later (`npm run dev` starts its watchers
 *   before the servers that wait for their first builds)
 * @returns {{ add: (more: Part[]) => void }}
 */
/** How long a part may take to stop before the launcher exits without it. */
const stopWithinMs = 10_000;

export function oneLife(first) {
  /** @type {Part[]} */
  const parts = [];
  let ending = false;
  const end = async (cause, code) => {
    if (ending) return;
    ending = true;
    if (cause) console.error(`\n  ${cause}: stopping everything else.\n`);
    // Held open until every part has stopped or its time is up: a stop whose promise never settles, once nothing else
    // keeps the event loop alive, would otherwise let the launcher exit by itself, with code 0 whatever the cause.
    const held = setTimeout(() => {}, stopWithinMs + 1000);
    const stopped = await Promise.allSettled(
      parts.map((part) =>
        Promise.race([
          part.stop(),
          new Promise((resolve, reject) =>
            setTimeout(
              () => reject(new Error(`not stopped within ${stopWithinMs} ms`)),
              stopWithinMs,
            ).unref(),
          ),
        ]),
      ),
    );
    for (const [index, result] of stopped.entries()) {
      if (result.status === 'rejected')
        console.error(`  could not stop ${parts[index].name}:`, result.reason);
    }
    clearTimeout(held);
    process.exit(code);
  };
  const add = (more) => {
    for (const part of more) {
      parts.push(part);
      void part.exited?.then(({ code, signal }) =>
        end(`${part.name} stopped (${signal ?? `exit code ${code}`})`, 1),
      );
    }
  };
  add(first);
  process.on('SIGINT', () => end(undefined, 0));
  process.on('SIGTERM', () => end(undefined, 0));
  process.on('uncaughtException', (error) => {
    console.error(error);
    void end('the launcher failed', 1);
  });
  process.on('unhandledRejection', (error) => {
    console.error(error);
    void end('the launcher failed', 1);
  });
  return { add };
}
