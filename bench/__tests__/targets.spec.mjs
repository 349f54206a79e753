import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lcpRatiosToHome, routeTargets, targetCell } from '../targets.mjs';

const good = { score: 99, lcpMs: 1200, tbtMs: 50, cls: 0.02, jsGzipKB: 150 };

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
  });
});

describe('routeTargets', () => {
  it('meets every target at its limit', () => {
    assert.deepEqual(
      routeTargets(good, 1.3).map((check) => check.met),
      [true, true, true, true, true, true],
    );
  });

  it('misses each target just past its limit', () => {
    const missed = routeTargets({ score: 98, lcpMs: 1201, tbtMs: 51, cls: 0.021, jsGzipKB: 150.1 }, 1.31);
    assert.deepEqual(
      missed.map((check) => [check.target, check.met]),
      [
        ['score ≥ 99', false],
        ['LCP ≤ 1200 ms', false],
        ['TBT ≤ 50 ms', false],
        ['CLS ≤ 0.02', false],
        ['JS ≤ 150 KB', false],
        ['devtools LCP ≤ 1.3× /', false],
      ],
    );
  });

  it('never counts a figure that was not measured as met', () => {
    const [devtools] = routeTargets(good, undefined).slice(-1);
    assert.equal(devtools.met, undefined);
    assert.equal(targetCell(devtools), 'not measured');
    assert.equal(targetCell({ value: 1590, met: false }), '1590 MISSED');
    assert.equal(targetCell({ value: 99, met: true }), '99 met');
  });
});
