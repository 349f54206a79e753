// A rough per-request figure, so a slow change shows up: 40 typical reads through supabase-js.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anonClient } from '../support/localSupabase.ts';

describe('latency', () => {
  it('answers a typical read in well under 100 ms (median)', async () => {
    const anon = await anonClient();
    const timings: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const started = performance.now();
      const { error } = await anon
        .from('videos')
        .select('*')
        .order('view_count', { ascending: false, nullsFirst: false })
        .limit(12);
      timings.push(performance.now() - started);
      assert.equal(error, null);
    }
    timings.sort((a, b) => a - b);
    const median = timings[Math.floor(timings.length / 2)] ?? Infinity;
    const p90 = timings[Math.floor(timings.length * 0.9)] ?? Infinity;
    console.log(`# per-request latency: median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms`);
    assert.ok(median < 100, `median ${median.toFixed(1)} ms`);
  });
});
