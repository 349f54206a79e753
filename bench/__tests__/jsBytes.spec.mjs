import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { placeScripts } from '../jsBytes.mjs';

// The page's log, in its own order and on its own clock (ms): the scripts it inserts, its load event, its idle mark.
const script = (url, at) => ({ kind: 'script', url, at });
const load = (at) => ({ kind: 'load', at });
const idle = (at) => ({ kind: 'idle', at });

describe('placeScripts', () => {
  it('places each script by the page’s own order: before its idle mark, or in the window after it', () => {
    const log = [
      script('main.js', 100),
      load(200),
      script('section.js', 250),
      idle(900),
      script('realtime.js', 900),
    ];
    assert.deepEqual(placeScripts(log, ['main.js', 'section.js', 'realtime.js'], 4_000), {
      before: ['main.js', 'section.js'],
      later: ['realtime.js'],
      afterWindow: [],
      idleAfterLoadMs: 700,
    });
  });

  it('counts before idle a script the log did not see (one the HTML names)', () => {
    const log = [load(200), idle(900)];
    assert.deepEqual(placeScripts(log, ['inline-named.js'], 4_000).before, ['inline-named.js']);
  });

  it('counts every script before idle while the page has not marked itself idle', () => {
    const log = [load(200), script('a.js', 300), script('b.js', 5_000)];
    assert.deepEqual(placeScripts(log, ['a.js', 'b.js'], 4_000).before, ['a.js', 'b.js']);
  });

  it('ends the window after idle at its length, and before the sections’ fallback six seconds after load', () => {
    const log = [
      load(0),
      idle(1_000),
      script('ad.js', 1_200),
      script('late.js', 5_500),
      script('teaser.js', 6_000),
    ];
    assert.deepEqual(placeScripts(log, ['ad.js', 'late.js', 'teaser.js'], 4_000), {
      before: [],
      later: ['ad.js'],
      afterWindow: ['late.js', 'teaser.js'],
      idleAfterLoadMs: 1_000,
    });
    assert.deepEqual(placeScripts(log, ['ad.js', 'late.js', 'teaser.js'], 10_000).later, [
      'ad.js',
      'late.js',
    ]);
  });

  it('places a script the page asked for twice by its first asking', () => {
    const log = [load(0), script('chunk.js', 100), idle(800), script('chunk.js', 900)];
    assert.deepEqual(placeScripts(log, ['chunk.js'], 4_000).before, ['chunk.js']);
  });
});
