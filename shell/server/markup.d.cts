// Types for the TypeScript callers of markup.cjs (the shell's renderer).
export function escapeHtml(text: string): string;
export function spliceHtml(
  html: string,
  pattern: string | RegExp,
  replacement: string | ((match: string, ...groups: string[]) => string),
): string;
export function insertBefore(html: string, marker: string, text: string): string;
export function textHash(text: string): string;
export const executableScript: RegExp;
