// Types of mailCatcher.mjs for the TypeScript tests that start a backend of their own.
export const localMailAddresses: { from: string; owner: string; postal: string };
export function startMailCatcher(ports: {
  smtpPort: number;
  webPort: number;
}): Promise<{ smtpUrl: string; inboxUrl: string; stop: () => Promise<void> }>;
export function localMailEnv(catcher: { smtpUrl: string }, siteUrl: string): Record<string, string>;
