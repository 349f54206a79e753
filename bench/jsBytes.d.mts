import type { Browser } from 'playwright-core';

export interface JsFile {
  url: string;
  sentAfterLoadMs: number;
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
  /** The sections the server left to the browser in the page measured (their code loads later). */
  leftToBrowser: string[];
  markAfterLoadMs: number | undefined;
  networkIdleAfterLoadMs: number;
  networkIdleBeforeMarkAfterLoadMs: number | undefined;
}>;

export function idleFromNetworkLog(loadAt: number, finishes: number[], now: number): number | undefined;

export function idleFromLogAndMark(
  loadAt: number,
  requests: { sent: number; finish: number }[],
  markAt: number | undefined,
  now: number,
): number | undefined;
