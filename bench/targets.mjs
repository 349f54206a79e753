// The targets of issue 15, and whether a benchmark run meets them. A benchmark, never a test: the bench prints
// these, and nothing fails on them.

export const issue15Targets = {
  /** Lighthouse performance score (mobile, simulated throttling; medians). */
  minScore: 99,
  maxLcpMs: 1200,
  maxTbtMs: 50,
  maxCls: 0.02,
  /** JavaScript before interaction, gzip. */
  maxJsGzipKB: 150,
  /** Under applied throttling (devtools), every route's LCP against the home page's: no page fast for the model only. */
  maxDevtoolsLcpRatio: 1.3,
};

/**
 * Each route's LCP under applied throttling as a ratio to the home page's (undefined without a home page run).
 * @param {{ route: string, lcpMs: number }[]} devtools
 * @returns {Record<string, number | undefined>}
 */
export function lcpRatiosToHome(devtools) {
  const home = devtools.find((run) => run.route === '/')?.lcpMs;
  return Object.fromEntries(
    devtools.map((run) => [run.route, home ? Number((run.lcpMs / home).toFixed(2)) : undefined]),
  );
}

/**
 * The targets one route meets or misses. A figure that was not measured is listed as not measured, never as met.
 * @param {{ score: number, lcpMs: number, tbtMs: number, cls: number, jsGzipKB: number }} simulated medians
 * @param {number | undefined} devtoolsLcpRatio
 * @param {typeof issue15Targets} [targets]
 * @returns {{ target: string, value: number | undefined, met: boolean | undefined }[]}
 */
export function routeTargets(simulated, devtoolsLcpRatio, targets = issue15Targets) {
  return [
    {
      target: `score ≥ ${targets.minScore}`,
      value: simulated.score,
      met: simulated.score >= targets.minScore,
    },
    {
      target: `LCP ≤ ${targets.maxLcpMs} ms`,
      value: simulated.lcpMs,
      met: simulated.lcpMs <= targets.maxLcpMs,
    },
    {
      target: `TBT ≤ ${targets.maxTbtMs} ms`,
      value: simulated.tbtMs,
      met: simulated.tbtMs <= targets.maxTbtMs,
    },
    { target: `CLS ≤ ${targets.maxCls}`, value: simulated.cls, met: simulated.cls <= targets.maxCls },
    {
      target: `JS ≤ ${targets.maxJsGzipKB} KB`,
      value: simulated.jsGzipKB,
      met: simulated.jsGzipKB <= targets.maxJsGzipKB,
    },
    {
      target: `devtools LCP ≤ ${targets.maxDevtoolsLcpRatio}× /`,
      value: devtoolsLcpRatio,
      met: devtoolsLcpRatio === undefined ? undefined : devtoolsLcpRatio <= targets.maxDevtoolsLcpRatio,
    },
  ];
}

/** One table cell: the figure and whether it meets its target. */
export function targetCell({ value, met }) {
  if (met === undefined) return 'not measured';
  return `${value} ${met ? 'met' : 'MISSED'}`;
}
