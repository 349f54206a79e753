// What a server started in the test's own process (a second site) writes to the console, read by the test, and still
// printed as before.

export interface ServerLog {
  /** Every line written so far. */
  lines: string[];
  /** Gives the console its own method back. */
  restore: () => void;
}

export function readServerLog(method: 'log' | 'error'): ServerLog {
  const original = console[method];
  const lines: string[] = [];
  console[method] = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
    original(...args);
  };
  return { lines, restore: () => (console[method] = original) };
}
