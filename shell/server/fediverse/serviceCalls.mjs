// The fediverse account's calls to the backend: the database functions of its migration (20261122000550_fediverse), called
// through the Data API with the project's secret key, which only the site's server holds (never a page). A call that
// fails throws with the function's name and the backend's answer, so the caller (Fedify's queue, the publisher) retries.
import { backendKeyHeaders } from '@site/shared-ui/backendKey';

/** How long one call may take before it is given up (the backend is near: a stuck call is a fault, not a wait). */
const callTimeoutMs = 15_000;

export class BackendCallError extends Error {
  /**
   * @param {string} name
   * @param {number} status
   * @param {string} body
   */
  constructor(name, status, body) {
    super(`${name}: ${status} ${body.slice(0, 300)}`);
    this.name = 'BackendCallError';
    this.status = status;
  }
}

/**
 * @typedef {{ url: string, secretKey: string }} ServiceBackend the backend's URL and a secret key (sb_secret_..., or a
 *   legacy service-role JWT)
 */

/**
 * Calls a database function (POST /rest/v1/rpc/<name>) and returns its answer, parsed.
 * @param {ServiceBackend} backend
 * @param {string} name
 * @param {Record<string, unknown>} args
 * @returns {Promise<any>}
 */
export async function callFunction(backend, name, args = {}) {
  const response = await fetch(`${backend.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { ...backendKeyHeaders(backend.secretKey), 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(callTimeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new BackendCallError(name, response.status, text);
  return text === '' ? null : JSON.parse(text);
}
