// Types of backend.mjs for the TypeScript tests that start a backend of their own.
export const backendStateFolder: string;
export function backendDataDir(launcher: 'start' | 'dev', stateFolder?: string): string;
export function startBackend(options: {
  port: number;
  fresh?: boolean;
  dataDir?: string;
  schedule?: boolean;
  quiet?: boolean;
  env?: Record<string, string>;
  /** The Node.js binary it runs on (this process's by default). */
  node?: string;
}): Promise<{ url: string; stop: () => Promise<void> }>;
