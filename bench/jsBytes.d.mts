import type { Browser } from 'playwright-core';

export interface JsFile {
  url: string;
  gzip: number;
  transferred: number;
}

export function measureJsBytes(
  browser: Browser,
  url: string,
  options?: { afterIdleMs?: number },
): Promise<{
  gzip: number;
  transferred: number;
  files: JsFile[];
  afterIdle: { gzip: number; files: JsFile[] };
  idleAfterLoadMs: number;
}>;

export function idleFromNetworkLog(loadAt: number, finishes: number[], now: number): number | undefined;
