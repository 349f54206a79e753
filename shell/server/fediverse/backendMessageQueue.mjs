// Fedify's message queue in the table public.fediverse_messages, through its functions: deliveries to followers (each
// signed when it is sent, retried with Fedify's backoff), fan-outs, and activities received. It survives restarts (the
// rows are the queue) and any number of the site's servers may work on it at once.
//
// The contract, end to end:
// - enqueue: a message is a row, due after its delay; messages with the same ordering key are handed out in order.
// - claim: a worker takes up to `batch` due messages under one new token with a lease (leaseSeconds), renewed every
//   third of it while their work goes on. A worker that stops without a word loses its claims when the lease runs
//   out, and another worker takes them.
// - finish: when a message's work is done, it is deleted, and the messages its work queued (a delivery's retry, the
//   deliveries of a fan-out, the Accept a Follow is answered with) are inserted in the same transaction: whatever
//   moment a worker stops at, either the message is still there (and its work is done again) or what came of it is,
//   never both. The one thing done twice is then a delivery whose answer came between the last renewal and the
//   stop: receivers take each activity once by its id.
// - release: work that throws, or that is still going when the worker is told to stop (after drainMs), leaves the
//   message to be claimed again (after retryAfterSeconds when it threw), and drops what it had queued.
// - unitOfWork: the same holds for work outside a message (the publisher's post): what it queues is handed back to
//   be inserted by the caller's own transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import { callFunction } from './serviceCalls.mjs';

/** @typedef {{ message: unknown, delay_ms: number, ordering_key: string | null }} QueuedMessage */

/** @param {{ delay?: Temporal.Duration, orderingKey?: string } | undefined} options */
const entryOptions = (options) => ({
  delay_ms: options?.delay == null ? 0 : Math.max(0, options.delay.total('millisecond')),
  ordering_key: options?.orderingKey ?? null,
});

/** @implements {import('@fedify/fedify').MessageQueue} */
export class BackendMessageQueue {
  /** Fedify retries (its outbox and inbox policies); the queue only keeps what it is given. */
  nativeRetrial = false;

  /** @type {AsyncLocalStorage<QueuedMessage[]>} */
  #unit = new AsyncLocalStorage();
  /** @type {Set<() => void>} */
  #wakers = new Set();

  /**
   * @param {import('./serviceCalls.mjs').ServiceBackend} backend
   * @param {object} [options]
   * @param {number} [options.leaseSeconds] how long a claim holds without renewal (default 60)
   * @param {number} [options.pollIntervalMs] how often an idle worker looks for due messages (default 2000)
   * @param {number} [options.concurrency] messages worked on at once (default 4: the work is waiting on the network)
   * @param {number} [options.drainMs] how long a stopping worker lets work under way finish (default 10000)
   * @param {number} [options.retryAfterSeconds] when work that threw is tried again (default 30)
   * @param {(error: unknown) => void} [options.log]
   */
  constructor(
    backend,
    {
      leaseSeconds = 60,
      pollIntervalMs = 2000,
      concurrency = 4,
      drainMs = 10_000,
      retryAfterSeconds = 30,
      log = (error) => console.error('[fediverse] queue:', error),
    } = {},
  ) {
    this.backend = backend;
    this.options = { leaseSeconds, pollIntervalMs, concurrency, drainMs, retryAfterSeconds };
    this.log = log;
  }

  /** @param {unknown} message @param {{ delay?: Temporal.Duration, orderingKey?: string }} [options] */
  async enqueue(message, options) {
    await this.#add([{ message, ...entryOptions(options) }]);
  }

  /** @param {readonly unknown[]} messages @param {{ delay?: Temporal.Duration, orderingKey?: string }} [options] */
  async enqueueMany(messages, options) {
    await this.#add(messages.map((message) => ({ message, ...entryOptions(options) })));
  }

  /**
   * Runs `work`, keeping what it queues instead of queuing it: the caller inserts that in its own transaction.
   * @template T
   * @param {() => Promise<T>} work
   * @returns {Promise<{ result: T, queued: QueuedMessage[] }>}
   */
  async unitOfWork(work) {
    /** @type {QueuedMessage[]} */
    const queued = [];
    const result = await this.#unit.run(queued, work);
    return { result, queued };
  }

  /** Messages inserted elsewhere (by a caller's transaction): the workers look at once. */
  wake() {
    for (const wake of this.#wakers) wake();
  }

  /** @param {QueuedMessage[]} entries */
  async #add(entries) {
    if (entries.length === 0) return;
    const unit = this.#unit.getStore();
    if (unit) {
      unit.push(...entries);
      return;
    }
    await callFunction(this.backend, 'fediverse_enqueue', { p_messages: entries });
    this.wake();
  }

  /**
   * Works on due messages until `signal` aborts, then lets the work under way finish (drainMs), gives back what is
   * still going, and returns.
   * @param {(message: any) => Promise<void> | void} handler
   * @param {{ signal?: AbortSignal }} [options]
   */
  async listen(handler, { signal } = {}) {
    const { leaseSeconds, pollIntervalMs, concurrency, drainMs, retryAfterSeconds } = this.options;
    /** @type {Map<number, { token: string, done: Promise<void>, giveBack: () => Promise<void> }>} */
    const working = new Map();
    /** Ends the current wait (a wake-up, a finished message, the stop). */
    let endWait = () => undefined;
    /** A wake-up that came while no wait was on: the next wait is skipped. */
    let woken = false;
    const waker = () => {
      woken = true;
      endWait();
    };
    this.#wakers.add(waker);
    signal?.addEventListener('abort', waker, { once: true });
    const renewal = setInterval(
      () => {
        const byToken = new Map();
        for (const [id, { token }] of working) byToken.set(token, [...(byToken.get(token) ?? []), id]);
        for (const [token, ids] of byToken) {
          callFunction(this.backend, 'renew_fediverse_messages', {
            p_ids: ids,
            p_claim_token: token,
            p_lease_seconds: leaseSeconds,
          }).catch(this.log);
        }
      },
      (leaseSeconds * 1000) / 3,
    );

    /** @param {{ id: number, claim_token: string }} row @param {'done' | 'failed' | 'released'} outcome */
    const finish = (row, outcome, then = []) =>
      callFunction(this.backend, 'finish_fediverse_message', {
        p_id: row.id,
        p_claim_token: row.claim_token,
        p_then: outcome === 'done' ? then : [],
        p_release: outcome !== 'done',
        p_retry_after_seconds: outcome === 'failed' ? retryAfterSeconds : 0,
      }).then(() => {
        if (outcome === 'done' && then.length > 0) this.wake();
      }, this.log);

    /** @param {{ id: number, message: unknown, claim_token: string }} row */
    const work = (row) => {
      /** @type {QueuedMessage[]} */
      const then = [];
      let finished;
      const once = (outcome) => (finished ??= finish(row, outcome, then));
      const done = this.#unit
        .run(then, async () => handler(row.message))
        .then(
          () => once('done'),
          (error) => {
            this.log(error);
            return once('failed');
          },
        )
        .finally(() => {
          working.delete(row.id);
          waker();
        });
      working.set(row.id, { token: row.claim_token, done, giveBack: () => once('released') });
    };

    try {
      while (!signal?.aborted) {
        const room = concurrency - working.size;
        /** @type {{ id: number, message: unknown, claim_token: string }[]} */
        let claimed = [];
        if (room > 0) {
          try {
            claimed = await callFunction(this.backend, 'claim_fediverse_messages', {
              p_limit: room,
              p_lease_seconds: leaseSeconds,
            });
          } catch (error) {
            this.log(error);
          }
        }
        if (signal?.aborted) {
          // Claimed as the stop came: given back at once.
          await Promise.all(claimed.map((row) => finish(row, 'released')));
          break;
        }
        for (const row of claimed) work(row);
        // A full batch: there may be more at once. Otherwise wait for a wake-up, a finished message or the interval.
        if (claimed.length > 0 && claimed.length === room) continue;
        if (woken) {
          woken = false;
          continue;
        }
        await new Promise((resolve) => {
          const timer = setTimeout(() => endWait(), pollIntervalMs);
          endWait = () => {
            clearTimeout(timer);
            endWait = () => undefined;
            resolve(undefined);
          };
        });
        woken = false;
      }
    } finally {
      signal?.removeEventListener('abort', waker);
      let late;
      const lateness = new Promise((resolve) => (late = setTimeout(resolve, drainMs)));
      await Promise.race([Promise.all([...working.values()].map(({ done }) => done)), lateness]);
      clearTimeout(late);
      await Promise.all([...working.values()].map(({ giveBack }) => giveBack()));
      clearInterval(renewal);
      this.#wakers.delete(waker);
    }
  }
}
