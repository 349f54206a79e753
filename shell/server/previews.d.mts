// Types for the TypeScript callers of previews.mjs (the end-to-end tests).
export interface Preview {
  section: string;
  version: string;
  expiresAt: number;
}
export function signPreview(preview: Preview, secret: string | undefined): string;
export function readPreview(
  token: string | undefined,
  secret: string | undefined,
  now?: number,
): Preview | undefined;
