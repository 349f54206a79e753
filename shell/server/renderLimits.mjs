// What a page that is not kept costs the server is a render: a read of the backend and React's work, on the server's
// CPU. Searches are addresses (/courses?q=...), as many as anyone can type, so a client asking for one new address
// after another could keep every core rendering. Two bounds stand in the way, before any render starts:
//   per client  each client (clientAddress.mjs: what the platform vouches for) may cause a burst of renders, then a
//               few a second; past that its requests for pages not kept are answered 429, with when to come back. A
//               page kept, or a render another request started, costs nothing and is never refused.
//   in flight   at most so many renders run at once, visitors' and background refreshes alike; a few more wait for
//               their turn, in order. Past that, a visitor gets the page's prerendered file at once (its sections
//               render in the browser) and a refresh waits for the next visitor.
// So one client's flood is slowed to its own allowance, many clients' to what the server renders at once, and the
// pages kept for everyone else are served as fast as ever.

export const renderLimits = {
  /** Renders running at once. */
  inFlight: 4,
  /** Renders waiting for one of those to finish. */
  waiting: 16,
  /** The renders one client may cause: `burst` at once, then `perSecond` (undefined: no limit per client). */
  perClient: { burst: 20, perSecond: 2 },
  /** Clients remembered at most; the longest unseen are forgotten first (they are back to a full allowance). */
  clients: 10_000,
};

/** What `run` answers when too many renders wait already. */
export const busy = Symbol('busy');

export class RenderLimiter {
  #running = 0;
  /** @type {(() => void)[]} */
  #waiting = [];
  /** @type {Map<string, { tokens: number, at: number }>} in order of last use */
  #clients = new Map();

  /** @param {typeof renderLimits} [limits] @param {() => number} [now] */
  constructor(limits = renderLimits, now = () => Date.now()) {
    this.limits = limits;
    this.now = now;
  }

  /**
   * Takes one render from the client's allowance.
   * @returns {number} 0 when taken; otherwise the seconds until the client has one again
   */
  take(client) {
    const allowance = this.limits.perClient;
    if (!allowance) return 0;
    const now = this.now();
    const kept = this.#clients.get(client);
    const tokens = kept
      ? Math.min(allowance.burst, kept.tokens + ((now - kept.at) / 1000) * allowance.perSecond)
      : allowance.burst;
    this.#clients.delete(client);
    if (tokens < 1) {
      this.#clients.set(client, { tokens, at: now });
      return Math.max(1, Math.ceil((1 - tokens) / allowance.perSecond));
    }
    this.#clients.set(client, { tokens: tokens - 1, at: now });
    if (this.#clients.size > this.limits.clients) this.#clients.delete(this.#clients.keys().next().value);
    return 0;
  }

  /** Renders under way and waiting now. */
  get load() {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /**
   * Runs the render in its turn: at once while fewer than `inFlight` run, after those ahead of it otherwise.
   * @template T
   * @param {() => Promise<T>} render
   * @returns {Promise<T | typeof busy>} `busy`, at once, when `waiting` renders wait already
   */
  async run(render) {
    if (this.#running >= this.limits.inFlight) {
      if (this.#waiting.length >= this.limits.waiting) return busy;
      await new Promise((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await render();
    } finally {
      // The turn passes to the first waiting, or is given back.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
