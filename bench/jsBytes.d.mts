import type { Browser } from 'playwright-core';

export interface JsFile {
  url: string;
  gzip: number;
  transferred: number;
}

export function measureJsBytes(
  browser: Browser,
  url: string,
): Promise<{ gzip: number; transferred: number; files: JsFile[] }>;
