// What a page did to stay live, with times: its reads of a table, its Realtime socket and the channel frames on it, and
// its console errors. A test of a live change adds this to its failure, so a failure seen once in CI (where no trace
// can be opened) says which step did not happen: the read, the socket, the join, the change, or the render.
import type { Page } from '@playwright/test';

export interface LiveTimeline {
  /** Marks a step of the test itself (an edit made) on the same clock. */
  mark(step: string): void;
  /** Runs the check; when it fails, its error is thrown again with the timeline added. */
  explain<T>(check: () => Promise<T>): Promise<T>;
}

/** Starts recording now; `table` is the table whose reads are recorded. */
export function recordLiveTimeline(page: Page, table: string): LiveTimeline {
  const startedAt = Date.now();
  const lines: string[] = [];
  const note = (line: string) => lines.push(`${String(Date.now() - startedAt).padStart(6)} ms  ${line}`);
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === `/rest/v1/${table}`) note(`read ${table}: ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === `/rest/v1/${table}`)
      note(`read ${table} failed: ${request.failure()?.errorText}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text().slice(0, 160)}`);
  });
  page.on('websocket', (socket) => {
    note('Realtime socket opened');
    socket.on('close', () => note('Realtime socket closed'));
    socket.on('socketerror', (error) => note(`Realtime socket error: ${error}`));
    const frame = (direction: string) => (event: { payload: string | Buffer }) => {
      const text = String(event.payload);
      if (!text.includes('heartbeat')) note(`${direction} ${text.slice(0, 140)}`);
    };
    socket.on('framesent', frame('sent'));
    socket.on('framereceived', frame('received'));
  });
  return {
    mark: note,
    async explain(check) {
      try {
        return await check();
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        error.message += `\n\nWhat the page did (ms since recording began):\n${lines.join('\n')}`;
        throw error;
      }
    },
  };
}
