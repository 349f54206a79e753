// One life for a launcher (npm start, npm run dev, the e2e servers): when any part of it stops (the backend, a watcher)
// or the launcher itself fails, every other part is stopped and the launcher exits, non-zero, naming the cause. So
// nothing is left running half-alive, and no orphan keeps holding a port (the backend also stops by itself when its
// launcher disappears: see backend.mjs).

/**
 * @param {{ name: string, stop: () => Promise<unknown>, exited?: Promise<{ code?: number | null, signal?: string | null }> }[]} parts
 */
export function oneLife(parts) {
  let ending = false;
  const end = async (cause, code) => {
    if (ending) return;
    ending = true;
    if (cause) console.error(`\n  ${cause}: stopping everything else.\n`);
    const stopped = await Promise.allSettled(parts.map((part) => part.stop()));
    for (const [index, result] of stopped.entries()) {
      if (result.status === 'rejected')
        console.error(`  could not stop ${parts[index].name}:`, result.reason);
    }
    process.exit(code);
  };
  for (const part of parts) {
    void part.exited?.then(({ code, signal }) =>
      end(`${part.name} stopped (${signal ?? `exit code ${code}`})`, 1),
    );
  }
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
}
