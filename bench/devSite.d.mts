// Types of devSite.mjs for the TypeScript tests (e2e/tests/devloop).
export interface DevSite {
  url: string;
  /** From the launcher's start to its banner. */
  readyMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

export function copyOfTheTree(options: { portOffset: number; asBuilt: string[] }): string;
export function startDevSite(options: {
  copy: string;
  watched: string[];
  portOffset: number;
  timeoutMs?: number;
}): Promise<DevSite>;
export function editSource(copy: string, file: string, from: string, to: string): void;
