// Sends the account's new posts: each row of public.fediverse_posts (queued by the trigger of the video, course or
// issue that made it new) becomes a Create of its Note or Article, addressed to the public and the followers and
// delivered to every follower's server (its shared inbox where it has one) through the queue. A post is claimed (a
// token, a lease), its deliveries are made by Fedify (one per inbox, each signed when it is sent), and they are queued
// by the same transaction that marks the post sent (finish_fediverse_post): a post is sent once, whenever the server
// stops. A post that fails to be made (the backend answered an error) is tried again a minute later.
import { callFunction } from './serviceCalls.mjs';

/**
 * @param {object} options
 * @param {ReturnType<typeof import('./siteFederation.mjs').createSiteFederation>} options.site
 * @param {import('./serviceCalls.mjs').ServiceBackend} options.backend
 * @param {number} [options.pollIntervalMs] how often it looks for new posts (default 2000)
 * @param {number} [options.leaseSeconds] how long a claim on a post holds (default 60)
 * @param {(line: string) => void} [options.log]
 */
export function postPublisher({ site, backend, pollIntervalMs = 2000, leaseSeconds = 60, log }) {
  const say = log ?? ((line) => console.log(`[fediverse] ${line}`));

  /** Sends what is pending now; how many posts went. */
  async function publishPending() {
    const claimed = await callFunction(backend, 'claim_fediverse_posts', {
      p_limit: 10,
      p_lease_seconds: leaseSeconds,
    });
    let sent = 0;
    for (const post of claimed) {
      try {
        const ctx = site.internalContext();
        const { queued } = await site.queue.unitOfWork(() =>
          ctx.sendActivity({ identifier: site.profile.handle }, 'followers', site.createActivity(ctx, post), {
            preferSharedInbox: true,
          }),
        );
        const finished = await callFunction(backend, 'finish_fediverse_post', {
          p_id: post.id,
          p_claim_token: post.claim_token,
          p_messages: queued,
        });
        if (finished) {
          sent += 1;
          site.queue.wake();
          say(
            `posted the ${post.kind} ${post.id}: ${queued.length} deliver${queued.length === 1 ? 'y' : 'ies'} queued`,
          );
        }
      } catch (error) {
        say(`the ${post.kind} ${post.id} waits: ${error instanceof Error ? error.message : error}`);
        await callFunction(backend, 'finish_fediverse_post', {
          p_id: post.id,
          p_claim_token: post.claim_token,
          p_error: String(error instanceof Error ? error.message : error),
        }).catch(() => undefined);
      }
    }
    return sent;
  }

  /** Looks for new posts until the signal aborts. */
  async function run(signal) {
    while (!signal.aborted) {
      try {
        await publishPending();
      } catch (error) {
        say(`posts: ${error instanceof Error ? error.message : error}`);
      }
      await new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve(undefined);
        };
        const timer = setTimeout(done, pollIntervalMs);
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  return { publishPending, run };
}
