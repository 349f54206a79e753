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
  /** On the page's clock, which moved only while nothing was on its way: the product's rule, not a latency. */
  idleAfterLoadMs: number;
  /** The sections the server left to the browser in the page measured (their code loads later). */
  leftToBrowser: string[];
}>;

export function placeScripts(
  log: { kind: 'script' | 'load' | 'idle'; url?: string; at: number }[],
  fetched: string[],
  afterIdleMs: number,
): { before: string[]; later: string[]; afterWindow: string[]; idleAfterLoadMs: number };
