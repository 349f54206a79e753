import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { catalogueTargets, lcpRatio, lcpRatiosToHome, routeTargets, targetCell } from '../targets.mjs';

const good = { score: 100, fcpMs: 800, lcpMs: 1050, tbtMs: 250, cls: 0, jsGzipKB: 150 };
const reference = { lcpMs: 1000, tbtMs: 200 };

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
  it('meets every target at its limit, TBT counted above the static reference’s own', () => {
    assert.deepEqual(
      routeTargets(good, reference).map((check) => [check.target, check.value, check.met]),
      [
        ['score ≥ 100', 100, true],
        ['FCP ≤ 800 ms', 800, true],
        ['LCP ≤ 1.05× static', 1.05, true],
        ['TBT ≤ static + 50 ms', 50, true],
        ['CLS ≤ 0', 0, true],
        ['JS ≤ 150 KB', 150, true],
      ],
    );
  });

  it('misses each target just past its limit', () => {
    const missed = routeTargets(
      { score: 99, fcpMs: 801, lcpMs: 1060, tbtMs: 251, cls: 0.001, jsGzipKB: 150.1 },
      reference,
    );
    assert.deepEqual(
      missed.map((check) => check.met),
      [false, false, false, false, false, false],
    );
  });

  it('asks 50 ms at most of a page whose reference blocks nothing', () => {
    assert.equal(routeTargets({ ...good, tbtMs: 50 }, { lcpMs: 1000, tbtMs: 0 })[3]?.met, true);
    assert.equal(routeTargets({ ...good, tbtMs: 51 }, { lcpMs: 1000, tbtMs: 0 })[3]?.met, false);
  });

  it('asks a score of 95 of the run with both cores busy, 100 of the quiet one', () => {
    assert.deepEqual(routeTargets({ ...good, score: 95 }, reference, { loaded: true })[0], {
      target: 'score ≥ 95',
      value: 95,
      met: true,
    });
    assert.equal(routeTargets({ ...good, score: 94 }, reference, { loaded: true })[0]?.met, false);
    assert.equal(routeTargets({ ...good, score: 99 }, reference)[0]?.met, false);
  });

  it('never counts a figure that was not measured as met', () => {
    const unmeasured = routeTargets({ ...good, jsGzipKB: undefined }, undefined);
    assert.deepEqual(
      unmeasured.filter((check) => check.met === undefined).map((check) => check.target),
      ['LCP ≤ 1.05× static', 'TBT ≤ static + 50 ms', 'JS ≤ 150 KB'],
    );
    assert.equal(targetCell(unmeasured[2]), 'not measured');
    assert.equal(targetCell({ value: 1590, met: false }), '1590 MISSED');
    assert.equal(targetCell({ value: 100, met: true }), '100 met');
  });
});

describe('catalogueTargets', () => {
  it('asks /portfolio to stay flat from the fewest projects to the most', () => {
    const flat = catalogueTargets([
      { projects: 1000, htmlKB: 66, tbtMs: 230 },
      { projects: 10, htmlKB: 60, tbtMs: 200 },
      { projects: 100, htmlKB: 66, tbtMs: 210 },
    ]);
    assert.deepEqual(
      flat.map((check) => [check.target, check.value, check.met]),
      [
        ['HTML at 1000 ≤ 1.1× at 10', 1.1, true],
        ['TBT at 1000 ≤ at 10 + 50 ms', 30, true],
      ],
    );
    const growing = catalogueTargets([
      { projects: 10, htmlKB: 45, tbtMs: 200 },
      { projects: 1000, htmlKB: 713, tbtMs: 900 },
    ]);
    assert.deepEqual(
      growing.map((check) => check.met),
      [false, false],
    );
    assert.deepEqual(catalogueTargets([{ projects: 10, htmlKB: 45, tbtMs: 200 }]), []);
  });
});
