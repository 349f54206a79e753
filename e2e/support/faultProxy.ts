// A TCP proxy in front of one of our servers (the backend, or a section's static server) that can make it misbehave
// the way a real dependency does, without faking any answer: every byte comes from the real server.
// - 'pass': bytes flow both ways as they come.
// - 'freeze': connections are accepted and requests taken, but nothing goes either way (an overloaded or half-dead
//   server: the client waits, it is not refused). Restoring lets everything held flow on, as a resumed process does.
// - 'slow': every piece of an answer waits `delayMs` before it is passed on (seconds per response).
// - 'down': every connection is closed at once, open ones included (a server that is not there).
import { connect, createServer, type Server, type Socket } from 'node:net';

export type FaultMode =
  { kind: 'pass' } | { kind: 'freeze' } | { kind: 'slow'; delayMs: number } | { kind: 'down' };

export interface FaultProxy {
  port: number;
  /** Changes how the proxy behaves from now on (for open connections too). */
  set: (mode: FaultMode) => void;
  /** How many connections it has refused while down: a client that tried to reach the server and found it gone. */
  refused: () => number;
  /**
   * How many HTTP requests have come through whose head (request line and headers, as the client sent them) `match`
   * accepts: what a client asked the server, counted as it was sent.
   */
  requests: (match: (head: string) => boolean) => number;
  close: () => Promise<void>;
}

/** One direction of one connection: bytes wait in order while frozen or slowed, and go out as the mode allows. */
class Pipe {
  private queue: { chunk: Buffer; dueAt: number }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly to: Socket,
    private readonly mode: () => FaultMode,
    private readonly delays: boolean,
  ) {}

  push(chunk: Buffer) {
    const mode = this.mode();
    this.queue.push({ chunk, dueAt: Date.now() + (this.delays && mode.kind === 'slow' ? mode.delayMs : 0) });
    this.flush();
  }

  flush() {
    clearTimeout(this.timer);
    if (this.mode().kind === 'freeze') return;
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      const wait = next.dueAt - Date.now();
      if (wait > 0) {
        this.timer = setTimeout(() => this.flush(), wait);
        return;
      }
      this.queue.shift();
      if (!this.to.destroyed) this.to.write(next.chunk);
    }
  }

  stop() {
    clearTimeout(this.timer);
    this.queue = [];
  }
}

export async function startFaultProxy(port: number, targetPort: number): Promise<FaultProxy> {
  let mode: FaultMode = { kind: 'pass' };
  const pipes = new Set<Pipe>();
  const sockets = new Set<Socket>();
  const endWhenRestored = new Set<() => void>();
  let refused = 0;
  /** The heads of the HTTP requests sent through, in order (a request's first piece holds its head). */
  const heads: string[] = [];
  const server: Server = createServer((client) => {
    if (mode.kind === 'down') {
      refused += 1;
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    // While frozen nothing moves either way; slowed, the answers are what waits.
    const toServer = new Pipe(upstream, () => mode, false);
    const toClient = new Pipe(client, () => mode, true);
    pipes.add(toServer).add(toClient);
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (/^[A-Z]+ \S+ HTTP\/1\.[01]\r\n/.test(text)) heads.push(text.split('\r\n\r\n')[0]!);
      toServer.push(chunk);
    });
    upstream.on('data', (chunk: Buffer) => toClient.push(chunk));
    const end = () => {
      toServer.stop();
      toClient.stop();
      pipes.delete(toServer);
      pipes.delete(toClient);
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    // A hung server does not close its connections. While frozen, the real server behind may still close one (its
    // keep-alive or header timeout, since the request never reached it): the client keeps waiting, and the connection
    // closes when the proxy is restored, its request gone with it.
    const upstreamEnded = () => {
      if (mode.kind === 'freeze') endWhenRestored.add(end);
      else end();
    };
    upstream.on('close', upstreamEnded).on('error', upstreamEnded);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port,
    set(next) {
      mode = next;
      if (mode.kind === 'down') for (const socket of sockets) socket.destroy();
      if (mode.kind !== 'freeze') {
        for (const end of endWhenRestored) end();
        endWhenRestored.clear();
      }
      for (const pipe of pipes) pipe.flush();
    },
    refused: () => refused,
    requests: (match) => heads.filter(match).length,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
