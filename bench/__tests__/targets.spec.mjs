import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lcpRatio, lcpRatiosToHome, routeTargets, targetCell } from '../targets.mjs';

const good = { score: 100, fcpMs: 800, lcpMs: 1100, tbtMs: 30, cls: 0, jsGzipKB: 150 };

describe('lcpRatiosToHome', () => {
  it('divides every route’s LCP by the home page’s', () => {
    assert.deepEqual(
      lcpRatiosToHome([
        { route: '/', lcpMs: 1400 },
        { route: '/portfolio', lcpMs: 4310 },
        { route: '/courses', lcpMs: 1400 },
      ]),
      { '/': 1, '/portfolio': 3.08, '/courses': 1 },
    );
  });

  it('has no ratio without a home page run', () => {
    assert.deepEqual(lcpRatiosToHome([{ route: '/about', lcpMs: 2000 }]), { '/about': undefined });
    assert.equal(lcpRatio(1000, undefined), undefined);
  });
});

describe('routeTargets', () => {
  it('meets every target at its limit', () => {
    assert.deepEqual(
      routeTargets(good, 1000).map((check) => check.met),
      [true, true, true, true, true, true],
    );
  });

  it('misses each target just past its limit', () => {
    const missed = routeTargets(
      { score: 99, fcpMs: 801, lcpMs: 1110, tbtMs: 31, cls: 0.001, jsGzipKB: 150.1 },
      1000,
    );
    assert.deepEqual(
      missed.map((check) => [check.target, check.met]),
      [
        ['score ≥ 100', false],
        ['FCP ≤ 800 ms', false],
        ['LCP ≤ 1.1× static', false],
        ['TBT ≤ 30 ms', false],
        ['CLS ≤ 0', false],
        ['JS ≤ 150 KB', false],
      ],
    );
  });

  it('never counts a figure that was not measured as met', () => {
    const ratio = routeTargets(good, undefined)[2];
    assert.equal(ratio.met, undefined);
    assert.equal(targetCell(ratio), 'not measured');
    assert.equal(targetCell({ value: 1590, met: false }), '1590 MISSED');
    assert.equal(targetCell({ value: 100, met: true }), '100 met');
  });
});
