import { createServer, type Server, type Socket } from 'node:net';
import { deadlineSignal, isDeadlineError, readRetry, retryDelayMs } from '@site/shared-ui/deadlines';
import { socketWithDeadline } from '@site/shared-ui/tableChanges';

describe('read retries', () => {
  it('wait twice as long each time, from a second up to thirty', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(readRetry.maxDelayMs).toBe(30_000);
  });
});

describe('deadlineSignal', () => {
  it('aborts with a TimeoutError once the deadline passes', async () => {
    const signal = deadlineSignal(20);
    expect(signal.aborted).toBe(false);
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    expect(isDeadlineError(signal.reason)).toBe(true);
  });

  it("aborts at once with the caller's signal", () => {
    const caller = new AbortController();
    const signal = deadlineSignal(10_000, caller.signal);
    caller.abort(new Error('render over'));
    expect(signal.aborted).toBe(true);
    expect(isDeadlineError(signal.reason)).toBe(false);
  });
});

describe('socketWithDeadline', () => {
  // A backend that accepts connections and never answers, as a hung one does.
  let hung: Server;
  const held: Socket[] = [];
  let port = 0;
  beforeAll(async () => {
    hung = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    port = (hung.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => hung.close(resolve));
  });

  // The backend never answers: without its deadline the socket would wait for good (jest's timeout ends the test).
  it('closes a socket that has not opened by its deadline, so another can be opened', async () => {
    const Socket = socketWithDeadline(WebSocket, 100);
    const startedAt = Date.now();
    const socket = new Socket(`ws://127.0.0.1:${port}/realtime/v1`);
    await new Promise((resolve) => socket.addEventListener('close', resolve));
    expect(socket.readyState).toBe(WebSocket.CLOSED);
    // Not before its deadline (a timer never fires early; a millisecond of the clocks' rounding allowed).
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(99);
  });
});
