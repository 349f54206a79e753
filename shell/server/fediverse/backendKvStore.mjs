// Fedify's key-value store (the remote documents and public keys it caches, the activities it has taken, what each
// remote server's deliveries did lately) in the table public.fediverse_kv, through its functions: every instance of
// the site's server shares it. A key is an array of strings; a value is JSON; an expiry is a time to live. Fedify's
// compare-and-swap holds across instances (one transaction, under a lock on the key).
import { callFunction } from './serviceCalls.mjs';

/** @typedef {import('@fedify/fedify').KvStore} KvStore */
/** @typedef {import('@fedify/fedify').KvKey} KvKey */

/** @param {{ ttl?: Temporal.Duration } | undefined} options */
const ttlSeconds = (options) => (options?.ttl == null ? null : options.ttl.total('millisecond') / 1000);

/** A value as stored: JSON (Fedify keeps only JSON values; undefined is no value). */
const stored = (value) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** @implements {KvStore} */
export class BackendKvStore {
  /** @param {import('./serviceCalls.mjs').ServiceBackend} backend */
  constructor(backend) {
    this.backend = backend;
  }

  /** @param {KvKey} key */
  async get(key) {
    const rows = await callFunction(this.backend, 'fediverse_kv_get', { p_key: key });
    return rows.length === 0 ? undefined : rows[0].value;
  }

  /** @param {KvKey} key @param {unknown} value @param {{ ttl?: Temporal.Duration }} [options] */
  async set(key, value, options) {
    await callFunction(this.backend, 'fediverse_kv_set', {
      p_key: key,
      p_value: stored(value),
      p_ttl_seconds: ttlSeconds(options),
    });
  }

  /** @param {KvKey} key */
  async delete(key) {
    await callFunction(this.backend, 'fediverse_kv_set', { p_key: key, p_value: null, p_delete: true });
  }

  /**
   * Writes `newValue` only when the key holds `expectedValue` now (undefined: no value); a new value of undefined
   * deletes the key.
   * @param {KvKey} key @param {unknown} expectedValue @param {unknown} newValue
   * @param {{ ttl?: Temporal.Duration }} [options]
   */
  async cas(key, expectedValue, newValue, options) {
    return callFunction(this.backend, 'fediverse_kv_set', {
      p_key: key,
      p_value: stored(newValue),
      p_ttl_seconds: ttlSeconds(options),
      p_delete: newValue === undefined,
      p_compare: true,
      p_expected_present: expectedValue !== undefined,
      p_expected: stored(expectedValue),
    });
  }

  /** @param {KvKey} [prefix] */
  async *list(prefix) {
    const rows = await callFunction(this.backend, 'fediverse_kv_list', { p_prefix: prefix ?? [] });
    for (const row of rows) yield { key: row.key, value: row.value };
  }
}
