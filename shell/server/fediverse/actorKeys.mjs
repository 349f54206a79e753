// The account's key pairs: RSA (HTTP signatures, which Mastodon checks on every delivery) and Ed25519 (object
// integrity proofs). Made once, by the first server that finds none, and kept in public.fediverse_actor_keys, so every
// instance of the site's server signs with the same keys, and they stay the same across restarts and deploys (a
// follower's server keeps the public key it first fetched).
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { callFunction } from './serviceCalls.mjs';

const algorithms = ['RSASSA-PKCS1-v1_5', 'Ed25519'];

/**
 * The stored key pairs, made and stored first when there are none (two servers starting at once store one pair).
 * @param {import('./serviceCalls.mjs').ServiceBackend} backend
 * @returns {Promise<CryptoKeyPair[]>} the RSA pair first
 */
export async function accountKeyPairs(backend) {
  let rows = await callFunction(backend, 'fediverse_actor_keys', {});
  const missing = algorithms.filter((algorithm) => !rows.some((row) => row.algorithm === algorithm));
  if (missing.length > 0) {
    const candidates = await Promise.all(
      missing.map(async (algorithm) => {
        const pair = await generateCryptoKeyPair(algorithm);
        return {
          algorithm,
          private_key: await exportJwk(pair.privateKey),
          public_key: await exportJwk(pair.publicKey),
        };
      }),
    );
    rows = await callFunction(backend, 'fediverse_actor_keys', { p_candidates: candidates });
  }
  const byAlgorithm = new Map(rows.map((row) => [row.algorithm, row]));
  return Promise.all(
    algorithms.map(async (algorithm) => {
      const row = byAlgorithm.get(algorithm);
      return {
        privateKey: await importJwk(row.private_key, 'private'),
        publicKey: await importJwk(row.public_key, 'public'),
      };
    }),
  );
}
