// The targets of issue 20 (HTML first), and whether a benchmark run meets them. A benchmark, never a test: the bench
// prints these, and nothing fails on them.

export const htmlFirstTargets = {
  /** Lighthouse performance score (mobile, simulated throttling; medians). */
  minScore: 100,
  maxFcpMs: 800,
  /** LCP against the route's own server-rendered HTML with its scripts stripped, in the same run (bench/staticReference.mjs). */
  maxLcpRatioToStatic: 1.1,
  maxTbtMs: 30,
  maxCls: 0,
  /** JavaScript before the page is idle, gzip. */
  maxJsGzipKB: 150,
  /** A catalogue search (type and submit) at 4x CPU slowdown, its longest interaction (bench/interactionLatency.mjs). */
  maxSearchInteractionMs: 100,
};

/** A route's LCP as a ratio to its static reference's (undefined without one). */
export function lcpRatio(lcpMs, staticLcpMs) {
  return staticLcpMs ? Number((lcpMs / staticLcpMs).toFixed(2)) : undefined;
}

/**
 * Each route's LCP under applied throttling as a ratio to the home page's (undefined without a home page run).
 * @param {{ route: string, lcpMs: number }[]} devtools
 * @returns {Record<string, number | undefined>}
 */
export function lcpRatiosToHome(devtools) {
  const home = devtools.find((run) => run.route === '/')?.lcpMs;
  return Object.fromEntries(devtools.map((run) => [run.route, lcpRatio(run.lcpMs, home)]));
}

/**
 * The targets one route meets or misses. A figure that was not measured is listed as not measured, never as met.
 * @param {{ score: number, fcpMs: number, lcpMs: number, tbtMs: number, cls: number, jsGzipKB: number }} simulated medians
 * @param {number | undefined} staticLcpMs the median LCP of the route's static reference
 * @param {typeof htmlFirstTargets} [targets]
 * @returns {{ target: string, value: number | undefined, met: boolean | undefined }[]}
 */
export function routeTargets(simulated, staticLcpMs, targets = htmlFirstTargets) {
  const ratio = lcpRatio(simulated.lcpMs, staticLcpMs);
  return [
    {
      target: `score ≥ ${targets.minScore}`,
      value: simulated.score,
      met: simulated.score >= targets.minScore,
    },
    {
      target: `FCP ≤ ${targets.maxFcpMs} ms`,
      value: simulated.fcpMs,
      met: simulated.fcpMs <= targets.maxFcpMs,
    },
    {
      target: `LCP ≤ ${targets.maxLcpRatioToStatic}× static`,
      value: ratio,
      met: ratio === undefined ? undefined : ratio <= targets.maxLcpRatioToStatic,
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
  ];
}

/** One table cell: the figure and whether it meets its target. */
export function targetCell({ value, met }) {
  if (met === undefined) return 'not measured';
  return `${value} ${met ? 'met' : 'MISSED'}`;
}
