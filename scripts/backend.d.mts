// Types of backend.mjs for the TypeScript tests that start a backend of their own.
export function startBackend(options: {
  port: number;
  fresh?: boolean;
  schedule?: boolean;
  quiet?: boolean;
  env?: Record<string, string>;
}): Promise<{ url: string; stop: () => Promise<void> }>;
